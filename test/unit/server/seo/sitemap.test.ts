import { SITEMAP_URL_LIMIT, sitemapEntries, sitemapXml } from '../../../../src/server/seo/sitemap';
import { parseXml } from '../../../support/html';

const ORIGIN = 'https://site.example';
const categories = [
  { _id: 'c1', name: 'One', slug: 'one' },
  { _id: 'c2', name: 'Two', slug: 'two' },
  { _id: 'c3', name: 'Bad', slug: 'no good' },
];

const article = (n: number, category: string, updatedAt: string | null, publishedAt: string | null = '2026-01-01T00:00:00.000Z') => ({ slug: `a-${n}`, category, updatedAt, publishedAt });

describe('sitemapEntries', () => {
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

describe('sitemapXml', () => {
  const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ loc: `${ORIGIN}/a-${i}`, lastmod: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z` }));

  it('is one urlset up to the limit, and has no parts then', () => {
    const xml = sitemapXml(ORIGIN, entries(SITEMAP_URL_LIMIT)) ?? '';
    const doc = parseXml(xml);
    expect(doc.documentElement.localName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(doc.getElementsByTagName('url')).toHaveLength(SITEMAP_URL_LIMIT);
    expect(sitemapXml(ORIGIN, entries(SITEMAP_URL_LIMIT), 1)).toBeNull();
  });

  it('past the limit is an index of parts of at most the limit each', () => {
    const all = entries(SITEMAP_URL_LIMIT * 2 + 1);
    const index = parseXml(sitemapXml(ORIGIN, all) ?? '');
    expect(index.documentElement.localName).toBe('sitemapindex');
    expect([...index.getElementsByTagName('loc')].map((loc) => loc.textContent)).toEqual([`${ORIGIN}/sitemap-1.xml`, `${ORIGIN}/sitemap-2.xml`, `${ORIGIN}/sitemap-3.xml`]);
    expect(index.getElementsByTagName('lastmod')[0]?.textContent).toBe('2026-01-28T00:00:00.000Z');
    const sizes = [1, 2, 3].map((part) => parseXml(sitemapXml(ORIGIN, all, part) ?? '').getElementsByTagName('url').length);
    expect(sizes).toEqual([SITEMAP_URL_LIMIT, SITEMAP_URL_LIMIT, 1]);
    expect(parseXml(sitemapXml(ORIGIN, all, 3) ?? '').getElementsByTagName('loc')[0]?.textContent).toBe(`${ORIGIN}/a-${SITEMAP_URL_LIMIT * 2}`);
    expect(sitemapXml(ORIGIN, all, 4)).toBeNull();
  });
});
