/**
 * One place finishes a request (request/envelope.ts, finishRequest): a probe, a page-cache hit
 * and a rendered page each leave exactly one access-log line, with the fields docs/support.md
 * lists in their order, and exactly one request observation in the metrics.
 */
import request from 'supertest';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { noMetrics, type Metrics, type RequestObservation } from '../../src/server/observability/metrics';
import type { LogLine } from '../support/logs';
import { useTestApp } from '../support/test-app';
import { CRAWLER } from '../support/user-agents';

const observed: RequestObservation[] = [];
const metrics: Metrics = { ...noMetrics, observeRequest: (observation) => observed.push(observation) };
const t = useTestApp({ pageCache: createPageCache({ freshMs: 600_000, staleMs: 600_000, maxBytes: 10 * 1024 * 1024 }), metrics });
beforeEach(() => {
  observed.length = 0;
});

/** The access-log lines of one request, parsed, with their keys in the order they were written. */
function accessLinesOf(reqId: string | undefined): { line: LogLine; keys: string[] }[] {
  return t.logs.raw
    .map((raw) => JSON.parse(raw) as LogLine)
    .filter((line) => line.msg === 'request completed' && line.reqId === reqId)
    .map((line) => ({ line, keys: Object.keys(line) }));
}

const get = (path: string) => request(t.app).get(path).set('Host', 'example.com').set('User-Agent', CRAWLER);

describe('the access-log line', () => {
  it('a probe: one line without a site, one observation', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    const lines = accessLinesOf(res.headers['x-request-id']);
    expect(lines.map(({ keys }) => keys)).toEqual([['level', 'time', 'reqId', 'method', 'path', 'status', 'responseTime', 'msg']]);
    expect(lines[0]?.line).toMatchObject({ level: 30, method: 'GET', path: '/healthz', status: 200 });
    expect(observed).toEqual([expect.objectContaining({ route: 'healthz', site: '_none', status: 200 })]);
  });

  it('a rendered page: one line naming the site and its setting, one observation', async () => {
    const res = await get('/article-2?utm_source=x');
    expect(res.status).toBe(200);
    expect(res.headers['x-page-cache']).toBe('miss');
    const lines = accessLinesOf(res.headers['x-request-id']);
    expect(lines.map(({ keys }) => keys)).toEqual([['level', 'time', 'reqId', 'host', 'siteKey', 'method', 'path', 'status', 'settingSource', 'responseTime', 'msg']]);
    expect(lines[0]?.line).toMatchObject({ level: 30, host: 'example.com', siteKey: 'example', method: 'GET', path: '/article-2', status: 200, settingSource: 'domain' });
    expect(observed).toEqual([expect.objectContaining({ route: 'article', site: 'example', status: 200 })]);
  });

  it('a page-cache hit: one line naming the site and the hit, one observation', async () => {
    // Kept on its second request (the first is only remembered), a hit from the third on.
    await get('/article-3');
    await get('/article-3');
    observed.length = 0;
    const res = await get('/article-3');
    expect(res.headers['x-page-cache']).toBe('hit');
    const lines = accessLinesOf(res.headers['x-request-id']);
    expect(lines.map(({ keys }) => keys)).toEqual([['level', 'time', 'reqId', 'host', 'siteKey', 'method', 'path', 'status', 'pageCache', 'responseTime', 'msg']]);
    expect(lines[0]?.line).toMatchObject({ level: 30, host: 'example.com', siteKey: 'example', method: 'GET', path: '/article-3', status: 200, pageCache: 'hit' });
    expect(observed).toEqual([expect.objectContaining({ route: 'article', site: 'example', status: 200 })]);
  });

  it('a malformed host: one line without a site (it named none), one observation', async () => {
    const res = await request(t.app).get('/article-2').set('Host', 'bad host');
    expect(res.status).toBe(400);
    const lines = accessLinesOf(res.headers['x-request-id']);
    expect(lines.map(({ keys }) => keys)).toEqual([['level', 'time', 'reqId', 'method', 'path', 'status', 'responseTime', 'msg']]);
    expect(observed).toEqual([expect.objectContaining({ route: 'unrouted', site: '_none', status: 400 })]);
  });
});
