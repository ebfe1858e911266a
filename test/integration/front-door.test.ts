/**
 * One front door (request/envelope.ts): the site's address and origin are worked out once a
 * request, whichever way answers it; and one place finishes a request (finishRequest): a probe,
 * a page-cache hit and a rendered page each leave exactly one access-log line, with the fields
 * docs/support.md lists in their order, and exactly one request observation in the metrics.
 */
import request from 'supertest';
import * as hostRules from '../../src/server/rules/host';
import * as siteUrls from '../../src/server/rules/site-urls';
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

/** Exactly one access line for the answer, with these keys in this order and these values; exactly one observation. */
function expectFinishedOnce(res: request.Response, keys: string[], fields: Record<string, unknown>, observation: Partial<RequestObservation>): void {
  const lines = accessLinesOf(res.headers['x-request-id']);
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
