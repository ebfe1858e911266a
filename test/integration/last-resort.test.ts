/**
 * Nothing a visitor saw before an outage turns into an error page (issue 46): a kept page
 * answers, degraded, when its refresh fails; a kept page's data outlives a flood in the
 * last-good store; and a purge sticks through an outage (a copy older than it answers only as
 * degraded, and is never kept). Clocks are injected; the upstream fails on demand.
 */
import request from 'supertest';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { createDataCache, type CachePolicy } from '../../src/server/content/data-cache';
import { dataCacheOnTestClock } from '../support/data-cache';
import { failWith } from '../support/fake-upstream';
import { useTestApp, type TestApp } from '../support/test-app';

const HOST = 'sub.example.com';
const FRESH_MS = 10_000;
const STALE_MS = 60_000;
const LAST_RESORT_MS = 3_600_000;

const requestLines = (t: TestApp, path: string) => t.logs.lines.filter((line) => line.msg === 'request completed' && line.path === path);

describe('a kept page as the last resort', () => {
  let clock = 1_000_000;
  // No data cache: every render asks the upstream, so a failed call fails the page.
  const t = useTestApp({ pageCache: createPageCache({ freshMs: FRESH_MS, staleMs: STALE_MS, lastGoodMs: LAST_RESORT_MS, maxBytes: 10 * 1024 * 1024, now: () => clock }) });
  const get = (path: string) => request(t.app).get(path).set('Host', HOST);

  it.each([
    ['stale', FRESH_MS + 1],
    ['past its stale time', FRESH_MS + STALE_MS + 1],
  ])('a %s page whose refresh fails answers with its kept copy: 200, private, never a 304, fellBack logged, not kept again', async (_when, ageMs) => {
    const path = ageMs > FRESH_MS + STALE_MS ? '/article-6' : '/article-7';
    // Kept on its second request (admission), a hit from the third.
    for (let n = 0; n < 2; n++) expect((await get(path)).status).toBe(200);
    expect((await get(path)).headers['x-page-cache']).toBe('hit');
    clock += ageMs;
    t.upstream.override('/api/article/get', failWith.status(500));
    t.logs.clear();
    for (let n = 0; n < 2; n++) {
      const answer = await get(path).set('If-None-Match', '*');
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(`Question number ${path.slice('/article-'.length)}?`);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers.etag).toBeUndefined();
      expect(answer.headers['x-page-cache']).toBe('last-resort');
      expect(answer.headers['surrogate-key']).toBeUndefined();
    }
    expect(requestLines(t, path)).toEqual([expect.objectContaining({ status: 200, fellBack: ['kept-page'] }), expect.objectContaining({ status: 200, fellBack: ['kept-page'] })]);
    // The API is back: the page is built fresh, shared and kept again.
    t.upstream.clearOverrides();
    const back = await get(path);
    expect(back.headers['x-page-cache']).toBe('miss');
    expect(back.headers['cache-control']).toMatch(/^public/);
    expect((await get(path)).headers['x-page-cache']).toBe('hit');
  });

  it('a page never kept still gets the 503 page; a 404 is never hidden by a kept page', async () => {
    t.upstream.override('/api/article/get', failWith.status(500));
    expect((await get('/article-8')).status).toBe(503);
  });
});

describe("a kept page's data in the last-good store", () => {
  let clock = 1_000_000;
  // Small bounds, so that a few dozen one-time keys push everything else out of the data cache
  // and the last-good store's probation.
  const policy: CachePolicy = { ttlMs: 1000, maxEntries: 8, maxBytes: 10 * 1024 * 1024 };
  const t = useTestApp({
    dataCache: (log, outage) => createDataCache({ policies: { settings: { ...policy, maxEntries: 100 }, menus: { ...policy, maxEntries: 100 }, lists: policy, articles: policy }, maxStaleMs: 3_600_000, failureBackoffMs: 100, log, outage, now: () => clock, lastGoodMaxBytes: 65_536 }),
    // Nothing kept past its stale time here: the page must be rebuilt from its data.
    pageCache: createPageCache({ freshMs: FRESH_MS, staleMs: STALE_MS, maxBytes: 10 * 1024 * 1024, now: () => clock }),
  });
  const get = (path: string) => request(t.app).get(path).set('Host', HOST);

  it('outlives a flood of other answers: when the API fails, the page is rebuilt from it', async () => {
    // Asked for twice, so the page is kept (admission) and its data marked as used again.
    for (let n = 0; n < 2; n++) expect((await get('/article-9')).status).toBe(200);
    // A flood of articles read once each (the same few-hundred-byte answers: no such article).
    for (let n = 0; n < 300; n++) expect((await get(`/no-such-article-${n}`)).status).toBe(404);
    clock += FRESH_MS + STALE_MS + 1;
    t.upstream.override('/api/article/get', failWith.status(500));
    const answer = await get('/article-9');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Question number 9?');
  });
});

describe('a purge that sticks through an outage', () => {
  const TOKEN = 'purge-token-for-tests-0123456789abcdef';
  const data = dataCacheOnTestClock();
  const t = useTestApp({
    env: { PURGE_TOKEN: TOKEN, METRICS_PORT: '0' },
    dataCache: data.dataCache,
    pageCache: createPageCache({ freshMs: 3_600_000, staleMs: 3_600_000, lastGoodMs: LAST_RESORT_MS, maxBytes: 10 * 1024 * 1024, now: () => 1_000_000 }),
  });
  const get = (path: string) => request(t.app).get(path).set('Host', HOST);

  it('after a purge, a copy older than it answers only as degraded and is never kept; fresh data is shared again', async () => {
    expect((await get('/article-5')).text).toContain('Question number 5?');
    expect(t.upstream.editArticle('article-5', { title: 'Question five, corrected?' })).toBe(true);
    const purged = await request(t.internal).post('/purge').set('authorization', `Bearer ${TOKEN}`).send({ site: HOST, slugs: ['article-5'] });
    expect(purged.status).toBe(200);
    t.upstream.override('/api/article/get', failWith.status(500));
    t.logs.clear();
    for (let n = 0; n < 2; n++) {
      const answer = await get('/article-5');
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers['x-page-cache']).toBe('miss');
      expect(answer.headers['surrogate-key']).toBeUndefined();
    }
    expect(requestLines(t, '/article-5')).toEqual([expect.objectContaining({ status: 200, fellBack: ['purged'] }), expect.objectContaining({ status: 200, fellBack: ['purged'] })]);
    t.upstream.clearOverrides();
    data.advance(200);
    const fresh = await get('/article-5');
    expect(fresh.text).toContain('Question five, corrected?');
    expect(fresh.headers['cache-control']).toMatch(/^public/);
    expect((await get('/article-5')).headers['x-page-cache']).toBe('hit');
  });
});
