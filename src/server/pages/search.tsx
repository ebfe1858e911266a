import { SearchPage } from '../../shared/components/Pages';
import { badRequest } from '../http/errors';
import { pageQuery, siteUrl } from '../routing/site-urls';
import { ON_FAILURE, orFallback } from '../content/failures';
import { cardsOf } from './cards';
import type { PageLoader } from './context';
import { assertPageExists, PAGE_SIZE, pageCountOf, pageNumberOf } from './pagination';

export const MAX_SEARCH_LENGTH = 200;
// Control characters (C0, DEL, C1) have no place in a search.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Checks a search query; a 400 for one too long (in characters, not UTF-16 units) or with control characters. */
export function searchQueryOf(raw: string | undefined): string {
  const text = raw ?? '';
  if (CONTROL_CHARACTERS.test(text)) throw badRequest('A search cannot contain control characters.');
  const query = text.trim();
  if (query.length > MAX_SEARCH_LENGTH && [...query].length > MAX_SEARCH_LENGTH) throw badRequest(`A search can be at most ${MAX_SEARCH_LENGTH} characters long.`);
  return query;
}

/** `/?s=`: results without the shell, 10 a page, with an empty state; never indexed (route table). */
export const loadSearch: PageLoader = async ({ queryValue, site, api, lookup }) => {
  const query = searchQueryOf(queryValue('s'));
  const page = pageNumberOf(queryValue('page'));
  const result = query ? await orFallback(lookup, ON_FAILURE.list, api.searchArticles(query, site.scope, page, PAGE_SIZE), { articles: [], total: 0 }) : { articles: [], total: 0 };
  const pages = pageCountOf(result.total);
  assertPageExists(page, pages);
  return {
    status: 200,
    head: { title: query ? `Search: ${query} | ${site.name}` : `Search | ${site.name}` },
    content: (
      <SearchPage
        siteName={site.name}
        query={query}
        total={result.total}
        articles={await cardsOf(result.articles, site, api, lookup)}
        pagination={{ page, pages, hrefFor: (n) => siteUrl('', '/', { s: query, ...pageQuery(n) }) }}
      />
    ),
  };
};
