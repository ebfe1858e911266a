/** The content API behind the data cache: same interface, so callers do not change. */
import type { CacheKind, DataCache } from './data-cache';
import type { ContentApi } from './content-api';

/** Which cache (TTL and bounds) each call's answers live in. */
const KIND_OF: Readonly<Record<keyof ContentApi, CacheKind>> = {
  subdomainsByHost: 'settings',
  domainsByHost: 'settings',
  domainsById: 'settings',
  globalSetting: 'settings',
  categoriesByIds: 'menus',
  categoriesBySlug: 'menus',
  findNewArticles: 'lists',
  homeArticles: 'lists',
  categoryArticles: 'lists',
  searchArticles: 'lists',
  articleBySlug: 'articles',
};

export function createCachedContentApi(inner: ContentApi, cache: DataCache): ContentApi {
  const cached = <K extends keyof ContentApi>(name: K): ContentApi[K] => {
    const call = inner[name] as (...args: unknown[]) => Promise<unknown>;
    const wrapped = (...args: unknown[]) => cache.get(KIND_OF[name], `${name}:${JSON.stringify(args)}`, () => call(...args));
    return wrapped as ContentApi[K];
  };
  return {
    subdomainsByHost: cached('subdomainsByHost'),
    domainsByHost: cached('domainsByHost'),
    domainsById: cached('domainsById'),
    globalSetting: cached('globalSetting'),
    categoriesByIds: cached('categoriesByIds'),
    categoriesBySlug: cached('categoriesBySlug'),
    findNewArticles: cached('findNewArticles'),
    homeArticles: cached('homeArticles'),
    categoryArticles: cached('categoryArticles'),
    searchArticles: cached('searchArticles'),
    articleBySlug: cached('articleBySlug'),
  };
}
