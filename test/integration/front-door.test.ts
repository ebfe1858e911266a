/**
 * One front door (front-door/envelope.ts): the site's address and origin are worked out once a
 * request, whichever way answers it; and one place finishes a request (finishRequest): a probe,
 * a page-cache hit and a rendered page each leave exactly one access-log line, with the fields
 * docs/support.md lists in their order, and exactly one request observation in the metrics. So do
 * the admission's 503 and every answer of the metrics port (its lines say `port: "metrics"`, its
 * observations the reserved site label `_metrics_port`).
 */
import { EventEmitter, once } from 'node:events';
import type { ServerResponse } from 'node:http';
import request from 'supertest';
import * as hostRules from '../../src/server/routing/host';
import * as siteUrls from '../../src/server/routing/site-urls';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { noMetrics, type Metrics, type RequestObservation } from '../../src/server/observability/metrics';
import type { LogLine } from '../support/logs';
import { useTestApp, type TestApp } from '../support/test-app';
import { CRAWLER } from '../support/user-agents';

const observed: RequestObservation[] = [];
const metrics: Metrics = { ...noMetrics, observeRequest: (observation) => observed.push(observation) };
const TOKEN = 'front-door-test-token-0123456789abcdef';
const t = useTestApp({ pageCache: createPageCache({ freshMs: 600_000, staleMs: 600_000, maxBytes: 10 * 1024 * 1024 }), metrics, env: { METRICS_PORT: '0', PURGE_TOKEN: TOKEN } });
/** One page in progress at most and no queue: a second page is shed. */
const busy = useTestApp({ metrics, env: { MAX_IN_FLIGHT_REQUESTS: '1', MAX_QUEUED_REQUESTS: '0' } });
beforeEach(() => {
  observed.length = 0;
});

/** The access-log lines of one request, parsed, with their keys in the order they were written. */
function accessLinesOf(reqId: string | undefined, app: TestApp = t): { line: LogLine; keys: string[] }[] {
  return app.logs.raw
    .map((raw) => JSON.parse(raw) as LogLine)
    .filter((line) => line.msg === 'request completed' && line.reqId === reqId)
    .map((line) => ({ line, keys: Object.keys(line) }));
}

const get = (path: string) => request(t.app).get(path).set('Host', 'example.com').set('User-Agent', CRAWLER);

/** Exactly one access line for the answer, with these keys in this order and these values; exactly one observation. */
function expectFinishedOnce(res: request.Response, keys: string[], fields: Record<string, unknown>, observation: Partial<RequestObservation>, app: TestApp = t): void {
  const lines = accessLinesOf(res.headers['x-request-id'], app);
  expect(lines.map((line) => line.keys)).toEqual([keys]);
  expect(lines[0]?.line).toMatchObject(fields);
  expect(observed).toEqual([expect.objectContaining(observation)]);
}

const WITHOUT_SITE = ['level', 'time', 'reqId', 'method', 'path', 'status', 'responseTime', 'msg'];

describe('the access-log line', () => {
  it('a probe: one line without a site, one observation', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expectFinishedOnce(res, WITHOUT_SITE, { level: 30, method: 'GET', path: '/healthz', status: 200 }, { route: 'healthz', site: '_none', status: 200 });
  });

  it('a rendered page: one line naming the site and its setting, one observation', async () => {
    const res = await get('/article-2?utm_source=x');
    expect(res.status).toBe(200);
    expect(res.headers['x-page-cache']).toBe('miss');
    const keys = ['level', 'time', 'reqId', 'host', 'siteKey', 'method', 'path', 'status', 'settingSource', 'responseTime', 'msg'];
    expectFinishedOnce(res, keys, { level: 30, host: 'example.com', siteKey: 'example', method: 'GET', path: '/article-2', status: 200, settingSource: 'domain' }, { route: 'article', site: 'example', status: 200 });
  });

  it('a page-cache hit: one line naming the site and the hit, one observation', async () => {
    // Kept on its second request (the first is only remembered), a hit from the third on.
    await get('/article-3');
    await get('/article-3');
    observed.length = 0;
    const res = await get('/article-3');
    expect(res.headers['x-page-cache']).toBe('hit');
    const keys = ['level', 'time', 'reqId', 'host', 'siteKey', 'method', 'path', 'status', 'pageCache', 'responseTime', 'msg'];
    expectFinishedOnce(res, keys, { level: 30, host: 'example.com', siteKey: 'example', method: 'GET', path: '/article-3', status: 200, pageCache: 'hit' }, { route: 'article', site: 'example', status: 200 });
  });

  it('a malformed host: one line without a site (it named none), one observation', async () => {
    const res = await request(t.app).get('/article-2').set('Host', 'bad host');
    expect(res.status).toBe(400);
    expectFinishedOnce(res, WITHOUT_SITE, { path: '/article-2', status: 400 }, { route: 'unrouted', site: '_none', status: 400 });
  });
});

