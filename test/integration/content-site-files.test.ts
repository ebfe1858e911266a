/** robots.txt, sitemap.xml (and its index) and feed.xml through HTTP, per site. */
import request from 'supertest';
import type { Article } from '../../src/shared/records';
import { testDataset } from '../fixtures/dataset';
import { failWith } from '../support/fake-upstream';
import { parseHtml, parseXml } from '../support/html';
import { startTestApp, useTestApp, type TestApp } from '../support/test-app';

const t = useTestApp();

const get = (path: string, host: string) => request(t.app).get(path).set('Host', host);
const texts = (doc: Document, tag: string) => [...doc.getElementsByTagName(tag)].map((el) => el.textContent);

describe('Cache-Control of the documents', () => {
  // The app's first request compiles and warms it; on a busy machine a cold lookup can pass its
  // timeout, and the document is then (rightly) degraded and private.
  beforeAll(() => get('/robots.txt', 'example.com'));

  it.each(['/robots.txt', '/sitemap.xml', '/feed.xml'])('%s is shared like a page (s-maxage with stale-while-revalidate and stale-if-error)', async (path) => {
    const res = await get(path, 'example.com');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60, stale-if-error=3600');
  });

  it('a personal query (the search parameter) makes it private', async () => {
    expect((await get('/robots.txt?s=x', 'example.com')).headers['cache-control']).toBe('private, no-store');
  });
});

describe('robots.txt', () => {
  it.each([
    ['sub.example.com', 'https://sub.example.com/sitemap.xml'],
    ['example.com', 'https://example.com/sitemap.xml'],
    ['cooking.localhost:3000', 'http://cooking.localhost:3000/sitemap.xml'],
  ])('%s names its own sitemap and disallows the private routes and the search view', async (host, sitemap) => {
    const res = await get('/robots.txt', host);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines).toContain(`Sitemap: ${sitemap}`);
    for (const rule of ['Disallow: /login', 'Disallow: /dashboard', 'Disallow: /fortified-portal', 'Disallow: /?s=']) expect(lines).toContain(rule);
  });

  it('asks nothing of the content API beyond the site lookup, and runs no campaign lookup', async () => {
    await get('/robots.txt?utm_id=c1', 'sub.example.com');
    expect(t.upstream.calls.map((call) => call.path).filter((path) => path.startsWith('/api/article'))).toEqual([]);
    expect(t.upstream.campaignCalls).toHaveLength(0);
  });
});

describe('sitemap.xml', () => {
  it('is well-formed, on the right host per site, with home, menu categories and articles', async () => {
    const res = await get('/sitemap.xml', 'example.com');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = parseXml(res.text);
    expect(doc.documentElement.localName).toBe('urlset');
    const locs = texts(doc, 'loc');
    expect(locs.slice(0, 3)).toEqual(['https://example.com/', 'https://example.com/category/beta', 'https://example.com/category/alpha']);
    // final_articles a13..a15 first, then beta (a25..a13) and alpha (a12..a1), each once.
    expect(locs.slice(3, 6)).toEqual(['https://example.com/article-13', 'https://example.com/article-14', 'https://example.com/article-15']);
    expect(locs).toHaveLength(3 + 25);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.every((loc) => loc?.startsWith('https://example.com/'))).toBe(true);
  });

  it('each site lists its own host and its own articles', async () => {
    const locs = texts(parseXml((await get('/sitemap.xml', 'rich.test')).text), 'loc');
    expect(locs).toEqual(['https://rich.test/', 'https://rich.test/category/rich', 'https://rich.test/category/empty', 'https://rich.test/lead-image-answer', 'https://rich.test/hostile-title', 'https://rich.test/bad-image-url']);
  });

  it('lastmod comes from updatedAt (publishedAt when there is none); home and categories take their newest', async () => {
    const doc = parseXml((await get('/sitemap.xml', 'rich.test')).text);
    const lastmod = (loc: string) => [...doc.getElementsByTagName('url')].find((url) => url.getElementsByTagName('loc')[0]?.textContent === loc)?.getElementsByTagName('lastmod')[0]?.textContent;
    expect(lastmod('https://rich.test/lead-image-answer')).toBe('2026-09-03T10:00:00.000Z');
    expect(lastmod('https://rich.test/hostile-title')).toBe('2026-09-02T08:00:00.000Z');
    expect(lastmod('https://rich.test/')).toBe('2026-09-03T10:00:00.000Z');
    expect(lastmod('https://rich.test/category/rich')).toBe('2026-09-03T10:00:00.000Z');
    expect(lastmod('https://rich.test/category/empty')).toBeUndefined();
  });

  it('reads the lists through article/list in the site scope, 100 a page', async () => {
    await get('/sitemap.xml', 'example.com');
    expect(t.upstream.callsTo('/api/article/list').map((call) => call.query)).toEqual([
      { category: 'cat-b', type: 'domains', domains: 'dom-example', page: '1', limit: '100' },
      { category: 'cat-a', type: 'domains', domains: 'dom-example', page: '1', limit: '100' },
    ]);
  });

  it('a failing list is logged and left out; the sitemap stays well-formed', async () => {
    t.upstream.override('/api/article/list', failWith.status(500));
    const res = await get('/sitemap.xml', 'example.com');
    expect(res.status).toBe(200);
    expect(texts(parseXml(res.text), 'loc')).toHaveLength(3 + 3);
    expect(t.logs.events('upstream.fetch_failed')).toHaveLength(2);
  });

  it('has no parts while it is small: /sitemap-1.xml is a 404 page in the shell', async () => {
    const res = await get('/sitemap-1.xml', 'example.com');
    expect(res.status).toBe(404);
    expect(parseHtml(res.text).getElementById('site-header')).not.toBeNull();
  });
});

