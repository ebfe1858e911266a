/**
 * BASE_PATH=/answers: every site is served under the prefix, and every link, asset, canonical
 * URL, sitemap, feed and redirect carries it; health checks stay at the root.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { assetsFrom } from '../../src/server/render/assets';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { appStateOf, jsonLdOf, parseHtml, parseXml } from '../support/html';
import { useTestApp } from '../support/test-app';

const BASE = '/answers';
const assetsDir = mkdtempSync(path.join(tmpdir(), 'base-path-assets-'));
writeFileSync(path.join(assetsDir, 'client-TEST.js'), 'export {};\n');
writeFileSync(path.join(assetsDir, 'site-TEST.css'), 'body{margin:0}\n');
afterAll(() => rmSync(assetsDir, { recursive: true, force: true }));

const t = useTestApp({
  env: { BASE_PATH: BASE, TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn' },
  assets: assetsFrom({ client: '/assets/client-TEST.js', stylesheet: '/assets/site-TEST.css' }, assetsDir, BASE),
  pageCache: createPageCache({ freshMs: 60_000, staleMs: 60_000, maxBytes: 10 * 1024 * 1024, now: () => 1_000_000 }),
});

const get = (target: string, host = 'example.com') => request(t.app).get(target).set('Host', host);
const page = async (target: string, host?: string) => {
  const res = await get(target, host);
  expect([target, res.status]).toEqual([target, 200]);
  return parseHtml(res.text);
};
const hrefs = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((el) => el.getAttribute('href') ?? '');
const canonical = (doc: Document) => doc.querySelector('link[rel=canonical]')?.getAttribute('href');
const ogUrl = (doc: Document) => doc.querySelector('meta[property="og:url"]')?.getAttribute('content');
const texts = (doc: Document, tag: string) => [...doc.getElementsByTagName(tag)].map((el) => el.textContent ?? '');

describe('pages under the base path', () => {
  it.each([`${BASE}/`, `${BASE}/article-1`, `${BASE}/category/beta`, `${BASE}/category/beta?page=2`, `${BASE}/?s=article`, `${BASE}/login`])(
    '%s: every link to a page of the site carries the prefix',
    async (target) => {
      const doc = await page(target);
      const own = hrefs(doc, 'a[href]').filter((href) => href.startsWith('/'));
      expect(own.length).toBeGreaterThan(0);
      expect(own.filter((href) => !href.startsWith(`${BASE}/`))).toEqual([]);
      expect(appStateOf(doc).basePath).toBe(BASE);
    },
  );

  it('the shell links home, the categories, the other menu and the articles under the prefix', async () => {
    const doc = await page(`${BASE}/`);
    expect(doc.querySelector('a.brand')?.getAttribute('href')).toBe(`${BASE}/`);
    expect(hrefs(doc, '#category-menu a')).toEqual([`${BASE}/category/beta`, `${BASE}/category/alpha`]);
    expect(hrefs(doc, '#other-menu a')).toEqual([`${BASE}/about`]);
    expect(hrefs(doc, '#home-articles a').every((href) => href.startsWith(`${BASE}/`))).toBe(true);
  });

  it("an editor's root-relative link in an article body gets the prefix; an external one stays", async () => {
    const doc = await page(`${BASE}/lead-image-answer`, 'rich.test');
    expect(hrefs(doc, '.article-body a[href]')).toEqual(['https://other.example.org/page', `${BASE}/local-page`]);
  });

  it('the pager and the search form stay under the prefix', async () => {
    expect(hrefs(await page(`${BASE}/category/beta`), 'a[rel=next]')).toEqual([`${BASE}/category/beta?page=2`]);
    expect(hrefs(await page(`${BASE}/category/beta?page=2`), 'a[rel=prev]')).toEqual([`${BASE}/category/beta`]);
    expect((await page(`${BASE}/?s=article`)).querySelector('form[role=search]')?.getAttribute('action')).toBe(`${BASE}/`);
  });

  it('canonical, og:url and JSON-LD carry the prefix', async () => {
    const home = await page(`${BASE}/`);
    expect(canonical(home)).toBe('https://example.com/answers/');
    const article = await page(`${BASE}/article-1?utm_id=x`);
    expect([canonical(article), ogUrl(article)]).toEqual(['https://example.com/answers/article-1', 'https://example.com/answers/article-1']);
    const urls = JSON.stringify(jsonLdOf(article)).match(/https:\/\/example\.com[^"]*/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => !url.startsWith('https://example.com/answers/'))).toEqual([]);
    expect(canonical(await page(`${BASE}/category/beta?page=2`))).toBe('https://example.com/answers/category/beta?page=2');
  });

  it('a development host keeps its scheme and port, then the prefix', async () => {
    expect(canonical(await page(`${BASE}/article-1`, 'localhost:3000'))).toBe('http://localhost:3000/answers/article-1');
  });

  it('the stylesheet, the client bundle and the feed are linked under the prefix, and the loader is allowed by its hash', async () => {
    const res = await get(`${BASE}/article-1`);
    const doc = parseHtml(res.text);
    expect(hrefs(doc, 'link[rel=stylesheet]')).toEqual([`${BASE}/assets/site-TEST.css`]);
    expect(hrefs(doc, 'link[rel=alternate][type="application/rss+xml"]')).toEqual([`${BASE}/feed.xml`]);
    const loader = [...doc.querySelectorAll('script[type=module]')].map((script) => script.textContent ?? '').find((text) => text.includes('client-TEST.js')) ?? '';
    expect(loader).toContain(`"${BASE}/assets/client-TEST.js"`);
    const hash = createHash('sha256').update(loader).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });

  it('the assets load under the prefix, and not at the root', async () => {
    const css = await get(`${BASE}/assets/site-TEST.css`);
    expect([css.status, css.text]).toEqual([200, 'body{margin:0}\n']);
    expect((await get(`${BASE}/assets/client-TEST.js`)).status).toBe(200);
    expect((await get('/assets/site-TEST.css')).status).toBe(404);
  });
});

