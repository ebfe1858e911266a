/**
 * The content API misbehaving behind a warm data cache: down, 500, invalid JSON, hanging past
 * the timeout, a 10 MB body. Cached sites keep answering with stale data, each failed call is
 * one line and the stale answers are counted, nothing failed is cached, and concurrent cold
 * requests share upstream calls.
 */
import request from 'supertest';
import { testDataset } from '../fixtures/dataset';
import { dataCacheOnTestClock, TEST_TTL_MS } from '../support/data-cache';
import { failWith, type Override } from '../support/fake-upstream';
import { parseHtml } from '../support/html';
import { GENEROUS_TIMEOUT_MS, HANG_TIMEOUT_MS, startTestApp, type TestApp } from '../support/test-app';
import { trackCalls, type TrackedCalls } from '../support/tracked-calls';

// Only the failure phases set the short HANG_TIMEOUT_MS: warming and recovery run with the
// test app's generous timeout and request budget, since a loaded machine can take longer than
// that to answer a good call.
const cached = dataCacheOnTestClock();

type CachedApp = TestApp & { readonly upstreamCalls: TrackedCalls<object> };

/** The app with a data cache whose upstream calls (refreshes included) the test can await. */
async function startCachedApp(dataset = structuredClone(testDataset)): Promise<CachedApp> {
  let upstreamCalls: TrackedCalls<object> | undefined;
  const t = await startTestApp({
    dataset,
    // 200 pages at once test the data cache's coalescing, not admission (admission.test.ts): no
    // bound on requests in progress, and no request turned away for waiting, as one that waits
    // for admission's starts per turn (8) may on a loaded machine.
    env: { MAX_IN_FLIGHT_REQUESTS: '1000', MAX_QUEUE_WAIT_MS: '60000' },
    wrapApi: (api) => {
      const tracked = trackCalls(api);
      upstreamCalls = tracked;
      return tracked.api;
    },
    dataCache: cached.dataCache,
  });
  if (!upstreamCalls) throw new Error('startTestApp did not wrap the content API');
  return { ...t, upstreamCalls };
}

const articlePage = (t: TestApp) => request(t.app).get('/article-2').set('Host', 'sub.example.com');

/** The app with every lookup of sub.example.com's /article-2 (the global setting too) cached. */
async function startWarmApp(dataset = structuredClone(testDataset)): Promise<CachedApp> {
  const t = await startCachedApp(dataset);
  const warm = await articlePage(t);
  expect(warm.status).toBe(200);
  const warmHtml = parseHtml(warm.text);
  expect(warmHtml.title).toBe('Question number 2? | Sub A');
  expect(warmHtml.querySelectorAll('#new-articles a').length).toBe(9); // the list is cached too
  return t;
}

const TEN_MB: Override = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < 10; i++) res.write(chunk);
  res.end('{}');
};

const HANG = failWith.hang();
const FAULTS: [string, Override][] = [
  ['down (connection reset)', failWith.reset()],
  ['500', failWith.status(500)],
  ['invalid JSON', failWith.invalidJson()],
  ['hanging past the timeout', HANG],
  ['a 10 MB body', TEN_MB],
];