describe('a sitemap past the URLs of one file (50,000; 20 here)', () => {
  let big: TestApp;
  beforeAll(async () => {
    const many: Article[] = Array.from({ length: 30 }, (_, i) => ({
      _id: `m${i}`,
      slug: `many-${i}`,
      domains: ['dom-example'],
      title: `Many ${i}`,
      excerpt: '',
      body: '',
      category: 'cat-b',
      publishedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      updatedAt: null,
    }));
    big = await startTestApp({ dataset: { ...testDataset, articles: [...testDataset.articles, ...many] }, sitemapUrlLimit: 20 });
  });
  afterAll(() => big.close());

  const getBig = (path: string) => request(big.app).get(path).set('Host', 'example.com');

  it('becomes a sitemap index whose parts hold every URL once, at most the limit each', async () => {
    const indexRes = await getBig('/sitemap.xml');
    const index = parseXml(indexRes.text);
    expect(index.documentElement.localName).toBe('sitemapindex');
    const total = 3 + 25 + 30;
    expect(texts(index, 'loc')).toEqual(['https://example.com/sitemap-1.xml', 'https://example.com/sitemap-2.xml', 'https://example.com/sitemap-3.xml']);
    const parts = await Promise.all([1, 2, 3].map((part) => getBig(`/sitemap-${part}.xml`)));
    const locs = parts.map((res) => texts(parseXml(res.text), 'loc'));
    expect(locs.map((list) => list.length)).toEqual([20, 20, total - 40]);
    expect(new Set(locs.flat()).size).toBe(total);
    expect(locs[0]?.[0]).toBe('https://example.com/');
    expect(parts.every((res) => res.headers['last-modified'] !== undefined && res.headers['cache-control']?.startsWith('public'))).toBe(true);
    // The index changed when its newest part did.
    expect(indexRes.headers['last-modified']).toBe('Sun, 25 Oct 2026 09:00:00 GMT');
    expect((await getBig('/sitemap-4.xml')).status).toBe(404);
  });
});

describe('Last-Modified and If-Modified-Since', () => {
  it.each([
    ['/sitemap.xml', 'rich.test', 'Thu, 03 Sep 2026 10:00:00 GMT'],
    ['/feed.xml', 'rich.test', 'Thu, 03 Sep 2026 10:00:00 GMT'],
    ['/sitemap.xml', 'example.com', 'Sun, 25 Oct 2026 09:00:00 GMT'],
  ])('%s of %s was last modified at its newest article change, and answers 304 when not modified since', async (path, host, lastModified) => {
    const res = await get(path, host);
    expect(res.headers['last-modified']).toBe(lastModified);
    const since = await get(path, host).set('If-Modified-Since', lastModified);
    expect(since.status).toBe(304);
    expect(since.text).toBe('');
    expect(since.headers['cache-control']).toBe(res.headers['cache-control']);
    const before = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await get(path, host).set('If-Modified-Since', before)).status).toBe(200);
  });

  it('robots.txt and ads.txt carry no Last-Modified (they follow the settings, which have no date)', async () => {
    for (const path of ['/robots.txt', '/ads.txt']) expect((await get(path, 'example.com')).headers['last-modified']).toBeUndefined();
  });
});

describe('validators per encoding', () => {
  it.each(['/robots.txt', '/sitemap.xml', '/feed.xml'])('%s has one ETag per encoding, and a 304 only for the encoding the client holds', async (path) => {
    const identity = await get(path, 'example.com').set('Accept-Encoding', 'identity');
    const gzip = await get(path, 'example.com').set('Accept-Encoding', 'gzip');
    const br = await get(path, 'example.com').set('Accept-Encoding', 'br');
    expect([identity.headers['content-encoding'], gzip.headers['content-encoding'], br.headers['content-encoding']]).toEqual([undefined, 'gzip', 'br']);
    expect(gzip.text).toBe(identity.text);
    expect(br.text).toBe(identity.text);
    const etags = [identity, gzip, br].map((res) => res.headers.etag);
    expect(new Set(etags).size).toBe(3);
    for (const res of [identity, gzip, br]) expect(res.headers.vary).toMatch(/Accept-Encoding/);
    // The identity ETag does not validate the gzip bytes; the gzip one does.
    expect((await get(path, 'example.com').set('Accept-Encoding', 'gzip').set('If-None-Match', String(etags[0]))).status).toBe(200);
    const notModified = await get(path, 'example.com').set('Accept-Encoding', 'gzip').set('If-None-Match', String(etags[1]));
    expect([notModified.status, notModified.headers.etag]).toEqual([304, etags[1]]);
  });
});

