/** The per-site documents of the route table's DOCUMENT_TABLE, each built from the resolved site. */
import { notFound } from '../errors';
import type { DocumentName } from '../routes';
import { sanitizeArticleHtml } from '../sanitize';
import type { Site } from '../site/load-site';
import type { ContentApi } from '../upstream/content-api';
import type { LookupScope } from '../upstream/failures';
import { rssXml } from './feed';
import { articlePath } from './page-head';
import { robotsTxt } from './robots';
import { allSiteArticles, newestSiteArticles } from './site-articles';
import { sitemapEntries, sitemapXml } from './sitemap';
import { siteUrl } from './urls';

export interface DocumentContext {
  readonly site: Site;
  /** The site's root URL: origin and base path (seo/urls.ts). */
  readonly origin: string;
  /** The base path alone, for the paths robots.txt names. */
  readonly basePath: string;
  /** The sitemap part asked for, if any. */
  readonly part?: number | undefined;
  readonly api: ContentApi;
  readonly lookup: LookupScope;
}

export type DocumentBuilder = (context: DocumentContext) => Promise<string>;

export const DOCUMENT_BUILDERS: Readonly<Record<DocumentName, DocumentBuilder>> = {
  robots: async ({ origin, basePath }) => robotsTxt(origin, basePath),

  sitemap: async ({ site, origin, part, api, lookup }) => {
    const entries = sitemapEntries(origin, site.menu.categories, await allSiteArticles(site, api, lookup));
    const xml = sitemapXml(origin, entries, part);
    if (xml === null) throw notFound('There is no such sitemap.');
    return xml;
  },

  feed: async ({ site, origin, api, lookup }) => {
    const categoryNames = new Map(site.menu.categories.map((category) => [category._id, category.name]));
    const articles = await newestSiteArticles(site, api, lookup);
    return rssXml(
      { title: site.name, link: siteUrl(origin, '/'), description: site.setting.config.igp_settings.description || `Answers from ${site.name}`, origin },
      articles.map((article) => ({
        title: article.title || article.slug,
        link: siteUrl(origin, articlePath(article.slug)),
        description: article.excerpt || undefined,
        contentHtml: sanitizeArticleHtml(article.body) || undefined,
        author: article.author?.name,
        category: article.category ? categoryNames.get(article.category) : undefined,
        published: article.publishedAt ?? undefined,
      })),
    );
  },
};
