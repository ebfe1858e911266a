/**
 * The lists of articles the sitemap and the feed are made of, read through the contract's
 * endpoints only: the site's `final_articles` (article/home) and each menu category's list
 * (article/list, paged). A failed call is logged (`upstream.fetch_failed`) and its list is empty.
 */
import type { Article } from '../../shared/records';
import { finalArticlesOf } from '../site/final-articles';
import type { Site } from '../site/site';
import { ON_FAILURE, orFallback, type LookupScope } from '../content/failures';
import type { ArticlePage, ContentApi } from '../content/content-api';
import { FEED_SIZE, newestArticles } from './feed';
import type { SitemapArticle } from './sitemap';
import { LOG_EVENTS } from '../http/log-events';

/** Articles per article/list call when walking a whole category. */
export const LIST_PAGE_SIZE = 100;
/** At most this many article/list calls for one sitemap (100,000 articles: two sitemap files). */
export const MAX_LIST_CALLS = 1_000;

const NO_ARTICLES: ArticlePage = { articles: [], total: 0 };

/** What the sitemap keeps of an article: the walk holds up to 100,000 and bodies are large. */
const sitemapFieldsOf = ({ slug, category, updatedAt, createdAt, publishedAt }: Article): SitemapArticle => ({ slug, category, updatedAt, createdAt, publishedAt });

/** Every article the site lists: final_articles first, then each menu category newest first. */
export async function allSiteArticles(site: Site, api: ContentApi, lookup: LookupScope): Promise<SitemapArticle[]> {
  let callsLeft = MAX_LIST_CALLS;
  // Categories are walked side by side, the pages of one category one after another.
  const walkCategory = async (categoryId: string): Promise<SitemapArticle[]> => {
    const found: SitemapArticle[] = [];
    for (let page = 1; callsLeft > 0; page += 1) {
      callsLeft -= 1;
      const result = await orFallback(lookup, ON_FAILURE.list, api.categoryArticles(categoryId, site.scope, page, LIST_PAGE_SIZE), NO_ARTICLES);
      for (const article of result.articles) found.push(sitemapFieldsOf(article));
      if (result.articles.length === 0 || page * LIST_PAGE_SIZE >= result.total) return found;
    }
    lookup.log.warn({ event: LOG_EVENTS.SITEMAP_TRUNCATED.event, categoryId, maxListCalls: MAX_LIST_CALLS }, 'sitemap article walk stopped at its call budget');
    return found;
  };
  const [finals, ...categories] = await Promise.all([finalArticlesOf(site, api, lookup), ...site.menu.categories.map((category) => walkCategory(category._id))]);
  return [...finals.map(sitemapFieldsOf), ...categories.flat()];
}

/** The site's newest articles: the first page of each menu category and final_articles, merged. */
export async function newestSiteArticles(site: Site, api: ContentApi, lookup: LookupScope, count = FEED_SIZE): Promise<Article[]> {
  const lists = await Promise.all([
    finalArticlesOf(site, api, lookup),
    ...site.menu.categories.map((category) => orFallback(lookup, ON_FAILURE.list, api.categoryArticles(category._id, site.scope, 1, count), NO_ARTICLES).then((result) => result.articles)),
  ]);
  return newestArticles(lists.flat(), count);
}
