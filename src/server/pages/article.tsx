import { ArticlePage } from '../../shared/components/Pages';
import { notFound } from '../errors';
import { isValidSlug } from '../routes';
import { needsTopUp, NEW_ARTICLES_LIMIT, topUpNewArticles } from '../rules/new-articles';
import { leadImageOf, sanitizedBodyOf } from '../sanitize';
import { articleHead } from '../seo/page-head';
import { findNewOrEmpty, requiredOrUnavailable } from '../upstream/failures';
import { categoriesOf, toCard } from './cards';
import type { PageLoader } from './context';
import { finalArticlesOf } from './final-articles';

/** An article by slug, with the 9 new articles under it (findnew, topped up from article/home). */
export const loadArticle: PageLoader = async ({ site, origin, route, api, log }) => {
  const slug = route.index ?? '';
  if (!isValidSlug(slug)) throw notFound();
  const article = await requiredOrUnavailable(log, () => api.articleBySlug(slug, site.scope));
  if (!article) throw notFound('There is no answer at this address.');

  // Spec section 8: findnew failures are logged and count as an empty list; fewer than 9 are
  // topped up from article/home (final_articles order), without the current article or repeats.
  const answered = await findNewOrEmpty(log, () => api.findNewArticles({ slug: article.slug, _id: article._id, domains: article.domains }, NEW_ARTICLES_LIMIT));
  const found = topUpNewArticles(answered, [], article._id);
  const home = needsTopUp(found.length) ? await finalArticlesOf(site, api, log) : [];
  const newArticles = topUpNewArticles(found, home, article._id);

  const categories = await categoriesOf([article, ...newArticles], site, api, log);
  const category = article.category ? categories.get(article.category) : undefined;
  return {
    status: 200,
    head: articleHead(site, origin, article, category),
    content: (
      <ArticlePage
        article={{
          title: article.title || article.slug,
          bodyHtml: sanitizedBodyOf(article),
          category: category ? { name: category.name, slug: category.slug } : undefined,
          author: article.author?.name,
          publishedAt: article.publishedAt,
          updatedAt: article.updatedAt,
          image: leadImageOf(article.image),
        }}
        newArticles={newArticles.map((item) => toCard(item, categories))}
      />
    ),
  };
};
