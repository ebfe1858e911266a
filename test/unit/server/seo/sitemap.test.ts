import { SITEMAP_URL_LIMIT, sitemapFile, sitemapEntries } from '../../../../src/server/seo/sitemap';
import { parseXml } from '../../../support/html';

const ORIGIN = 'https://site.example';
const categories = [
  { _id: 'c1', name: 'One', slug: 'one' },
  { _id: 'c2', name: 'Two', slug: 'two' },
  { _id: 'c3', name: 'Bad', slug: 'no good' },
];

const article = (n: number, category: string, updatedAt: string | null, publishedAt: string | null = '2026-01-01T00:00:00.000Z') => ({ slug: `a-${n}`, category, updatedAt, publishedAt });

describe('sitemapEntries', () => {
  it('lastmod is updatedAt, else createdAt, else publishedAt', () => {
    const [, ...articles] = sitemapEntries(ORIGIN, [], [
      { slug: 'u', updatedAt: '2026-03-03T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', publishedAt: '2026-02-02T00:00:00.000Z' },
      { slug: 'c', updatedAt: null, createdAt: '2026-01-01T00:00:00.000Z', publishedAt: '2026-02-02T00:00:00.000Z' },
      { slug: 'p', updatedAt: null, publishedAt: '2026-02-02T00:00:00.000Z' },
    ]);
    expect(articles.map((entry) => entry.lastmod)).toEqual(['2026-03-03T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-02-02T00:00:00.000Z']);
  });

  it('lists home, menu categories and articles once each, lastmod from updatedAt (else publishedAt)', () => {
    const entries = sitemapEntries(ORIGIN, categories, [
      article(1, 'c1', '2026-03-01T00:00:00.000Z'),
      article(2, 'c2', null, '2026-02-01T00:00:00.000Z'),
      article(1, 'c1', '2026-03-01T00:00:00.000Z'),
      { slug: '../etc', category: 'c1', updatedAt: '2030-01-01T00:00:00.000Z', publishedAt: null },
      article(3, 'c1', 'garbage', null),
    ]);
    expect(entries).toEqual([
      { loc: 'https://site.example/', lastmod: '2026-03-01T00:00:00.000Z' },
      { loc: 'https://site.example/category/one', lastmod: '2026-03-01T00:00:00.000Z' },
      { loc: 'https://site.example/category/two', lastmod: '2026-02-01T00:00:00.000Z' },
      { loc: 'https://site.example/a-1', lastmod: '2026-03-01T00:00:00.000Z' },
      { loc: 'https://site.example/a-2', lastmod: '2026-02-01T00:00:00.000Z' },
      { loc: 'https://site.example/a-3', lastmod: undefined },
    ]);
  });
});

describe('sitemapFile', () => {
  const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ loc: `${ORIGIN}/a-${i}`, lastmod: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z` }));
  const xmlOf = (doc: { xml: string } | null) => doc?.xml ?? '';

  it('holds 50,000 URLs a file (the sitemaps.org limit): one urlset up to it, an index past it', () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    const full = sitemapFile(ORIGIN, entries(50_000));
    expect(xmlOf(full)).toContain('<urlset');
    expect(xmlOf(full).split('<url>')).toHaveLength(50_001);
    expect(xmlOf(sitemapFile(ORIGIN, entries(50_001)))).toContain('<sitemapindex');
  });

  it('is one urlset up to the limit, and has no parts then; its lastmod is the newest', () => {
    const sitemap = sitemapFile(ORIGIN, entries(10), undefined, 10);
    const doc = parseXml(xmlOf(sitemap));
    expect(doc.documentElement.localName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(doc.getElementsByTagName('url')).toHaveLength(10);
    expect(sitemap?.lastmod).toBe('2026-01-10T00:00:00.000Z');
    expect(sitemapFile(ORIGIN, entries(10), 1, 10)).toBeNull();
  });

  it('past the limit is an index of parts of at most the limit each, each part with its own lastmod', () => {
    const all = entries(61);
    const index = sitemapFile(ORIGIN, all, undefined, 30);
    const indexDoc = parseXml(xmlOf(index));
    expect(indexDoc.documentElement.localName).toBe('sitemapindex');
    expect([...indexDoc.getElementsByTagName('loc')].map((loc) => loc.textContent)).toEqual([`${ORIGIN}/sitemap-1.xml`, `${ORIGIN}/sitemap-2.xml`, `${ORIGIN}/sitemap-3.xml`]);
    expect([...indexDoc.getElementsByTagName('lastmod')].map((lastmod) => lastmod.textContent)).toEqual(['2026-01-28T00:00:00.000Z', '2026-01-28T00:00:00.000Z', '2026-01-05T00:00:00.000Z']);
    expect(index?.lastmod).toBe('2026-01-28T00:00:00.000Z');
    const parts = [1, 2, 3].map((part) => sitemapFile(ORIGIN, all, part, 30));
    expect(parts.map((part) => parseXml(xmlOf(part)).getElementsByTagName('url').length)).toEqual([30, 30, 1]);
    expect(parts[2]?.lastmod).toBe('2026-01-05T00:00:00.000Z');
    expect(parseXml(xmlOf(parts[2] ?? null)).getElementsByTagName('loc')[0]?.textContent).toBe(`${ORIGIN}/a-60`);
    expect(sitemapFile(ORIGIN, all, 4, 30)).toBeNull();
  });
});
