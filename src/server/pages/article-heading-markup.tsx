/**
 * An article's heading (its category's link, title, author and dates) as markup, rendered by
 * React (the same ArticleHeadingContent component, the same output) for each view: kept per
 * article it would serve only repeat views of one article, which the page cache answers, and
 * cost the long tail its memory (decision 0300).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { ArticleHeadingContent } from '../../shared/components/Pages';
import { BasePathProvider } from '../../shared/components/SiteLink';
import type { Article, Category } from '../../shared/records';
import { factsOf } from '../rules/article-facts';

export function articleHeadingMarkupOf(article: Article, category: Category | undefined, basePath: string): string {
  const facts = factsOf(article);
  return renderToStaticMarkup(
    <BasePathProvider value={basePath}>
      <ArticleHeadingContent
        heading={{
          title: article.title || article.slug,
          category: category ? { name: category.name, slug: category.slug } : undefined,
          author: article.author?.name,
          published: facts.published,
          updated: facts.updated,
        }}
      />
    </BasePathProvider>,
  );
}
