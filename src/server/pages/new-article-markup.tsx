/**
 * The new-articles list (decision 0300): findnew's answer topped up from the home articles
 * (pages/new-articles.ts), its entries NewArticleItem each. Kept from its second use with the
 * records it is made of (render/kept-part.tsx): the data cache hands every request the same
 * answer while it is fresh, so a list asked for again is placed as one piece of markup; a list
 * made once (an article nobody asked for before) is rendered with its page. A new answer of the
 * API brings new records, and what was kept with the old ones goes with them.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { NewArticleItem, type NewArticlesList } from '../../shared/components/ArticleList';
import { BasePathProvider } from '../../shared/components/SiteLink';
import type { Article, Category } from '../../shared/records';
import { keptFromSecondUse } from '../memory/kept-per-record';
import { topUpNewArticles } from './new-articles';
import { toCard } from './cards';

/** No top-up: one array for every list that needs none, so the kept list matches. */
export const NO_TOP_UP: readonly Article[] = [];

/** The list shows no category: its entries' cards are made without. */
const NO_CATEGORIES: ReadonlyMap<string, Category> = new Map();

/** What the list shows of findnew's answer alone: never the current article, never a repeat. */
export const shownOfAnswer = keptFromSecondUse((answered: readonly Article[], currentId: string): readonly Article[] => topUpNewArticles(answered, NO_TOP_UP, currentId));

function entriesOf(shown: readonly Article[], home: readonly Article[], currentId: string, basePath: string) {
  const entries = topUpNewArticles(shown, home, currentId);
  const element = (
    <BasePathProvider value={basePath}>
      {entries.map((article) => (
        <NewArticleItem key={article._id} article={toCard(article, NO_CATEGORIES)} />
      ))}
    </BasePathProvider>
  );
  return { count: entries.length, element };
}

/** The whole list: what findnew's answer shows, topped up from `home`. */
export const newArticlesListOf = keptFromSecondUse(
  (shown: readonly Article[], home: readonly Article[], currentId: string, basePath: string): NewArticlesList => {
    const { count, element } = entriesOf(shown, home, currentId, basePath);
    return { count, entries: { markup: renderToStaticMarkup(element) } };
  },
  (shown, home, currentId, basePath) => {
    const { count, element } = entriesOf(shown, home, currentId, basePath);
    return { count, entries: { element } };
  },
);
