import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { appStateOf, parseHtml } from '../support/html';
import { startTestApp, useTestApp } from '../support/test-app';
import { CRAWLER } from '../support/user-agents';

let clock = 1_000_000;
const t = useTestApp({ pageCache: createPageCache({ freshMs: 10_000, staleMs: 60_000, maxBytes: 10 * 1024 * 1024, now: () => clock }) });

const get = (path: string, host = 'example.com') => request(t.app).get(path).set('Host', host);
/** A crawler's miss is rendered whole: the same bytes the page cache keeps. */
const getWhole = (path: string) => get(path).set('User-Agent', CRAWLER);
const newArticleLinks = (html: string) => [...parseHtml(html).querySelectorAll('#new-articles a')].map((a) => a.getAttribute('href'));
/** The raw bytes of an answer (supertest would decode them). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(t.app).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      http
        .get({ host: '127.0.0.1', port, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => server.close(() => resolve({ headers: res.headers, body: Buffer.concat(chunks) })));
        })
        .on('error', reject);
    });
  });
}

// A page is kept on its second request (the first is only remembered), before that answer's
// last byte is sent, so the third request can hit at once. A person's miss is streamed (the fake findnew answers after the render starts); the page
// cache keeps the complete document, the one a crawler's miss is sent.
describe('page cache', () => {
  it('a third request is a hit: no upstream call, the complete page, ETag, CDN headers', async () => {
    const first = await get('/article-13');
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.text).toContain('$RC');
    expect((await get('/article-13')).headers['x-page-cache']).toBe('miss');
    const callsAfterFirst = t.upstream.calls.length;
    const second = await get('/article-13?utm_source=newsletter');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(t.upstream.calls.length).toBe(callsAfterFirst);
    expect(second.text).not.toContain('$RC');
    expect(newArticleLinks(second.text)).toEqual(newArticleLinks(first.text));
    expect(newArticleLinks(second.text)).toHaveLength(9);
    expect(second.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60, stale-if-error=3600');
    expect(second.headers.vary).toBe('Accept-Encoding');
    // The streamed miss's policy carries its nonce; the kept page's does not.
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']?.replace(/ 'nonce-[^']+'/, ''));
  });

  it('a hit is answered in front of Express with the same security headers, request id and log line', async () => {
    await getWhole('/article-18');
    const miss = await getWhole('/article-18');
    t.logs.clear();
    const hit = await get('/article-18');
    expect(hit.headers['x-page-cache']).toBe('hit');
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
      expect({ name, value: hit.headers[name] }).toEqual({ name, value: miss.headers[name] });
    }
    expect(hit.headers['x-powered-by']).toBeUndefined();
    // Each header once: the kept page's own CSP replaces the static one.
    const names = (hit as unknown as { res: { rawHeaders: string[] } }).res.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    expect(names).toEqual([...new Set(names)]);
    expect(hit.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.logs.lines).toEqual([expect.objectContaining({ reqId: hit.headers['x-request-id'], host: 'example.com', siteKey: 'example', method: 'GET', path: '/article-18', status: 200, pageCache: 'hit', msg: 'request completed' })]);
  });

  it('answers If-None-Match with 304', async () => {
    await get('/article-14');
    await get('/article-14');
    const hit = await get('/article-14');
    const revalidated = await get('/article-14').set('If-None-Match', hit.headers.etag ?? '');
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
  });

  it('keeps gzip and brotli forms of the same page', async () => {
    await getWhole('/article-15');
    const identity = await getWhole('/article-15');
    const br = await rawGet('/article-15', { host: 'example.com', 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(identity.text);
    const gz = await rawGet('/article-15', { host: 'example.com', 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(identity.text);
  });

  it('the miss that keeps a page answers with the compressed form it keeps, and a personal page is compressed for the client too', async () => {
    await getWhole('/article-17');
    const miss = await rawGet('/article-17', { host: 'example.com', 'accept-encoding': 'gzip, deflate, br', 'user-agent': CRAWLER });
    expect(miss.headers['x-page-cache']).toBe('miss');
    expect(miss.headers['content-encoding']).toBe('br');
    expect(miss.headers.vary).toBe('Accept-Encoding');
    expect(Number(miss.headers['content-length'])).toBe(miss.body.length);
    const hit = await rawGet('/article-17', { host: 'example.com', 'accept-encoding': 'br' });
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(hit.body.equals(miss.body)).toBe(true);

    const personal = await rawGet('/article-17?utm_id=c1', { host: 'example.com', 'accept-encoding': 'gzip' });
    expect(personal.headers['cache-control']).toBe('private, no-store');
    expect(personal.headers['content-encoding']).toBe('gzip');
    expect(personal.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(personal.body).toString()).toContain('<section id="new-articles"');
    const plain = await rawGet('/article-17?utm_id=c1', { host: 'example.com', 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Each streamed answer has its own nonce; otherwise the bytes are the same.
    const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(withoutNonces(plain.body.toString())).toBe(withoutNonces(gunzipSync(personal.body).toString()));
  });

  it('a page asked for once is not kept: the first request is only remembered, the second keeps it', async () => {
    const first = await getWhole('/article-22');
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60, stale-if-error=3600');
    const callsAfterFirst = t.upstream.calls.length;
    const second = await getWhole('/article-22');
    expect(second.headers['x-page-cache']).toBe('miss');
    // Nothing was kept from the first: the second is built again, from the API.
    expect(t.upstream.calls.length).toBeGreaterThan(callsAfterFirst);
    expect(second.text).toBe(first.text);
    const callsAfterSecond = t.upstream.calls.length;
    const third = await get('/article-22');
    expect(third.headers['x-page-cache']).toBe('hit');
    expect(third.text).toBe(first.text);
    expect(t.upstream.calls.length).toBe(callsAfterSecond);
  });

  it('a first request is remembered for a kept page\'s lifetime (fresh and stale), no longer', async () => {
    await get('/article-23');
    clock += 70_001;
    expect((await get('/article-23')).headers['x-page-cache']).toBe('miss');
    clock += 69_000;
    expect((await get('/article-23')).headers['x-page-cache']).toBe('miss');
    expect((await get('/article-23')).headers['x-page-cache']).toBe('hit');
  });

  it('a person\'s first view is streamed as with the page cache off, and not kept', async () => {
    const first = await get('/article-24');
    expect(first.text).toContain('$RC');
    expect(first.headers['content-length']).toBeUndefined();
    expect((await get('/article-24')).headers['x-page-cache']).toBe('miss');
  });

  it('keeps a page under one key however its path is spelt: a trailing slash, percent-encoded letters', async () => {
    await getWhole('/article-14');
    expect((await getWhole('/article-14')).headers['x-page-cache']).toBe('miss'); // kept now
    const kept = await get('/article-14');
    expect(kept.headers['x-page-cache']).toBe('hit');
    for (const spelling of ['/article-14/', '/%61rticle-14', '/%61rticle%2D14/']) {
      const res = await get(spelling);
      expect({ spelling, status: res.status, cache: res.headers['x-page-cache'] }).toEqual({ spelling, status: 200, cache: 'hit' });
      expect(res.text).toBe(kept.text);
    }
    await getWhole('/category/beta/');
    await getWhole('/category/beta');
    expect((await get('/category/%62eta')).headers['x-page-cache']).toBe('hit');
  });

  it('query names are case-sensitive: testdisplayad is an unknown parameter, the shared page; testDisplayAd a personal preview', async () => {
    await getWhole('/article-15');
    await getWhole('/article-15');
    const unknown = await get('/article-15?testdisplayad=on');
    expect(unknown.headers['x-page-cache']).toBe('hit');
    expect(appStateOf(parseHtml(unknown.text)).testAds).toBe(false);
    const preview = await get('/article-15?testDisplayAd=on');
    expect(preview.headers['x-page-cache']).not.toBe('hit');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(appStateOf(parseHtml(preview.text)).testAds).toBe(true);
  });

  it('never caches personal pages, nor tells a CDN to', async () => {
    for (const path of ['/?s=question', '/?utm_id=c1', '/?campaign_id=c1', '/?testDisplayAd=on']) {
      await get(path, 'sub.example.com');
      const again = await get(path, 'sub.example.com');
      expect(again.headers['x-page-cache']).toBeUndefined();
      expect(again.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('does not keep error pages', async () => {
    await get('/no-such-article');
    const again = await get('/no-such-article');
    expect(again.status).toBe(404);
    expect(again.headers['x-page-cache']).toBe('miss');
    expect(again.headers['cache-control']).toBe('private, no-store');
  });

  it('a saved theme changes nothing: every visitor of a URL gets the same bytes', async () => {
    await getWhole('/article-16');
    const first = await getWhole('/article-16');
    const dark = await get('/article-16').set('Cookie', 'theme=dark; _ga=GA1.1.123');
    expect(dark.headers['x-page-cache']).toBe('hit');
    expect(dark.text).toBe(first.text);
    expect(dark.text).toContain('<html lang="en" class="light"');
  });

  it('stale-while-revalidate: a stale page answers while one request renders its replacement', async () => {
    await get('/article-21');
    await get('/article-21');
    expect((await get('/article-21')).headers['x-page-cache']).toBe('hit');
    clock += 11_000;
    const refreshing = await get('/article-21');
    expect(refreshing.headers['x-page-cache']).toBe('miss');
    const meanwhile = await get('/article-21');
    expect(meanwhile.headers['x-page-cache']).toBe('hit');
    clock += 1_000;
    expect((await get('/article-21')).headers['x-page-cache']).toBe('hit');
  });

  it('while draining, a cached page is still a hit, and closes the connection', async () => {
    await getWhole('/article-19');
    const kept = await getWhole('/article-19');
    t.readiness.ready = false;
    try {
      const res = await get('/article-19');
      expect([res.status, res.headers['x-page-cache'], res.headers.connection]).toEqual([200, 'hit', 'close']);
      expect(res.text).toBe(kept.text);
      // A miss closes its connection too.
      const miss = await get('/article-20');
      expect([miss.status, miss.headers['x-page-cache'], miss.headers.connection]).toEqual([200, 'miss', 'close']);
    } finally {
      t.readiness.ready = true;
    }
  });

  it('behind a trusted proxy, a visitor who came over http is redirected even when the page is cached', async () => {
    const proxied = await startTestApp({ env: { TRUST_PROXY: 'loopback' }, pageCache: createPageCache({ freshMs: 10_000, staleMs: 0, maxBytes: 1024 * 1024 }) });
    try {
      const viaHttps = () => request(proxied.app).get('/article-1').set('Host', 'internal').set('X-Forwarded-Host', 'sub.example.com').set('X-Forwarded-Proto', 'https');
      await viaHttps();
      await viaHttps();
      expect((await viaHttps()).headers['x-page-cache']).toBe('hit');
      const viaHttp = await request(proxied.app).get('/article-1').set('Host', 'internal').set('X-Forwarded-Host', 'sub.example.com').set('X-Forwarded-Proto', 'http');
      expect(viaHttp.status).toBe(308);
      expect(viaHttp.headers.location).toBe('https://sub.example.com/article-1');
    } finally {
      await proxied.close();
    }
  });
});
