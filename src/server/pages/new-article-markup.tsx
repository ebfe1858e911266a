/**
 * The new-articles list's entries as markup: each rendered once per article record by React
 * (the same NewArticleItem component, the same output) and kept with the record in a WeakMap, as
 * a site's header and footer are kept with its Site (decision 0290). An entry depends on its
 * article and the base path alone, and the data cache hands every request the same record while
 * it is fresh; a new answer of the API brings new records, and their entries go with the old ones.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { NewArticleItem, type NewArticleMarkup } from '../../shared/components/ArticleList';
import { BasePathProvider } from '../../shared/components/SiteLink';
import type { Article } from '../../shared/records';
import { toCard } from './cards';

const kept = new WeakMap<Article, { readonly basePath: string; readonly entry: NewArticleMarkup }>();

/** The list entry of an article: its title link and excerpt (no category: the list shows none). */
export function newArticleMarkupOf(article: Article, basePath: string): NewArticleMarkup {
  const known = kept.get(article);
  if (known?.basePath === basePath) return known.entry;
  const markup = renderToStaticMarkup(
    <BasePathProvider value={basePath}>
      <NewArticleItem article={toCard(article, new Map())} />
    </BasePathProvider>,
  );
  const entry: NewArticleMarkup = { markup };
  kept.set(article, { basePath, entry });
  return entry;
}
