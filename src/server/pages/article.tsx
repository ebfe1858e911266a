import type { NewArticlesList } from '../../shared/components/ArticleList';
import { ArticlePage } from '../../shared/components/Pages';
import { pendingOf } from '../../shared/pending';
import type { Article } from '../../shared/records';
import { notFound } from '../http/errors';
import { isValidSlug } from '../routing/routes';
import { needsTopUp, NEW_ARTICLES_LIMIT } from './new-articles';
import { sanitizedBodyOf } from '../content/sanitized-body';
import { leadImageOf } from '../content/sanitize';
import { articleHead } from '../seo/page-head';
import type { Site } from '../site/site';
import type { ContentApi } from '../content/content-api';
import { ON_FAILURE, orFallback, type LookupScope } from '../content/failures';
import { articleHeadingOf } from './article-heading-markup';
import { categoriesOf } from './cards';
import { newArticlesListOf, NO_TOP_UP, shownOfAnswer } from './new-article-markup';
import type { PageLoader } from './context';
import { finalArticlesOf } from '../site/final-articles';

/**
 * The 9 new articles under an article (spec section 8): findnew, whose failures are logged and
 * count as an empty list, topped up from article/home (final_articles order), without the
 * current article or repeats. Secondary: the page is streamed without waiting for it.
 */
async function newArticlesOf(article: Article, site: Site, basePath: string, api: ContentApi, lookup: LookupScope): Promise<NewArticlesList> {
  const answered = await orFallback(lookup, ON_FAILURE.newArticles, api.findNewArticles({ slug: article.slug, _id: article._id, domains: article.domains }, NEW_ARTICLES_LIMIT), []);
  const shown = shownOfAnswer(answered, article._id);
  const home = needsTopUp(shown.length) ? await finalArticlesOf(site, api, lookup) : NO_TOP_UP;
  // The list shows titles and excerpts only: no category lookup for its entries.
  return newArticlesListOf(shown, home, article._id, basePath);
}

/** An article by slug (primary: it decides the status), with the new articles streamed under it. */
export const loadArticle: PageLoader = async ({ site, origin, basePath, route, api, lookup }) => {
  const slug = route.index ?? '';
  if (!isValidSlug(slug)) throw notFound();
  const article = await orFallback(lookup, ON_FAILURE.required, api.articleBySlug(slug, site.scope));
  if (!article) throw notFound('There is no answer at this address.');

  // The render reads it (and reports a failure as render.error).
  const newArticles = pendingOf(newArticlesOf(article, site, basePath, api, lookup));
  const categories = await categoriesOf([article], site, api, lookup);
  const category = article.category ? categories.get(article.category) : undefined;
  return {
    status: 200,
    head: articleHead(site, origin, article, category),
    content: (
      <ArticlePage
        article={{
          heading: articleHeadingOf(article, category, basePath),
          bodyHtml: sanitizedBodyOf(article, basePath),
          image: leadImageOf(article.image),
        }}
        newArticles={newArticles}
      />
    ),
    secondaryParts: [newArticles],
  };
};
