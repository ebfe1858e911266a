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

describe('a sitemap past 5,000 URLs', () => {
  let big: TestApp;
  beforeAll(async () => {
    const many: Article[] = Array.from({ length: 5_100 }, (_, i) => ({
      _id: `m${i}`,
      slug: `many-${i}`,
      domains: ['dom-example'],
      title: `Many ${i}`,
      excerpt: '',
      body: '',
      category: 'cat-b',
      publishedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      updatedAt: null,
    }));
    big = await startTestApp({ dataset: { ...testDataset, articles: [...testDataset.articles, ...many] } });
  });
  afterAll(() => big.close());

  const getBig = (path: string) => request(big.app).get(path).set('Host', 'example.com');

  it('becomes a sitemap index whose parts hold every URL once, 5,000 at most each', async () => {
    const index = parseXml((await getBig('/sitemap.xml')).text);
    expect(index.documentElement.localName).toBe('sitemapindex');
    expect(texts(index, 'loc')).toEqual(['https://example.com/sitemap-1.xml', 'https://example.com/sitemap-2.xml']);
    const first = texts(parseXml((await getBig('/sitemap-1.xml')).text), 'loc');
    const second = texts(parseXml((await getBig('/sitemap-2.xml')).text), 'loc');
    expect(first).toHaveLength(5_000);
    expect(second).toHaveLength(3 + 25 + 5_100 - 5_000);
    expect(new Set([...first, ...second]).size).toBe(3 + 25 + 5_100);
    expect(first[0]).toBe('https://example.com/');
    expect((await getBig('/sitemap-3.xml')).status).toBe(404);
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
    expect(child(channel, 'lastBuildDate')).toBe('Sun, 25 Oct 2026 08:00:00 GMT');
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
