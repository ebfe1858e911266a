import { ArticlePage } from '../../shared/components/Pages';
import { notFound, unavailable } from '../errors';
import { isValidSlug } from '../routes';
import { needsTopUp, NEW_ARTICLES_LIMIT, topUpNewArticles } from '../rules/new-articles';
import { sanitizedBodyOf } from '../sanitize';
import { findNewCall, helperCall, requiredCall } from '../upstream/catalogue';
import { categoriesOf, toCard } from './cards';
import type { PageLoader } from './context';

/** An article by slug, with the 9 new articles under it (findnew, topped up from article/home). */
export const loadArticle: PageLoader = async ({ site, route, api, log }) => {
  const slug = route.index ?? '';
  if (!isValidSlug(slug)) throw notFound();
  const article = await requiredCall(log, () => api.articleBySlug(slug, site.scope)).catch(() => {
    throw unavailable();
  });
  if (!article) throw notFound('There is no answer at this address.');

  const found = await findNewCall(log, () => api.findNewArticles({ slug: article.slug, _id: article._id, domains: article.domains }, NEW_ARTICLES_LIMIT));
  const home = needsTopUp(found.length) ? await helperCall(log, () => api.homeArticles(site.setting.final_articles, site.scope), []) : [];
  // article/home answers in any order; the top-up follows final_articles.
  const homeById = new Map(home.map((item) => [item._id, item]));
  const homeOrdered = site.setting.final_articles.map((id) => homeById.get(id)).filter((item) => item !== undefined);
  const newArticles = topUpNewArticles(found, homeOrdered, article._id);

  const categories = await categoriesOf([article, ...newArticles], site, api, log);
  const category = article.category ? categories.get(article.category) : undefined;
  return {
    status: 200,
    head: { title: `${article.title} | ${site.name}`, description: article.excerpt || undefined },
    content: (
      <ArticlePage
        article={{
          title: article.title,
          bodyHtml: sanitizedBodyOf(article),
          category: category ? { name: category.name, slug: category.slug } : undefined,
          author: article.author?.name,
          publishedAt: article.publishedAt,
          updatedAt: article.updatedAt,
          image: article.image,
        }}
        newArticles={newArticles.map((item) => toCard(item, categories))}
      />
    ),
  };
};
