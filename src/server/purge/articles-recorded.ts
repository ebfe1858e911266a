/**
 * A view of the content API (same interface) that notes the id of every article an answer
 * carries: the articles a page is built from, whose change may change the page (its purge keys).
 * Search is left out: its pages are personal, never kept by a shared cache.
 */
import type { Article } from '../../shared/records';
import type { ContentApi } from '../upstream/content-api';

export function articlesRecordedBy(api: ContentApi, articleIds: Set<string>): ContentApi {
  // Only notes: whatever an answer holds (a client bug may hand over no list), the page gets it unchanged.
  const note = (articles: readonly Article[]) => {
    if (Array.isArray(articles)) for (const article of articles) articleIds.add(article._id);
  };
  return {
    ...api,
    findNewArticles: async (article, limit) => {
      const found = await api.findNewArticles(article, limit);
      note(found);
      return found;
    },
    homeArticles: async (ids, scope) => {
      const found = await api.homeArticles(ids, scope);
      note(found);
      return found;
    },
    articleBySlug: async (slug, scope) => {
      const found = await api.articleBySlug(slug, scope);
      if (found) note([found]);
      return found;
    },
    categoryArticles: async (categoryId, scope, page, limit) => {
      const found = await api.categoryArticles(categoryId, scope, page, limit);
      note(found.articles);
      return found;
    },
  };
}
