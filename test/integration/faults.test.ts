/**
 * The content API misbehaving behind a warm data cache: down, 500, invalid JSON, hanging past
 * the timeout, a 10 MB body. Cached sites keep answering with stale data, each stale answer is
 * logged, nothing failed is cached, and concurrent cold requests share upstream calls.
 */
import request from 'supertest';
import { createDataCache, type CachePolicy } from '../../src/server/upstream/data-cache';
import { testDataset } from '../fixtures/dataset';
import { failWith, type Override } from '../support/fake-upstream';
import { parseHtml } from '../support/html';
import { startTestApp, type TestApp } from '../support/test-app';
import { trackCalls, type TrackedCalls } from '../support/tracked-calls';

const TIMEOUT_MS = 300;
const TTL_MS = 1000;
const policy: CachePolicy = { ttlMs: TTL_MS, maxEntries: 1000, maxBytes: 10 * 1024 * 1024 };

let clock = 1_000_000;
const advance = (ms: number) => (clock += ms);

/** The app with a data cache whose upstream calls (refreshes included) the test can await. */
async function startCachedApp(dataset = structuredClone(testDataset), timeoutMs = TIMEOUT_MS): Promise<TestApp & { readonly upstreamCalls: TrackedCalls<object> }> {
  let upstreamCalls: TrackedCalls<object> | undefined;
  const t = await startTestApp({
    dataset,
    timeoutMs,
    wrapApi: (api) => {
      const tracked = trackCalls(api);
      upstreamCalls = tracked;
      return tracked.api;
    },
    dataCache: (log) => createDataCache({ policies: { settings: policy, menus: policy, lists: policy, articles: policy }, maxStaleMs: 3_600_000, failureBackoffMs: 100, log, now: () => clock }),
  });
  if (!upstreamCalls) throw new Error('startTestApp did not wrap the content API');
  return { ...t, upstreamCalls };
}

const TEN_MB: Override = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < 10; i++) res.write(chunk);
  res.end('{}');
};

const FAULTS: [string, Override][] = [
  ['down (connection reset)', failWith.reset()],
  ['500', failWith.status(500)],
  ['invalid JSON', failWith.invalidJson()],
  ['hanging past the timeout', failWith.hang()],
  ['a 10 MB body', TEN_MB],
];

describe('faults behind a warm cache', () => {
  let t: Awaited<ReturnType<typeof startCachedApp>>;
  const dataset = structuredClone(testDataset);
  beforeAll(async () => {
    t = await startCachedApp(dataset);
  });
  afterAll(() => t.close());

  it('keeps cached sites answering 200 with stale data through every fault, logging each stale answer', async () => {
    const page = () => request(t.app).get('/article-2').set('Host', 'sub.example.com');
    const warm = await page();
    expect(warm.status).toBe(200);
    const warmHtml = parseHtml(warm.text);
    expect(warmHtml.title).toBe('Question number 2? | Sub A');

    for (const [name, fault] of FAULTS) {
      t.upstream.override('/api/*', fault);
      advance(TTL_MS + 200); // every entry is stale now, and past the failure back-off
      t.logs.clear();
      const callsBefore = t.upstream.calls.length;
      for (let i = 0; i < 3; i++) {
        const res = await page();
        expect({ name, status: res.status }).toEqual({ name, status: 200 });
        expect(parseHtml(res.text).title).toBe('Question number 2? | Sub A');
        expect(parseHtml(res.text).querySelectorAll('#new-articles a').length).toBe(9);
        await t.upstreamCalls.settled(); // the refreshes have failed (a hang: after its timeout)
      }
      expect(t.upstream.calls.length).toBeGreaterThan(callsBefore); // the refreshes did ask
      const stale = t.logs.events('cache.stale_served');
      expect(stale.length).toBeGreaterThanOrEqual(3);
      expect(stale.some((line) => line.reason === 'upstream_failing' && line.level === 40)).toBe(true);
    }
    t.upstream.clearOverrides();
  }, 60_000);

  it('an uncached host falls to the stale global setting; nothing failed was cached', async () => {
    t.upstream.override('/api/*', failWith.status(500));
    advance(TTL_MS + 200);
    const res = await request(t.app).get('/').set('Host', 'never-seen.example.org');
    expect(res.status).toBe(200);
    expect(parseHtml(res.text).title).toBe('Global Site');

    // The upstream recovers with new data: the next refresh shows it, so no failure was stored.
    const article = dataset.articles.find((a) => a._id === 'a2');
    if (!article) throw new Error('fixture a2 missing');
    Object.assign(article, { title: 'Question number 2, revised?' });
    t.upstream.clearOverrides();
    advance(TTL_MS + 200);
    const staleAnswer = await request(t.app).get('/article-2').set('Host', 'sub.example.com');
    expect(parseHtml(staleAnswer.text).title).toBe('Question number 2? | Sub A');
    await t.upstreamCalls.settled(); // the one refresh completes
    const fresh = await request(t.app).get('/article-2').set('Host', 'sub.example.com');
    expect(parseHtml(fresh.text).title).toBe('Question number 2, revised? | Sub A');
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
      advance(200); // past the failure back-off, well inside the TTL of every answer that came
      expect(parseHtml((await home()).text).title).toBe('Sub A');
    } finally {
      await t.close();
    }
  });
});

describe('nothing cached', () => {
  it('a site with nothing cached gets the 503 page within the timeout budget', async () => {
    const t = await startCachedApp();
    try {
      t.upstream.override('/api/*', failWith.hang());
      const started = Date.now();
      const res = await request(t.app).get('/').set('Host', 'sub.example.com');
      const elapsed = Date.now() - started;
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      // Subdomain and global lookups run side by side, then the domain by host: two budgets.
      expect(elapsed).toBeLessThan(3 * TIMEOUT_MS + 500);
      expect(t.logs.events('site.lookup_failed').every((l) => l.kind === 'timeout')).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('200 concurrent cold requests for one site make one upstream call per endpoint', async () => {
    // Not a test of timeouts: 200 renders share the event loop with the fake, so on a busy
    // machine a 300 ms budget could run out before the one shared call is answered.
    const t = await startCachedApp(structuredClone(testDataset), 5000);
    try {
      const responses = await Promise.all(Array.from({ length: 200 }, () => request(t.app).get('/').set('Host', 'sub.example.com')));
      expect(responses.every((res) => res.status === 200)).toBe(true);
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
