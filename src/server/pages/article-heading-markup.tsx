/**
 * An article's heading (its category's link, title, author and dates) as markup: rendered once
 * per article record by React (the same ArticleHeadingContent component, the same output) and
 * kept with the record for the category and base path it was made with (kept/kept-per-record.ts),
 * as the new-articles entries are (decision 0300). The data cache hands every request the same record
 * and category objects until the API answers anew; a new answer brings new objects and a new render.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { ArticleHeadingContent } from '../../shared/components/Pages';
import { BasePathProvider } from '../../shared/components/SiteLink';
import type { Article, Category } from '../../shared/records';
import { factsOf } from '../kept/article-facts';
import { keptPerRecord } from '../kept/kept-per-record';

export const articleHeadingMarkupOf = keptPerRecord((article: Article, category: Category | undefined, basePath: string): string => {
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
});
