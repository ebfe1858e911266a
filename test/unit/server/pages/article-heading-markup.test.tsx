import { articleHeadingOf } from '../../../../src/server/pages/article-heading-markup';
import { articleSchema, categorySchema, type Article, type Category } from '../../../../src/shared/records';
import { articles, categories } from '../../../fixtures/dataset';
import { keptMarkupOf, placedMarkupOf } from '../../../support/page-part';

const articleHeadingMarkupOf = (...args: Parameters<typeof articleHeadingOf>) => placedMarkupOf(articleHeadingOf(...args));

/** A record of the test dataset, parsed anew (a new object, as a new answer of the API is). */
function record(slug: string, change: (article: Article) => Article = (article) => article): Article {
  const article = articles.find((candidate) => candidate.slug === slug);
  if (!article) throw new Error(`fixture ${slug} missing`);
  return articleSchema.parse(change(article));
}

function categoryOf(article: Article): Category {
  const found = categories.find((candidate) => candidate._id === article.category);
  if (!found) throw new Error(`fixture category ${article.category} missing`);
  return categorySchema.parse(found);
}

describe('articleHeadingOf', () => {
  it("shows the category's link, the title, the author and both dates", () => {
    const article = record('article-1');
    const category = categoryOf(article);
    const markup = articleHeadingMarkupOf(article, category, '');
    expect(markup).toContain(`<a href="/category/${category.slug}" class="article-category">${category.name}</a>`);
    expect(markup).toContain(`<h1>${article.title}</h1>`);
    expect(markup).toContain('<span class="article-author">By Author 1</span> · <span class="article-date">Published <time dateTime="2026-10-01T08:00:00.000Z">');
    expect(markup).toContain('Updated <time');
  });

  it('gives the elements on first use, keeps their markup from the second, per record, category and base path, anew when one of them changes', () => {
    const article = record('article-1');
    const category = categoryOf(article);
    const first = articleHeadingOf(article, category, '');
    expect(first.markup).toBeUndefined();
    const kept = articleHeadingOf(article, category, '');
    expect(keptMarkupOf(kept)).toBe(placedMarkupOf(first));
    expect(articleHeadingOf(article, category, '')).toBe(kept);
    expect(articleHeadingMarkupOf(article, category, '/answers')).toContain(`href="/answers/category/${category.slug}"`);
    expect(articleHeadingMarkupOf(article, undefined, '')).not.toContain('article-category');
    expect(articleHeadingMarkupOf(article, { ...category, name: 'Renamed category' }, '')).toContain('>Renamed category</a>');
    expect(articleHeadingMarkupOf(record('article-1', (before) => ({ ...before, title: 'Renamed answer' })), category, '')).toContain('<h1>Renamed answer</h1>');
  });

  it('escapes what the API sends as text, and names an untitled article by its slug', () => {
    const hostile = record('article-1', (article) => ({ ...article, title: '<script>alert(1)</script>', author: { name: 'a & "b"' } }));
    const markup = articleHeadingMarkupOf(hostile, undefined, '');
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(markup).toContain('By a &amp; &quot;b&quot;');
    expect(articleHeadingMarkupOf(record('article-1', (article) => ({ ...article, title: '' })), undefined, '')).toContain('<h1>article-1</h1>');
  });
});
