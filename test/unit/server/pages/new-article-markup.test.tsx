import { renderToStaticMarkup } from 'react-dom/server';
import { newArticleMarkupOf } from '../../../../src/server/pages/new-article-markup';
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
    expect(newArticleMarkupOf(article, '').markup).toBe(renderToStaticMarkup(<NewArticleItem article={toCard(article, new Map())} />));
  });

  it('renders an entry once per record: the same record gets the same entry', () => {
    const article = record('article-1');
    expect(newArticleMarkupOf(article, '')).toBe(newArticleMarkupOf(article, ''));
  });

  it('renders a new record (a new answer of the API) anew', () => {
    const before = newArticleMarkupOf(record('article-1'), '');
    const renamed = newArticleMarkupOf(record('article-1', (article) => ({ ...article, title: 'Renamed answer' })), '');
    expect(renamed).not.toBe(before);
    expect(renamed.markup).toContain('>Renamed answer</a>');
  });

  it("puts the app's base path on the link, and renders again for another base path", () => {
    const article = record('article-1');
    expect(newArticleMarkupOf(article, '/answers').markup).toContain('href="/answers/article-1"');
    expect(newArticleMarkupOf(article, '').markup).toContain('href="/article-1"');
  });

  it('escapes what the API sends as text', () => {
    const hostile = record('article-1', (article) => ({ ...article, title: '<script>alert(1)</script>', excerpt: 'a & "b"' }));
    const { markup } = newArticleMarkupOf(hostile, '');
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markup).toContain('<p>a &amp; &quot;b&quot;</p>');
  });
});