describe('documents under the base path', () => {
  it('the sitemap lists only URLs under the prefix', async () => {
    const res = await get(`${BASE}/sitemap.xml`);
    expect(res.status).toBe(200);
    const locs = texts(parseXml(res.text), 'loc');
    expect(locs).toContain('https://example.com/answers/');
    expect(locs).toContain('https://example.com/answers/category/beta');
    expect(locs.filter((loc) => !loc.startsWith('https://example.com/answers/'))).toEqual([]);
  });

  it('the feed links the site, its items and itself under the prefix', async () => {
    const res = await get(`${BASE}/feed.xml`);
    expect(res.status).toBe(200);
    const doc = parseXml(res.text);
    const links = texts(doc, 'link');
    expect(links[0]).toBe('https://example.com/answers/');
    expect(links.length).toBeGreaterThan(1);
    expect(links.filter((link) => !link.startsWith('https://example.com/answers/'))).toEqual([]);
    expect(doc.getElementsByTagName('atom:link')[0]?.getAttribute('href')).toBe('https://example.com/answers/feed.xml');
  });

  it('robots.txt names the sitemap and the private paths under the prefix', async () => {
    const lines = (await get(`${BASE}/robots.txt`)).text.split('\n');
    expect(lines).toContain('Sitemap: https://example.com/answers/sitemap.xml');
    for (const rule of ['Disallow: /answers/login', 'Disallow: /answers/?s=']) expect(lines).toContain(rule);
  });
});

describe('redirects and addresses outside the base path', () => {
  it('the prefix without its slash is redirected to the home, query kept', async () => {
    for (const [target, location] of [[BASE, `${BASE}/`], [`${BASE}?s=why&page=2`, `${BASE}/?s=why&page=2`]] as const) {
      const res = await get(target);
      expect([res.status, res.headers.location]).toEqual([308, location]);
    }
  });

  it('a visitor who came over http is sent to https under the prefix', async () => {
    const res = await get(`${BASE}/article-1?page=2`).set('X-Forwarded-Proto', 'http');
    expect([res.status, res.headers.location]).toEqual([308, 'https://example.com/answers/article-1?page=2']);
    const home = await get(`${BASE}/`).set('X-Forwarded-Proto', 'http');
    expect(home.headers.location).toBe('https://example.com/answers/');
  });

  it.each(['/', '/article-1', '/category/beta', '/sitemap.xml', '/answersx/article-1', '/Answers/article-1'])('%s is not a page of this app: 404, no upstream call', async (target) => {
    const res = await get(target);
    expect(res.status).toBe(404);
    expect(t.upstream.calls).toEqual([]);
    expect(hrefs(parseHtml(res.text), 'a[href]')).toEqual([`${BASE}/`]);
  });

  it('the health checks stay at the root', async () => {
    expect((await get('/healthz')).status).toBe(200);
    expect((await get('/readyz')).status).toBe(200);
  });

  it('an error page under the prefix links home under the prefix', async () => {
    const res = await get(`${BASE}/no-such-answer`);
    expect(res.status).toBe(404);
    expect(hrefs(parseHtml(res.text), 'main a[href]')).toContain(`${BASE}/`);
  });
});

describe('the page cache under the base path', () => {
  it('a third request is answered in front of Express; the same path outside the prefix is not', async () => {
    expect((await get(`${BASE}/article-2`)).headers['x-page-cache']).toBe('miss');
    expect((await get(`${BASE}/article-2`)).headers['x-page-cache']).toBe('miss');
    const hit = await get(`${BASE}/article-2`);
    expect([hit.status, hit.headers['x-page-cache']]).toEqual([200, 'hit']);
    expect(canonical(parseHtml(hit.text))).toBe('https://example.com/answers/article-2');
    const outside = await get('/article-2');
    expect([outside.status, outside.headers['x-page-cache']]).toEqual([404, undefined]);
  });
});
