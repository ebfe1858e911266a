/**
 * sitemap.xml of a site (sitemaps.org 0.9). Pure. Home, the menu categories and the articles,
 * each with `lastmod` from `updatedAt`; past 5,000 URLs the sitemap becomes a sitemap index
 * whose parts are /sitemap-<n>.xml, 5,000 URLs each.
 */
import { isoDateOf } from '../../shared/format';
import type { Article, Category } from '../../shared/records';
import { isValidSlug, sitemapPartPath } from '../routes';
import { articlePath, categoryPath } from './page-head';
import { siteUrl } from './urls';
import { textElement, XML_DECLARATION } from './xml';

export const SITEMAP_URL_LIMIT = 5_000;
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapEntry {
  readonly loc: string;
  readonly lastmod?: string | undefined;
}

type Dated = Pick<Article, 'updatedAt' | 'publishedAt'>;

const lastmodOf = (article: Dated) => isoDateOf(article.updatedAt) ?? isoDateOf(article.publishedAt);

/** The newest lastmod of a list (ISO strings of one format compare as text). */
function newest(dates: readonly (string | undefined)[]): string | undefined {
  let latest: string | undefined;
  for (const date of dates) if (date && (!latest || date > latest)) latest = date;
  return latest;
}

/**
 * Home, categories (menu order), then articles in the order given, each URL once. Articles the
 * router would not serve (impossible slugs) are left out.
 */
export function sitemapEntries(origin: string, categories: readonly Category[], articles: readonly (Dated & Pick<Article, 'slug' | 'category'>)[]): SitemapEntry[] {
  const listed = articles.filter((article) => isValidSlug(article.slug));
  const entries = new Map<string, SitemapEntry>();
  const add = (entry: SitemapEntry) => {
    if (!entries.has(entry.loc)) entries.set(entry.loc, entry);
  };
  add({ loc: siteUrl(origin, '/'), lastmod: newest(listed.map(lastmodOf)) });
  for (const category of categories) {
    if (!isValidSlug(category.slug)) continue;
    add({ loc: siteUrl(origin, categoryPath(category.slug)), lastmod: newest(listed.filter((article) => article.category === category._id).map(lastmodOf)) });
  }
  for (const article of listed) add({ loc: siteUrl(origin, articlePath(article.slug)), lastmod: lastmodOf(article) });
  return [...entries.values()];
}

function urlsetXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => `<url>${textElement('loc', entry.loc)}${textElement('lastmod', entry.lastmod)}</url>`);
  return `${XML_DECLARATION}\n<urlset xmlns="${NAMESPACE}">\n${urls.join('\n')}\n</urlset>\n`;
}

function indexXml(parts: readonly SitemapEntry[]): string {
  const sitemaps = parts.map((part) => `<sitemap>${textElement('loc', part.loc)}${textElement('lastmod', part.lastmod)}</sitemap>`);
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${NAMESPACE}">\n${sitemaps.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The document at /sitemap.xml (no part) or /sitemap-<part>.xml; null when there is no such
 * part (the sitemap is not split, or the part is past the last one).
 */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[], part?: number): string | null {
  const split = entries.length > SITEMAP_URL_LIMIT;
  if (part === undefined) {
    if (!split) return urlsetXml(entries);
    const parts: SitemapEntry[] = [];
    for (let start = 0, n = 1; start < entries.length; start += SITEMAP_URL_LIMIT, n += 1) {
      parts.push({ loc: siteUrl(origin, sitemapPartPath(n)), lastmod: newest(entries.slice(start, start + SITEMAP_URL_LIMIT).map((entry) => entry.lastmod)) });
    }
    return indexXml(parts);
  }
  const start = (part - 1) * SITEMAP_URL_LIMIT;
  if (!split || start >= entries.length) return null;
  return urlsetXml(entries.slice(start, start + SITEMAP_URL_LIMIT));
}
