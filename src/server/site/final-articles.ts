import type { Article } from '../../shared/records';
import type { Site } from './site';
import { ON_FAILURE, orFallback, type LookupScope } from '../content/failures';
import type { ContentApi } from '../content/content-api';

/**
 * The site's `final_articles` through article/home, in `final_articles` order (the API may
 * answer in any order), each once; a failed call is logged and gives an empty list.
 */
export async function finalArticlesOf(site: Site, api: ContentApi, lookup: LookupScope): Promise<Article[]> {
  const ids = [...new Set(site.setting.final_articles)];
  const found = await orFallback(lookup, ON_FAILURE.list, api.homeArticles(ids, site.scope), []);
  const byId = new Map(found.map((article) => [article._id, article]));
  return ids.map((id) => byId.get(id)).filter((article) => article !== undefined);
}
