import { renderToStaticMarkup } from 'react-dom/server';
import { newArticlesListOf, NO_TOP_UP, shownOfAnswer } from '../../../../src/server/pages/new-article-markup';
import { toCard } from '../../../../src/server/pages/cards';
import { NewArticleItem } from '../../../../src/shared/components/ArticleList';
import { BasePathProvider } from '../../../../src/shared/components/SiteLink';
import { articleSchema, type Article } from '../../../../src/shared/records';
import { articles } from '../../../fixtures/dataset';
import { keptMarkupOf, placedMarkupOf } from '../../../support/page-part';

/** A record of the test dataset, parsed anew (a new object, as a new answer of the API is). */
function record(slug: string, change: (article: Article) => Article = (article) => article): Article {
  const article = articles.find((candidate) => candidate.slug === slug);
  if (!article) throw new Error(`fixture ${slug} missing`);
  return articleSchema.parse(change(article));
}

const answer = (...slugs: string[]) => slugs.map((slug) => record(slug));
const entriesOf = (...args: Parameters<typeof newArticlesListOf>) => placedMarkupOf(newArticlesListOf(...args).entries);

describe('the new-articles list', () => {
  it("shows findnew's answer without the current article or a repeat", () => {
    const [first, second] = answer('article-1', 'article-2');
    if (!first || !second) throw new Error('fixtures missing');
    expect(shownOfAnswer([first, second, first], second._id)).toEqual([first]);
  });

  it("is its entries as React renders them, in order, topped up from the home articles, with their count", () => {
    const shown = answer('article-1');
    const home = answer('article-2', 'article-3');
    const list = newArticlesListOf(shown, home, 'current', '');
    expect(list.count).toBe(3);
    expect(placedMarkupOf(list.entries)).toBe([...shown, ...home].map((article) => renderToStaticMarkup(<NewArticleItem article={toCard(article, new Map())} />)).join(''));
  });

  it('gives the elements on first use and keeps their markup from the second, per answer and inputs; anew when the top-up or base path changes', () => {
    const shown = answer('article-1', 'article-2');
    const first = newArticlesListOf(shown, NO_TOP_UP, 'current', '');
    expect(first.entries.markup).toBeUndefined();
    const kept = newArticlesListOf(shown, NO_TOP_UP, 'current', '');
    expect(keptMarkupOf(kept.entries)).toBe(placedMarkupOf(first.entries));
    expect(newArticlesListOf(shown, NO_TOP_UP, 'current', '')).toBe(kept);
    expect(entriesOf(shown, NO_TOP_UP, 'current', '/answers')).toContain('href="/answers/article-1"');
    expect(newArticlesListOf(shown, answer('article-3'), 'current', '').count).toBe(3);
  });

  it("puts the app's base path on the links, as elements and as kept markup", () => {
    const shown = answer('article-1');
    const first = newArticlesListOf(shown, NO_TOP_UP, 'current', '/answers');
    expect(renderToStaticMarkup(<BasePathProvider value="">{first.entries.element}</BasePathProvider>)).toContain('href="/answers/article-1"');
    expect(keptMarkupOf(newArticlesListOf(shown, NO_TOP_UP, 'current', '/answers').entries)).toContain('href="/answers/article-1"');
  });

  it('escapes what the API sends as text', () => {
    const hostile = answer('article-1').map((article) => ({ ...article, title: '<script>alert(1)</script>', excerpt: 'a & "b"' }));
    const markup = entriesOf(hostile, NO_TOP_UP, 'current', '');
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markup).toContain('<p>a &amp; &quot;b&quot;</p>');
  });

  it('is empty when there is nothing to show', () => {
    expect(newArticlesListOf([], NO_TOP_UP, 'current', '').count).toBe(0);
    expect(entriesOf([], NO_TOP_UP, 'current', '')).toBe('');
  });
});
