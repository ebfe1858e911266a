/**
 * An article's heading (its category's link, title, author and dates), kept from its second
 * use with the article record for the category and base path it was made with
 * (render/kept-part.tsx), as the new-articles list is (decision 0300). The data cache hands every
 * request the same record and category objects until the API answers anew; a new answer brings
 * new objects and a new render.
 */
import { ArticleHeadingContent } from '../../shared/components/Pages';
import { BasePathProvider } from '../../shared/components/SiteLink';
import type { Article, Category } from '../../shared/records';
import { factsOf } from '../content/article-facts';
import { keptPart } from '../render/kept-part';

export const articleHeadingOf = keptPart((article: Article, category: Category | undefined, basePath: string) => {
  const facts = factsOf(article);
  return (
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
    </BasePathProvider>
  );
});
