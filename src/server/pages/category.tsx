import { CategoryPage } from '../../shared/components/Pages';
import { notFound } from '../http/errors';
import { isValidSlug } from '../routing/routes';
import { categoryHead, categoryPath } from '../seo/page-head';
import { pageQuery, siteUrl } from '../routing/site-urls';
import { ON_FAILURE, orFallback } from '../content/failures';
import { cardsOf } from './cards';
import type { PageLoader } from './context';
import { assertPageExists, PAGE_SIZE, pageCountOf, pageNumberOf } from './pagination';

/** A category by slug with its articles, newest first, 10 a page; past the last page is a 404. */
export const loadCategory: PageLoader = async ({ queryValue, site, origin, route, api, lookup }) => {
  const slug = route.index ?? '';
  if (!isValidSlug(slug)) throw notFound();
  const page = pageNumberOf(queryValue('page'));
  const categories = await orFallback(lookup, ON_FAILURE.required, api.categoriesBySlug(slug));
  const category = categories[0];
  if (!category) throw notFound('There is no category at this address.');
  const result = await orFallback(lookup, ON_FAILURE.list, api.categoryArticles(category._id, site.scope, page, PAGE_SIZE), { articles: [], total: 0 });
  const pages = pageCountOf(result.total);
  assertPageExists(page, pages);
  const articles = await cardsOf(result.articles, site, api, lookup);
  return {
    status: 200,
    head: categoryHead(site, origin, category, { page, pages, articles: result.articles }),
    content: (
      <CategoryPage
        name={category.name}
        description={category.description}
        articles={articles}
        pagination={{ page, pages, hrefFor: (n) => siteUrl('', categoryPath(category.slug), pageQuery(n)) }}
      />
    ),
  };
};
