/**
 * One upstream budget per request (issue 15.4): however many lookups a page chains, it stops
 * waiting once the budget is spent and is served from what it has (a fallback) or as a 503 with
 * Retry-After, never after a chain of full per-call timeouts. The data cache's lines are logged
 * on the request's logger.
 */
import request from 'supertest';
import { dataCacheOnTestClock, TEST_TTL_MS } from '../support/data-cache';
import { failWith } from '../support/fake-upstream';
import { parseHtml } from '../support/html';
import type { LogLine } from '../support/logs';
import { useTestApp } from '../support/test-app';
import { trackCalls, type TrackedCalls } from '../support/tracked-calls';
import type { ContentApi } from '../../src/server/content/content-api';

// Each call may take the test app's generous 10 s; the whole request may wait 1 s. What ends a
// hang is read from the logs (a budget timeout names `request-budget:`), not from the elapsed
// time, which measures the machine. The budget still has to cover the calls that succeed
// before the hung one: 1 s leaves a loaded machine room for them.
const BUDGET_MS = 1000;

/** Whether the request's budget, not a call's own timeout, ended the lookup a line reports. */
const endedByBudget = (line: LogLine) => line.kind === 'timeout' && String(line.url).startsWith('request-budget:');

describe('a request whose upstream hangs', () => {
  const t = useTestApp({ env: { REQUEST_UPSTREAM_BUDGET_MS: String(BUDGET_MS) } });

  it('a page whose required article never comes is a 503 with Retry-After within the budget, not the call timeout', async () => {
    t.upstream.override('/api/article/get', failWith.hang());
    const res = await request(t.app).get('/article-2').set('Host', 'sub.example.com');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(t.logs.events('upstream.fetch_failed').some(endedByBudget)).toBe(true);
  });

  it('chained lookups share one budget: everything hanging still answers within it', async () => {
    t.upstream.override('/api/*', failWith.hang());
    const res = await request(t.app).get('/').set('Host', 'sub.example.com');
    expect(res.status).toBe(503);
    // Subdomain and global side by side, then the domain by host: one budget ended them all.
    const failed = t.logs.events('site.lookup_failed');
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(failed.every(endedByBudget)).toBe(true);
  });

  it('a part that does not come in time is left out (menu) and the page is still the site', async () => {
    t.upstream.override('/api/category/get', failWith.hang());
    const res = await request(t.app).get('/').set('Host', 'sub.example.com');
    expect(t.logs.events('upstream.fetch_failed').some(endedByBudget)).toBe(true);
    // Once the budget is spent, the calls after it fail at once too: the page is the site's own, degraded.
    expect(parseHtml(res.text).title).toBe('Sub A');
  });
});

describe('behind the data cache', () => {
  const cached = dataCacheOnTestClock();
  let upstreamCalls: TrackedCalls<ContentApi> | undefined;
  const t = useTestApp({
    dataCache: cached.dataCache,
    wrapApi: (api) => {
      upstreamCalls = trackCalls(api);
      return upstreamCalls.api;
    },
  });

  it('a failed refresh is logged on the logger of the request that made it: the line carries reqId, host and siteKey', async () => {
    const page = () => request(t.app).get('/').set('Host', 'sub.example.com');
    expect((await page()).status).toBe(200);
    cached.advance(TEST_TTL_MS + 1);
    t.upstream.override('/api/*', failWith.status(500));
    t.logs.clear();
    // Past the TTL: the request is answered from the stale values while they are refreshed.
    const res = await page();
    expect(res.status).toBe(200);
    const requestLine = t.logs.lines.find((line) => line.msg === 'request completed');
    expect(requestLine?.reqId).toEqual(expect.any(String));
    await upstreamCalls?.settled(); // the refreshes started by the request have failed
    const failed = t.logs.events('cache.refresh_failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const line of failed) expect(line).toMatchObject({ host: 'sub.example.com', siteKey: expect.any(String), reqId: requestLine?.reqId, status: 500 });
  });
});

describe('a site whose settings the data cache has lost, when the API hangs', () => {
  // Room for four site lookups: three other hosts push the site's two out of the LRU (a flood
  // of random hosts does that to a quiet site); its last-good copies stay.
  const cached = dataCacheOnTestClock({ settingsEntries: 4 });
  const t = useTestApp({ dataCache: cached.dataCache, env: { REQUEST_UPSTREAM_BUDGET_MS: String(BUDGET_MS) } });
  const home = (host: string) => request(t.app).get('/').set('Host', host);

  it('is its own page from its last good settings once the budget stops the wait, never the global setting\'s', async () => {
    // Asked twice: its answers are used again, so the last-good store protects them.
    for (let i = 0; i < 2; i++) expect(parseHtml((await home('example.com')).text).title).toBe('Example Domain');
    for (const host of ['one.other.test', 'two.other.test', 'three.other.test']) expect((await home(host)).status).toBe(200);
    t.upstream.override('/api/*', failWith.hang());
    t.logs.clear();

    const res = await home('example.com');
    expect(res.status).toBe(200);
    expect(parseHtml(res.text).title).toBe('Example Domain');
    expect(res.text).toContain('G-DOMAIN');
    // Stale records are the site's real page (decision 0160): shared as usual, nothing fell back.
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(t.logs.events('site.lookup_failed')).toEqual([]);
  });
});
