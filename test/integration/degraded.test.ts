/**
 * Degraded responses are private (decision 0160): a page built on a failed, timed-out or
 * fallen-through lookup is sent `private, no-store`, never kept in the page cache and never
 * answered with a 304; a failed lookup is retried after the data cache's back-off, so the host's
 * own page is back at once. Also the page-cache key, ETags, redirects and the /assets 404.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { assetsFrom } from '../../src/server/render/assets';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { createDataCache, DEFAULT_CACHE_POLICIES } from '../../src/server/content/data-cache';
import { failWith } from '../support/fake-upstream';
import { parseHtml } from '../support/html';
import { startTestApp, useTestApp, type TestApp } from '../support/test-app';
import { CRAWLER } from '../support/user-agents';

const PRIVATE = 'private, no-store';
const BACKOFF_MS = 2000;
let clock = 1_000_000;

const t = useTestApp({
  pageCache: createPageCache({ freshMs: 10_000, staleMs: 60_000, maxBytes: 10 * 1024 * 1024, now: () => clock }),
  dataCache: (log, outage) => createDataCache({ policies: DEFAULT_CACHE_POLICIES, maxStaleMs: 3_600_000, failureBackoffMs: BACKOFF_MS, log, outage, now: () => clock }),
});
// Each test starts with an empty data cache and page cache for its pages: the clock moves past both.
beforeEach(() => {
  clock += 3_600_000 * 3;
});

const get = (path: string, host = 'sub.example.com') => request(t.app).get(path).set('Host', host);
const titleOf = (res: request.Response) => parseHtml(res.text).title;

describe('a degraded page', () => {
  it('falls through to the global setting privately while the host lookup fails, and is the host\'s own again right after recovery', async () => {
    t.upstream.override('/api/subdomains/get', failWith.status(500));
    const fallback = await get('/');
    expect(fallback.status).toBe(200);
    expect(titleOf(fallback)).toBe('Global Site');
    expect(fallback.headers['cache-control']).toBe(PRIVATE);
    expect(fallback.headers.etag).toBeUndefined();
    const again = await get('/').set('If-None-Match', '*');
    expect(again.status).toBe(200);
    expect(again.headers['x-page-cache']).toBe('miss');
    expect(again.headers['cache-control']).toBe(PRIVATE);

    t.upstream.clearOverrides();
    // The failure is remembered for the back-off only, never as "no record".
    clock += BACKOFF_MS + 1;
    const recovered = await get('/');
    expect(titleOf(recovered)).toBe('Sub A');
    expect(recovered.headers['cache-control']).toMatch(/^public, /);
  });

  it.each([
    ['the menu categories', '/', '/api/category/get'],
    ['the home list', '/', '/api/article/home'],
    ['a category list', '/category/alpha', '/api/article/list'],
  ])('is private when %s could not be loaded, and is not kept', async (_part, page, failing) => {
    t.upstream.override(failing, failWith.status(503));
    const first = await get(page);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe(PRIVATE);
    // The second request would keep a shared page: a degraded one is not kept.
    const second = await get(page);
    expect(second.headers['x-page-cache']).toBe('miss');
    expect(second.headers['cache-control']).toBe(PRIVATE);
    const third = await get(page);
    expect(third.headers['x-page-cache']).toBe('miss');
    expect(third.headers['cache-control']).toBe(PRIVATE);
  });

  it('is private when the new articles fell back, for a page-cache fill (complete, so known before the headers)', async () => {
    t.upstream.override('/api/article/findnew', failWith.status(500));
    const first = await get('/article-2').set('User-Agent', CRAWLER);
    expect(first.status).toBe(200);
    expect(parseHtml(first.text).querySelectorAll('#new-articles a').length).toBeGreaterThan(0);
    expect(first.headers['cache-control']).toBe(PRIVATE);
    // The second request would keep a shared page: a degraded one is not kept.
    expect((await get('/article-2').set('User-Agent', CRAWLER)).headers['cache-control']).toBe(PRIVATE);
    expect((await get('/article-2')).headers['x-page-cache']).toBe('miss');
  });

  it('is not what stale data makes: a page built from the last good records is shared as usual', async () => {
    await get('/article-3');
    clock += 10 * 60_000;
    t.upstream.override('/api/*', failWith.status(500));
    const stale = await get('/article-3').set('User-Agent', CRAWLER);
    expect(stale.status).toBe(200);
    expect(titleOf(stale)).toBe('Question number 3? | Sub A');
    expect(stale.headers['cache-control']).toMatch(/^public, /);
    // The site's stale settings are refreshed in the background, and fail: once they have, none
    // of their failures lands in the next test.
    const refreshes = await t.logs.untilEvents('cache.refresh_failed', 3);
    expect(refreshes.map((line) => line.cache)).toEqual(['settings', 'settings', 'settings']);
  });
});

describe('the page-cache key', () => {
  it('holds the scheme and port that reach a development host\'s canonical URL', async () => {
    const canonicalOf = (res: request.Response) => parseHtml(res.text).querySelector('link[rel="canonical"]')?.getAttribute('href');
    const first = await get('/article-1', 'localhost:3000');
    expect(canonicalOf(first)).toBe('http://localhost:3000/article-1');
    const otherPort = await get('/article-1', 'localhost:4000');
    expect(otherPort.headers['x-page-cache']).toBe('miss');
    expect(canonicalOf(otherPort)).toBe('http://localhost:4000/article-1');
    expect(canonicalOf(await get('/article-1', 'localhost:3000'))).toBe('http://localhost:3000/article-1');
  });
});

describe('ETags', () => {
  it('differ per encoding, and one encoding\'s ETag does not revalidate another', async () => {
    await get('/article-4');
    await get('/article-4');
    const etags = [];
    for (const encoding of ['br', 'gzip', 'identity']) {
      const hit = await get('/article-4').set('Accept-Encoding', encoding);
      expect(hit.headers['x-page-cache']).toBe('hit');
      etags.push(hit.headers.etag);
    }
    expect(new Set(etags).size).toBe(3);
    expect((await get('/article-4').set('Accept-Encoding', 'gzip').set('If-None-Match', etags[0] ?? '')).status).toBe(200);
    expect((await get('/article-4').set('Accept-Encoding', 'br').set('If-None-Match', etags[0] ?? '')).status).toBe(304);
  });
});

describe('answers without a page', () => {
  let proxied: TestApp;
  let assetsDir: string;
  beforeAll(async () => {
    assetsDir = mkdtempSync(path.join(os.tmpdir(), 'assets-'));
    proxied = await startTestApp({ env: { TRUST_PROXY: 'loopback' }, assets: assetsFrom({ client: '/assets/client.js', stylesheet: '/assets/site.css' }, assetsDir, '') });
  });
  afterAll(async () => {
    await proxied.close();
    rmSync(assetsDir, { recursive: true, force: true });
  });

  it('a 308 to https carries a Cache-Control for the browser only, per scheme', async () => {
    const res = await request(proxied.app).get('/article-1').set('Host', 'sub.example.com').set('X-Forwarded-Proto', 'http');
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe('https://sub.example.com/article-1');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.headers.vary).toMatch(/X-Forwarded-Proto/);
  });

  it('a 404 for a missing asset is titled "Page not found"', async () => {
    const res = await request(proxied.app).get('/assets/missing-123.js').set('Host', 'sub.example.com');
    expect(res.status).toBe(404);
    expect(titleOf(res)).toBe('Page not found');
    expect(res.headers['cache-control']).toBe(PRIVATE);
  });
});
