/** Article cards with their category names, fetching only categories the menu does not hold. */
import type { ArticleCard } from '../../shared/components/ArticleList';
import type { Article, Category } from '../../shared/records';
import { dateTextOf } from '../../shared/format';
import type { Site } from '../site/site';
import { keptPerRecord } from '../memory/kept-per-record';
import { ON_FAILURE, orFallback, type LookupScope } from '../content/failures';
import type { ContentApi } from '../content/content-api';

/** The menu's categories by id, kept with the Site's menu (one object while its records are unchanged). */
const menuCategoriesById = keptPerRecord((categories: readonly Category[]): ReadonlyMap<string, Category> => new Map(categories.map((category) => [category._id, category])));

/** The categories of `articles` by id: the menu's, and those outside it looked up (none when that fails). */
export async function categoriesOf(articles: readonly Article[], site: Site, api: ContentApi, lookup: LookupScope): Promise<ReadonlyMap<string, Category>> {
  const inMenu = menuCategoriesById(site.menu.categories);
  const missing = [...new Set(articles.map((article) => article.category).filter((id): id is string => Boolean(id) && !inMenu.has(id as string)))];
  if (missing.length === 0) return inMenu;
  const known = new Map(inMenu);
  for (const category of await orFallback(lookup, ON_FAILURE.list, api.categoriesByIds(missing), [])) known.set(category._id, category);
  return known;
}

export function toCard(article: Article, categories: ReadonlyMap<string, Category>): ArticleCard {
  const category = article.category ? categories.get(article.category) : undefined;
  return {
    _id: article._id,
    slug: article.slug,
    title: article.title || article.slug,
    excerpt: article.excerpt,
    // Only the date: a card shows no summary, and a list's records are often used once.
    published: dateTextOf(article.publishedAt),
    category: category ? { name: category.name, slug: category.slug } : undefined,
  };
}

export async function cardsOf(articles: readonly Article[], site: Site, api: ContentApi, lookup: LookupScope): Promise<ArticleCard[]> {
  const categories = await categoriesOf(articles, site, api, lookup);
  return articles.map((article) => toCard(article, categories));
}