describe('faults behind a warm cache', () => {
  it('keeps cached sites answering 200 with stale data through every fault: one line per failed call, the stale answers counted', async () => {
    const t = await startWarmApp();
    try {
      for (const [name, fault] of FAULTS) {
        // A short timeout ends the hang; every other fault keeps the generous one, so that it
        // fails its own way rather than as a timeout on a loaded machine.
        t.setUpstreamTimeout(fault === HANG ? HANG_TIMEOUT_MS : GENEROUS_TIMEOUT_MS);
        t.upstream.override('/api/*', fault);
        cached.advance(TEST_TTL_MS + 200); // every entry is stale now, and past the failure back-off
        t.logs.clear();
        const callsBefore = t.upstreamCalls.started;
        for (let i = 0; i < 3; i++) {
          const res = await articlePage(t);
          expect({ name, status: res.status }).toEqual({ name, status: 200 });
          expect(parseHtml(res.text).title).toBe('Question number 2? | Sub A');
          expect(parseHtml(res.text).querySelectorAll('#new-articles a').length).toBe(9);
          await t.upstreamCalls.settled(); // the refreshes have failed (a hang: after its timeout)
        }
        // The refreshes were made (a short timeout may end one before it reaches the fake).
        expect(t.upstreamCalls.started).toBeGreaterThan(callsBefore);
        // Every failed refresh is one line; no line for the stale answers themselves.
        const failedRefreshes = t.logs.events('cache.refresh_failed');
        expect({ name, lines: failedRefreshes.length }).toEqual({ name, lines: t.upstreamCalls.started - callsBefore });
        expect(failedRefreshes.every((line) => line.level === 40 && typeof line.kind === 'string')).toBe(true);
        t.flushOutageSummary();
        const [summary] = t.logs.events('upstream.outage_summary');
        expect(summary?.staleServed).toBeGreaterThanOrEqual(3);
        expect(summary?.failedCalls).toBe(failedRefreshes.length);
      }
    } finally {
      await t.close();
    }
  }, 60_000);

  it('an uncached host falls to the stale global setting; nothing failed was cached', async () => {
    const dataset = structuredClone(testDataset);
    const t = await startWarmApp(dataset);
    try {
      t.upstream.override('/api/*', failWith.status(500));
      cached.advance(TEST_TTL_MS + 200);
      const res = await request(t.app).get('/').set('Host', 'never-seen.example.org');
      expect(res.status).toBe(200);
      expect(parseHtml(res.text).title).toBe('Global Site');
      await t.upstreamCalls.settled(); // the failed refreshes are over before the upstream recovers

      // The upstream recovers with new data: the next refresh shows it, so no failure was stored.
      const article = dataset.articles.find((a) => a._id === 'a2');
      if (!article) throw new Error('fixture a2 missing');
      Object.assign(article, { title: 'Question number 2, revised?' });
      t.upstream.clearOverrides();
      cached.advance(TEST_TTL_MS + 200);
      const staleAnswer = await articlePage(t);
      expect(parseHtml(staleAnswer.text).title).toBe('Question number 2? | Sub A');
      await t.upstreamCalls.settled(); // the one refresh completes
      const fresh = await articlePage(t);
      expect(parseHtml(fresh.text).title).toBe('Question number 2, revised? | Sub A');
    } finally {
      await t.close();
    }
  }, 20_000);
});

describe('a site resolved while a lookup failed', () => {
  it('is resolved again once the upstream answers, though its other answers are still fresh', async () => {
    const t = await startCachedApp();
    try {
      const home = () => request(t.app).get('/').set('Host', 'sub.example.com');
      t.upstream.override('/api/subdomains/*', failWith.status(500));
      const fallback = await home();
      expect(fallback.status).toBe(200);
      expect(parseHtml(fallback.text).title).toBe('Global Site');
      t.upstream.clearOverrides();
      cached.advance(200); // past the failure back-off, well inside the TTL of every answer that came
      expect(parseHtml((await home()).text).title).toBe('Sub A');
    } finally {
      await t.close();
    }
  });
});

describe('nothing cached', () => {
  it('a site with nothing cached gets the 503 page once the hanging lookups time out', async () => {
    const t = await startCachedApp();
    try {
      t.setUpstreamTimeout(HANG_TIMEOUT_MS);
      t.upstream.override('/api/*', failWith.hang());
      const res = await request(t.app).get('/').set('Host', 'sub.example.com');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      // Subdomain and global lookups side by side, then the domain by host: each asked once
      // (a slow upstream is not asked twice) and ended by its own timeout, not by the request's
      // budget (generous here). The logs say so on any machine; a wall-clock bound would not.
      const failed = t.logs.events('site.lookup_failed');
      for (const line of failed) expect(line).toMatchObject({ kind: 'timeout' });
      expect(failed.map((line) => new URL(String(line.url)).pathname).sort()).toEqual(['/api/domain/get', '/api/setting/get', '/api/subdomains/get']);
      // The answer came after the hangs were ended.
      const completed = t.logs.lines.findIndex((line) => line.msg === 'request completed');
      expect(completed).toBeGreaterThan(t.logs.lines.findLastIndex((line) => line.event === 'site.lookup_failed'));
    } finally {
      await t.close();
    }
  });

  it('200 concurrent cold requests for one site make one upstream call per endpoint', async () => {
    const t = await startCachedApp();
    try {
      const responses = await Promise.all(Array.from({ length: 200 }, () => request(t.app).get('/').set('Host', 'sub.example.com')));
      expect(responses.map((res) => res.status).filter((status) => status !== 200)).toEqual([]);
      const perCall = new Map<string, number>();
      for (const call of t.upstream.calls) {
        const key = `${call.path}?${new URLSearchParams(call.query)}`;
        perCall.set(key, (perCall.get(key) ?? 0) + 1);
      }
      expect([...perCall.values()].every((count) => count === 1)).toBe(true);
      expect([...perCall.keys()].map((key) => key.split('?')[0]).sort()).toEqual(['/api/article/home', '/api/category/get', '/api/domain/get', '/api/setting/get', '/api/subdomains/get']);
    } finally {
      await t.close();
    }
  }, 30_000);
});
