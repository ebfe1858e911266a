/**
 * The new-articles list as markup (decision 0300), kept with the records it is made of
 * (kept/kept-per-record.ts):
 * - each entry rendered once per article record by React (the same NewArticleItem component,
 *   the same output), as a site's header and footer are kept with its Site (decision 0290): an
 *   entry depends on its article and the base path alone;
 * - the whole list (findnew's answer topped up from the home articles, rules/new-articles.ts)
 *   joined once per answer, current article, top-up and base path.
 * The data cache hands every request the same records while they are fresh; a new answer of
 * the API brings new records, and what was kept with the old ones goes with them.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { NewArticleItem, type NewArticlesMarkup } from '../../shared/components/ArticleList';
import { BasePathProvider } from '../../shared/components/SiteLink';
import type { Article } from '../../shared/records';
import { keptPerRecord } from '../kept/kept-per-record';
import { topUpNewArticles } from '../rules/new-articles';
import { toCard } from './cards';

/** The list entry of an article: its title link and excerpt (no category: the list shows none). */
export const newArticleMarkupOf = keptPerRecord((article: Article, basePath: string): string =>
  renderToStaticMarkup(
    <BasePathProvider value={basePath}>
      <NewArticleItem article={toCard(article, new Map())} />
    </BasePathProvider>,
  ),
);

/** No top-up: one array for every list that needs none, so the kept list matches. */
export const NO_TOP_UP: readonly Article[] = [];

/** What the list shows of findnew's answer alone: never the current article, never a repeat. */
export const shownOfAnswer = keptPerRecord((answered: readonly Article[], currentId: string): readonly Article[] => topUpNewArticles(answered, NO_TOP_UP, currentId));

/** The whole list: what findnew's answer shows, topped up from `home`, as one piece of markup. */
export const newArticlesMarkupOf = keptPerRecord((shown: readonly Article[], home: readonly Article[], currentId: string, basePath: string): NewArticlesMarkup => {
  const entries = topUpNewArticles(shown, home, currentId);
  return { count: entries.length, markup: entries.map((article) => newArticleMarkupOf(article, basePath)).join('') };
});