describe('the access-log line of an answer given outside the Express chain', () => {
  it('the admission 503: one info line without a site, marked shed, one observation by the route asked for', async () => {
    // The one slot is held by a page whose content API calls hang until released.
    const held: ServerResponse[] = [];
    const calls = new EventEmitter();
    busy.upstream.override('/api/*', (_req, res) => calls.emit('call', held.push(res)));
    const holding = request(busy.app).get('/').set('Host', 'hang.example.org').then((res) => res.status);
    await once(calls, 'call');
    observed.length = 0;
    const res = await request(busy.app).get('/article-2').set('Host', 'example.com');
    expect(res.status).toBe(503);
    // Info, not error: the load.shed line says why, and a flood of these must not bury the errors.
    const keys = [...WITHOUT_SITE.slice(0, WITHOUT_SITE.indexOf('responseTime')), 'shed', 'responseTime', 'msg'];
    expectFinishedOnce(res, keys, { level: 30, method: 'GET', path: '/article-2', status: 503, shed: true }, { route: 'article', site: '_none', status: 503 }, busy);
    busy.upstream.clearOverrides();
    for (const call of held) call.destroy();
    await holding;
  });

  const ON_METRICS_PORT = ['level', 'time', 'reqId', 'port', 'method', 'path', 'status', 'responseTime', 'msg'];
  const internal = (method: 'get' | 'post', path: string) => request(t.internal)[method](path);
  it.each([
    ['GET /metrics', () => internal('get', '/metrics?x=1'), 200, '/metrics', 'metrics'],
    ['GET /healthz', () => internal('get', '/healthz'), 200, '/healthz', 'healthz'],
    ['an unknown path', () => internal('get', '/nothing-here'), 404, '/nothing-here', 'unrouted'],
    ['a method other than GET', () => internal('post', '/metrics'), 405, '/metrics', 'metrics'],
    ['GET /purge', () => internal('get', '/purge'), 405, '/purge', 'purge'],
    ['POST /purge without its token', () => internal('post', '/purge').send({ all: true }), 401, '/purge', 'purge'],
    ['POST /purge with a malformed body', () => internal('post', '/purge').set('authorization', `Bearer ${TOKEN}`).send({ everything: true }), 400, '/purge', 'purge'],
    ['POST /purge', () => internal('post', '/purge').set('authorization', `Bearer ${TOKEN}`).send({ all: true }), 200, '/purge', 'purge'],
  ])('the metrics port, %s: one line saying the port, one observation under its own site label', async (_name, send, status, path, route) => {
    const res = await send();
    expect(res.status).toBe(status);
    const method = _name.startsWith('POST') || _name.startsWith('a method') ? 'POST' : 'GET';
    expectFinishedOnce(res, ON_METRICS_PORT, { level: 30, port: 'metrics', method, path, status }, { route, site: '_metrics_port', status });
  });
});

describe('the front door', () => {
  afterEach(() => jest.restoreAllMocks());

  it('a miss and a hit each work out the site address and build its origin once', async () => {
    const addressed = jest.spyOn(hostRules, 'siteAddressOf');
    const originBuilt = jest.spyOn(siteUrls, 'siteOrigin');
    const miss = await get('/article-4');
    expect(miss.headers['x-page-cache']).toBe('miss');
    expect({ addressed: addressed.mock.calls.length, originBuilt: originBuilt.mock.calls.length }).toEqual({ addressed: 1, originBuilt: 1 });
    await get('/article-4');
    addressed.mockClear();
    originBuilt.mockClear();
    const hit = await get('/article-4');
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect({ addressed: addressed.mock.calls.length, originBuilt: originBuilt.mock.calls.length }).toEqual({ addressed: 1, originBuilt: 1 });
  });
});
