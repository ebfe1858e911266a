/** Article cards with their category names, fetching only categories the menu does not hold. */
import type { ArticleCard } from '../../shared/components/ArticleList';
import type { Article, Category } from '../../shared/records';
import { factsOf } from '../rules/article-facts';
import type { Site } from '../site/load-site';
import { listOrEmpty, type LookupScope } from '../upstream/failures';
import type { ContentApi } from '../upstream/content-api';

export async function categoriesOf(articles: readonly Article[], site: Site, api: ContentApi, lookup: LookupScope): Promise<Map<string, Category>> {
  const known = new Map(site.menu.categories.map((category) => [category._id, category]));
  const missing = [...new Set(articles.map((article) => article.category).filter((id): id is string => Boolean(id) && !known.has(id as string)))];
  if (missing.length > 0) {
    for (const category of await listOrEmpty(lookup, 'list', () => api.categoriesByIds(missing), [])) known.set(category._id, category);
  }
  return known;
}

export function toCard(article: Article, categories: ReadonlyMap<string, Category>): ArticleCard {
  const category = article.category ? categories.get(article.category) : undefined;
  return {
    _id: article._id,
    slug: article.slug,
    title: article.title || article.slug,
    excerpt: article.excerpt,
    published: factsOf(article).published,
    category: category ? { name: category.name, slug: category.slug } : undefined,
  };
}

export async function cardsOf(articles: readonly Article[], site: Site, api: ContentApi, lookup: LookupScope): Promise<ArticleCard[]> {
  const categories = await categoriesOf(articles, site, api, lookup);
  return articles.map((article) => toCard(article, categories));
}
