/** The per-site documents of the route table's SITE_FILE_TABLE, each built from the resolved site. */
import { notFound } from '../http/errors';
import type { SiteFileName } from '../routing/routes';
import { sanitizeArticleHtml } from '../content/sanitize';
import type { Site } from '../site/site';
import type { ContentApi } from '../content/content-api';
import type { LookupScope } from '../content/failures';
import { adsTxtDocument, adsTxtLinesOf, hasAdsTxtRecords } from '../site/ads-txt';
import { feedLastmod, rssXml, type FeedItem } from './feed';
import { articlePath } from './page-head';
import { robotsTxt } from './robots';
import { allSiteArticles, newestSiteArticles } from './site-articles';
import { lastmodOf, sitemapFile, sitemapEntries } from './sitemap';
import { siteUrl } from '../routing/site-urls';
import { LOG_EVENTS } from '../http/log-events';

export interface SiteFileContext {
  readonly site: Site;
  /** The site's root URL: origin and base path (routing/site-urls.ts). */
  readonly origin: string;
  /** The base path alone, for the paths robots.txt names. */
  readonly basePath: string;
  /** The sitemap part asked for, if any. */
  readonly part?: number | undefined;
  readonly api: ContentApi;
  readonly lookup: LookupScope;
  /** URLs in one sitemap file (SITEMAP_URL_LIMIT; tests pass a small one). */
  readonly sitemapUrlLimit?: number | undefined;
  /** True the first time a warning about a record is reported (report-once.ts). */
  readonly isFirstReport: (key: string) => boolean;
}

export interface BuiltDocument {
  readonly body: string;
  /** When what the document lists last changed (ISO 8601): its Last-Modified, if known. */
  readonly lastmod?: string | undefined;
}

export type SiteFileBuilder = (context: SiteFileContext) => Promise<BuiltDocument>;

export const SITE_FILE_BUILDERS: Readonly<Record<SiteFileName, SiteFileBuilder>> = {
  robots: async ({ origin, basePath }) => ({ body: robotsTxt(origin, basePath) }),

  ads: async ({ site, lookup, isFirstReport }) => {
    const { lines, invalid } = adsTxtLinesOf(site.adsTxt?.value);
    if (site.adsTxt && invalid.length > 0 && isFirstReport(`ads.txt|${site.adsTxt.from}|${invalid.length}|${invalid[0]?.slice(0, 200)}`)) {
      lookup.log.warn({ event: LOG_EVENTS.SETTINGS_INVALID_ADS_TXT.event, settingId: site.adsTxt.from, count: invalid.length, lines: invalid.slice(0, 5).map((line) => line.slice(0, 200)) }, 'malformed ads.txt lines dropped');
    }
    if (!hasAdsTxtRecords(lines)) throw notFound('This site has no ads.txt.');
    return { body: adsTxtDocument(lines) };
  },

  sitemap: async ({ site, origin, part, api, lookup, sitemapUrlLimit }) => {
    const entries = sitemapEntries(origin, site.menu.categories, await allSiteArticles(site, api, lookup));
    const sitemap = sitemapFile(origin, entries, part, sitemapUrlLimit);
    if (sitemap === null) throw notFound('There is no such sitemap.');
    return { body: sitemap.xml, lastmod: sitemap.lastmod };
  },

  feed: async ({ site, origin, basePath, api, lookup }) => {
    const categoryNames = new Map(site.menu.categories.map((category) => [category._id, category.name]));
    const articles = await newestSiteArticles(site, api, lookup);
    const items = articles.map(
      (article): FeedItem => ({
        title: article.title || article.slug,
        link: siteUrl(origin, articlePath(article.slug)),
        description: article.excerpt || undefined,
        contentHtml: sanitizeArticleHtml(article.body, basePath) || undefined,
        author: article.author?.name,
        category: article.category ? categoryNames.get(article.category) : undefined,
        published: article.publishedAt ?? undefined,
        lastmod: lastmodOf(article),
      }),
    );
    const channel = { title: site.name, link: siteUrl(origin, '/'), description: site.setting.config.igp_settings.description || `Answers from ${site.name}`, origin };
    return { body: rssXml(channel, items), lastmod: feedLastmod(items) };
  },
};
