/**
 * sitemap.xml of a site (sitemaps.org 0.9). Pure. Home, the menu categories and the articles,
 * each with `lastmod` from `updatedAt` (else `createdAt`, else `publishedAt`); past 50,000 URLs
 * (the protocol's limit for one file) the sitemap becomes a sitemap index whose parts are
 * /sitemap-<n>.xml, 50,000 URLs each.
 */
import { isoDateOf } from '../../shared/format';
import type { Article, Category } from '../../shared/records';
import { isValidSlug, sitemapPartPath } from '../routing/routes';
import { articlePath, categoryPath } from './page-head';
import { siteUrl } from '../routing/site-urls';
import { textElement, XML_DECLARATION } from './xml';

/** URLs in one sitemap file (sitemaps.org: at most 50,000). */
export const SITEMAP_URL_LIMIT = 50_000;
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapEntry {
  readonly loc: string;
  readonly lastmod?: string | undefined;
}

/** What the sitemap needs of an article (the walk keeps only this: bodies are large). */
export type SitemapArticle = Pick<Article, 'slug' | 'category' | 'updatedAt' | 'createdAt' | 'publishedAt'>;

type Dated = Pick<Article, 'updatedAt' | 'createdAt' | 'publishedAt'>;

/** When an article last changed: updated, else created, else published; ISO 8601. */
export const lastmodOf = (article: Dated) => isoDateOf(article.updatedAt) ?? isoDateOf(article.createdAt) ?? isoDateOf(article.publishedAt);

/** The newest lastmod of a list (ISO strings of one format compare as text). */
export function newestLastmod(dates: readonly (string | undefined)[]): string | undefined {
  let latest: string | undefined;
  for (const date of dates) if (date && (!latest || date > latest)) latest = date;
  return latest;
}

/**
 * Home, categories (menu order), then articles in the order given, each URL once. Articles the
 * router would not serve (impossible slugs) are left out.
 */
export function sitemapEntries(origin: string, categories: readonly Category[], articles: readonly SitemapArticle[]): SitemapEntry[] {
  const listed = articles.filter((article) => isValidSlug(article.slug));
  const entries = new Map<string, SitemapEntry>();
  const add = (entry: SitemapEntry) => {
    if (!entries.has(entry.loc)) entries.set(entry.loc, entry);
  };
  add({ loc: siteUrl(origin, '/'), lastmod: newestLastmod(listed.map(lastmodOf)) });
  for (const category of categories) {
    if (!isValidSlug(category.slug)) continue;
    add({ loc: siteUrl(origin, categoryPath(category.slug)), lastmod: newestLastmod(listed.filter((article) => article.category === category._id).map(lastmodOf)) });
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

export interface SitemapFile {
  readonly xml: string;
  /** The newest lastmod of what the document lists (ISO 8601): its Last-Modified. */
  readonly lastmod: string | undefined;
}

/**
 * The document at /sitemap.xml (no part) or /sitemap-<part>.xml; null when there is no such
 * part (the sitemap is not split, or the part is past the last one). `limit` is the URLs per
 * file (SITEMAP_URL_LIMIT; tests pass a small one).
 */
export function sitemapFile(origin: string, entries: readonly SitemapEntry[], part?: number, limit = SITEMAP_URL_LIMIT): SitemapFile | null {
  const split = entries.length > limit;
  if (part === undefined) {
    const lastmod = newestLastmod(entries.map((entry) => entry.lastmod));
    if (!split) return { xml: urlsetXml(entries), lastmod };
    const parts: SitemapEntry[] = [];
    for (let start = 0, n = 1; start < entries.length; start += limit, n += 1) {
      parts.push({ loc: siteUrl(origin, sitemapPartPath(n)), lastmod: newestLastmod(entries.slice(start, start + limit).map((entry) => entry.lastmod)) });
    }
    return { xml: indexXml(parts), lastmod };
  }
  const start = (part - 1) * limit;
  if (!split || start >= entries.length) return null;
  const slice = entries.slice(start, start + limit);
  return { xml: urlsetXml(slice), lastmod: newestLastmod(slice.map((entry) => entry.lastmod)) };
}
