import { renderToStaticMarkup } from 'react-dom/server';
import { newArticleMarkupOf, newArticlesMarkupOf, NO_TOP_UP, shownOfAnswer } from '../../../../src/server/pages/new-article-markup';
import { toCard } from '../../../../src/server/pages/cards';
import { NewArticleItem } from '../../../../src/shared/components/ArticleList';
import { articleSchema, type Article } from '../../../../src/shared/records';
import { articles } from '../../../fixtures/dataset';

/** A record of the test dataset, parsed anew (a new object, as a new answer of the API is). */
function record(slug: string, change: (article: Article) => Article = (article) => article): Article {
  const article = articles.find((candidate) => candidate.slug === slug);
  if (!article) throw new Error(`fixture ${slug} missing`);
  return articleSchema.parse(change(article));
}

describe('newArticleMarkupOf', () => {
  it('is the markup React renders for the entry as elements', () => {
    const article = record('article-1');
    expect(newArticleMarkupOf(article, '')).toBe(renderToStaticMarkup(<NewArticleItem article={toCard(article, new Map())} />));
  });

  it('renders a new record (a new answer of the API) anew', () => {
    const before = newArticleMarkupOf(record('article-1'), '');
    const renamed = newArticleMarkupOf(record('article-1', (article) => ({ ...article, title: 'Renamed answer' })), '');
    expect(renamed).not.toBe(before);
    expect(renamed).toContain('>Renamed answer</a>');
  });

  it("puts the app's base path on the link, and renders again for another base path", () => {
    const article = record('article-1');
    expect(newArticleMarkupOf(article, '/answers')).toContain('href="/answers/article-1"');
    expect(newArticleMarkupOf(article, '')).toContain('href="/article-1"');
  });

  it('escapes what the API sends as text', () => {
    const hostile = record('article-1', (article) => ({ ...article, title: '<script>alert(1)</script>', excerpt: 'a & "b"' }));
    const markup = newArticleMarkupOf(hostile, '');
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markup).toContain('<p>a &amp; &quot;b&quot;</p>');
  });
});

describe('the new-articles list', () => {
  const answer = (...slugs: string[]) => slugs.map((slug) => record(slug));

  it("shows findnew's answer without the current article or a repeat", () => {
    const [first, second] = answer('article-1', 'article-2');
    if (!first || !second) throw new Error('fixtures missing');
    expect(shownOfAnswer([first, second, first], second._id)).toEqual([first]);
  });

  it("is its entries' markup in order, topped up from the home articles, with their count", () => {
    const shown = answer('article-1');
    const home = answer('article-2', 'article-3');
    const list = newArticlesMarkupOf(shown, home, 'current', '');
    expect(list.count).toBe(3);
    expect(list.markup).toBe([...shown, ...home].map((article) => newArticleMarkupOf(article, '')).join(''));
  });

  it('is made once per answer and inputs, and anew when the top-up or base path changes', () => {
    const shown = answer('article-1', 'article-2');
    const list = newArticlesMarkupOf(shown, NO_TOP_UP, 'current', '');
    expect(newArticlesMarkupOf(shown, NO_TOP_UP, 'current', '')).toBe(list);
    expect(newArticlesMarkupOf(shown, NO_TOP_UP, 'current', '/answers').markup).toContain('href="/answers/article-1"');
    expect(newArticlesMarkupOf(shown, answer('article-3'), 'current', '').count).toBe(3);
  });

  it('is empty when there is nothing to show', () => {
    expect(newArticlesMarkupOf([], NO_TOP_UP, 'current', '')).toEqual({ count: 0, markup: '' });
  });
});