describe('degraded documents (built after a failed lookup) are private', () => {
  it.each(['/sitemap.xml', '/feed.xml'])('%s with a list that could not be loaded: private, no-store, no validators, never a 304', async (path) => {
    t.upstream.override('/api/article/list', failWith.status(500));
    const res = await get(path, 'example.com');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['last-modified']).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
    const conditional = await get(path, 'example.com').set('If-Modified-Since', 'Fri, 01 Jan 2100 00:00:00 GMT').set('If-None-Match', '*');
    expect(conditional.status).toBe(200);
  });

  it.each(['/robots.txt', '/ads.txt', '/sitemap.xml', '/feed.xml'])("%s of a host whose site lookup failed (the global setting's fallback): private, no-store", async (path) => {
    t.upstream.override('/api/domain/get', failWith.status(500));
    const res = await get(path, 'example.com');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The fallback is the global setting's: ads.txt shows the network's line, not example.com's.
    if (path === '/ads.txt') expect(res.text).toBe('google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0\n');
  });

  it('the same documents are shared again once the upstream answers', async () => {
    expect((await get('/sitemap.xml', 'example.com')).headers['cache-control']).toMatch(/^public/);
  });
});

describe('feed.xml', () => {
  it('is well-formed RSS 2.0 of the newest articles, on the site host', async () => {
    const res = await get('/feed.xml', 'example.com');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const doc = parseXml(res.text);
    expect(doc.documentElement.localName).toBe('rss');
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const channel = doc.getElementsByTagName('channel')[0] as Element;
    const child = (parent: Element, name: string) => [...parent.children].find((el) => el.tagName === name)?.textContent;
    expect(child(channel, 'title')).toBe('Example Domain');
    expect(child(channel, 'link')).toBe('https://example.com/');
    expect(child(channel, 'description')).toBe('Answers from Example Domain');
    const items = [...doc.getElementsByTagName('item')];
    expect(items).toHaveLength(20);
    expect(items.map((item) => child(item, 'link')).slice(0, 3)).toEqual(['https://example.com/article-25', 'https://example.com/article-24', 'https://example.com/article-23']);
    const newest = items[0] as Element;
    expect(child(newest, 'title')).toBe('Question number 25?');
    expect(child(newest, 'guid')).toBe('https://example.com/article-25');
    expect(child(newest, 'description')).toBe('Short answer 25.');
    expect(child(newest, 'category')).toBe('Beta');
    expect(child(newest, 'pubDate')).toBe('Sun, 25 Oct 2026 08:00:00 GMT');
    // The newest change: article 25 was updated an hour after it was published.
    expect(child(channel, 'lastBuildDate')).toBe('Sun, 25 Oct 2026 09:00:00 GMT');
    expect(res.headers['last-modified']).toBe('Sun, 25 Oct 2026 09:00:00 GMT');
    expect(newest.getElementsByTagNameNS('http://purl.org/rss/1.0/modules/content/', 'encoded')[0]?.textContent).toBe('<p>Answer body 25.</p>');
  });

  it('carries hostile titles and bodies as escaped, sanitized text', async () => {
    const res = await get('/feed.xml', 'rich.test');
    const doc = parseXml(res.text);
    const titles = texts(doc, 'title');
    expect(titles).toContain('Close </script><script>alert("title")</script> \u2028 & "quotes"');
    const encoded = [...doc.getElementsByTagNameNS('http://purl.org/rss/1.0/modules/content/', 'encoded')].map((el) => el.textContent ?? '');
    expect(encoded.join('')).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0]?.getAttribute('href')).toBe('https://rich.test/feed.xml');
  });

  it('a site without menu or final_articles has an empty, valid feed', async () => {
    const doc = parseXml((await get('/feed.xml', 'check-only.test')).text);
    expect(doc.getElementsByTagName('item')).toHaveLength(0);
  });
});

describe('documents and failures', () => {
  it('HEAD answers without a body', async () => {
    const res = await request(t.app).head('/feed.xml').set('Host', 'example.com');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  });

  it('when no site can be loaded at all, a document is a 503 with Retry-After', async () => {
    t.upstream.override('/api/*', failWith.reset());
    const res = await get('/sitemap.xml', 'example.com');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('a trailing slash is not the document', async () => {
    expect((await get('/robots.txt/', 'example.com')).status).toBe(404);
  });
});
