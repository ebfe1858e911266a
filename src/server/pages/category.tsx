import { CategoryPage } from '../../shared/components/Pages';
import { notFound, unavailable } from '../errors';
import { isValidSlug } from '../routes';
import { helperCall, requiredCall } from '../upstream/catalogue';
import { cardsOf } from './cards';
import { queryValue, type PageLoader } from './context';
import { assertPageExists, PAGE_SIZE, pageCountOf, pageNumberOf } from './pagination';

/** A category by slug with its articles, newest first, 10 a page. */
export const loadCategory: PageLoader = async ({ req, site, route, api, log }) => {
  const slug = route.index ?? '';
  if (!isValidSlug(slug)) throw notFound();
  const page = pageNumberOf(queryValue(req, 'page'));
  const categories = await requiredCall(log, () => api.categoriesBySlug(slug)).catch(() => {
    throw unavailable();
  });
  const category = categories[0];
  if (!category) throw notFound('There is no category at this address.');
  const result = await helperCall(log, () => api.categoryArticles(category._id, site.scope, page, PAGE_SIZE), { articles: [], total: 0 });
  const pages = pageCountOf(result.total);
  assertPageExists(page, pages);
  return {
    status: 200,
    head: { title: `${category.name} | ${site.name}`, description: category.description },
    content: (
      <CategoryPage
        name={category.name}
        description={category.description}
        articles={await cardsOf(result.articles, site, api, log)}
        pagination={{ page, pages, hrefFor: (n) => `/category/${category.slug}${n > 1 ? `?page=${n}` : ''}` }}
      />
    ),
  };
};
