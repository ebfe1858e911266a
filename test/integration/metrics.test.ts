/** Request and upstream metrics through HTTP, read from the app instance's own registry. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import request from 'supertest';
import { metricsPortHandler } from '../../src/server/front-door/metrics-port';
import { createPrometheusMetrics, type PrometheusMetrics } from '../../src/server/observability/metrics';
import { failWith } from '../support/fake-upstream';
import { startTestApp, type TestApp } from '../support/test-app';

const TEST_BUILD = { version: '1.2.3', commit: '0123456789abcdef0123456789abcdef01234567' };

let t: TestApp;
let metrics: PrometheusMetrics;
beforeAll(async () => {
  metrics = createPrometheusMetrics(TEST_BUILD);
  t = await startTestApp({ metrics });
});
afterAll(() => t.close());
beforeEach(() => {
  t.upstream.clearOverrides();
  metrics.registry.resetMetrics();
});

const count = (text: string, metric: string, labels: string) => Number(new RegExp(`^${metric}\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);

describe('request metrics', () => {
  it('by route name, status class and the key of the configured site', async () => {
    await request(t.app).get('/').set('Host', 'sub.example.com');
    await request(t.app).get('/article-1').set('Host', 'sub.example.com');
    await request(t.app).get('/no-such-article').set('Host', 'sub.example.com');
    const text = await metrics.registry.metrics();
    expect(count(text, 'http_request_duration_seconds_count', 'route="home",status_class="2xx",site="example"')).toBe(1);
    expect(count(text, 'http_request_duration_seconds_count', 'route="article",status_class="2xx",site="example"')).toBe(1);
    expect(count(text, 'http_request_duration_seconds_count', 'route="article",status_class="4xx",site="example"')).toBe(1);
  });

  it('never labels with a host a visitor made up', async () => {
    for (const host of ['made-up-1.example.org', 'x.made-up-2.net', 'made-up-3.test']) await request(t.app).get('/').set('Host', host);
    await request(t.app).get('/').set('Host', 'bad host');
    await request(t.app).get('/healthz');
    const text = await metrics.registry.metrics();
    expect(text).not.toMatch(/made-up/);
    expect(count(text, 'http_request_duration_seconds_count', 'route="home",status_class="2xx",site="_global"')).toBe(3);
    expect(count(text, 'http_request_duration_seconds_count', 'route="unrouted",status_class="4xx",site="_none"')).toBe(1);
    expect(count(text, 'http_request_duration_seconds_count', 'route="healthz",status_class="2xx",site="_none"')).toBe(1);
  });
});

describe('upstream metrics', () => {
  it('time every call by endpoint, and count failures by kind', async () => {
    t.upstream.override('/api/category/get', failWith.status(500));
    t.upstream.override('/api/article/home', failWith.invalidJson());
    await request(t.app).get('/').set('Host', 'sub.example.com');
    const text = await metrics.registry.metrics();
    expect(count(text, 'upstream_request_duration_seconds_count', 'endpoint="/api/subdomains/get",outcome="ok"')).toBe(1);
    expect(count(text, 'upstream_failures_total', 'endpoint="/api/category/get",kind="status"')).toBe(1);
    expect(count(text, 'upstream_failures_total', 'endpoint="/api/article/home",kind="invalid_json"')).toBe(1);
    expect(text).not.toMatch(/sub\.example\.com/);
  });

  it('campaign calls are named by their path, not by the visitor id', async () => {
    await request(t.app).get('/?utm_id=visitor-chosen-id').set('Host', 'inherit.example.com');
    const text = await metrics.registry.metrics();
    expect(count(text, 'upstream_request_duration_seconds_count', 'endpoint="/meta-ms/api/v1/meta-db/campaigns/checkCampaign/:utmId",outcome="ok"')).toBe(1);
    expect(text).not.toContain('visitor-chosen-id');
  });
});

describe('the metrics port', () => {
  let server: Server;
  let base: string;
  const readiness = { ready: true };
  beforeAll(async () => {
    server = createServer(metricsPortHandler({ registry: metrics.registry, readiness, logger: pino({ enabled: false }), metrics }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers /metrics in the Prometheus text format, the probes, and nothing else', async () => {
    const res = await request(base).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect((await request(base).get('/')).status).toBe(404);
    expect((await request(base).post('/metrics')).status).toBe(405);
  });

  it('answers /healthz and /readyz as the public port does, draining included', async () => {
    const healthz = await request(base).get('/healthz');
    expect([healthz.status, healthz.text, healthz.headers['cache-control']]).toEqual([200, 'ok', 'no-store']);
    expect((await request(base).get('/readyz')).status).toBe(200);
    readiness.ready = false;
    try {
      const draining = await request(base).get('/readyz');
      expect([draining.status, draining.text]).toEqual([503, 'shutting down']);
      expect((await request(base).get('/healthz')).status).toBe(200);
    } finally {
      readiness.ready = true;
    }
  });

  it('is not on the public port', async () => {
    const res = await request(t.app).get('/metrics').set('Host', 'sub.example.com');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_request_duration_seconds');
  });
});
