/** The content API behind the data cache: same interface, so callers do not change. */
import type { Logger } from 'pino';
import type { CacheKind, DataCache, PurgeTag, WaitBound } from './data-cache';
import { untilSpent, type RequestBudget } from './request-budget';
import { DATA_TAGS, type KeptSiteLookups } from './data-tags';
import type { SiteSetting } from '../../shared/records';
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

/** The cache key of a call: its name and its arguments as JSON. */
export function cacheKeyOf(name: string, args: readonly unknown[]): string {
  return `${name}:${JSON.stringify(args)}`;
}

type ContentCall = keyof ContentApi;

/**
 * The content API behind the cache, for one request: the cache's lines go to the request's
 * logger, and its waits for the upstream end with the request's budget, when the cache answers
 * as for a failed call (its last good answer, else the budget's timeout). A kept answer needs
 * no wait, so it answers even once the budget is spent.
 */
export function createCachedContentApi(inner: ContentApi, cache: DataCache, log: Logger, budget: RequestBudget): ContentApi {
  // One function context a request for all its calls: the view lives as long as its request, so
  // every young collection during the request copies what it holds (docs/performance.md).
  const lookup = <K extends ContentCall>(name: K, args: Parameters<ContentApi[K]>): ReturnType<ContentApi[K]> => {
    const call = inner[name] as (...callArgs: unknown[]) => Promise<unknown>;
    const tagsOf = DATA_TAGS[name] as (...callArgs: unknown[]) => readonly PurgeTag[];
    const bound: WaitBound = (wait) => untilSpent(name, budget, wait);
    return cache.get(KIND_OF[name], cacheKeyOf(name, args), () => call(...args), { tags: () => tagsOf(...args), log, bound }) as ReturnType<ContentApi[K]>;
  };
  return {
    subdomainsByHost: (...args) => lookup('subdomainsByHost', args),
    domainsByHost: (...args) => lookup('domainsByHost', args),
    domainsById: (...args) => lookup('domainsById', args),
    globalSetting: (...args) => lookup('globalSetting', args),
    categoriesByIds: (...args) => lookup('categoriesByIds', args),
    categoriesBySlug: (...args) => lookup('categoriesBySlug', args),
    findNewArticles: (...args) => lookup('findNewArticles', args),
    homeArticles: (...args) => lookup('homeArticles', args),
    categoryArticles: (...args) => lookup('categoryArticles', args),
    searchArticles: (...args) => lookup('searchArticles', args),
    articleBySlug: (...args) => lookup('articleBySlug', args),
  };
}

/**
 * What the cache keeps of a host's site lookups (for a purge of its site), without a lookup.
 * The cache holds these calls' validated answers under their keys, hence the types.
 */
export function keptSiteLookupsOf(cache: DataCache, host: string): KeptSiteLookups {
  const kept = (name: ContentCall, arg: string) => cache.peek(KIND_OF[name], cacheKeyOf(name, [arg])) as readonly SiteSetting[] | undefined;
  const subdomains = kept('subdomainsByHost', host);
  const parentId = subdomains?.[0]?.domain;
  return { subdomains, parents: parentId ? kept('domainsById', parentId) : undefined, domains: kept('domainsByHost', host) };
}
