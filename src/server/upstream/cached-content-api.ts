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
  const cached = <K extends ContentCall>(name: K): ContentApi[K] => {
    const call = inner[name] as (...args: unknown[]) => Promise<unknown>;
    const tagsOf = DATA_TAGS[name] as (...args: unknown[]) => readonly PurgeTag[];
    const bound: WaitBound = (wait) => untilSpent(name, budget, wait);
    const wrapped = (...args: unknown[]) => cache.get(KIND_OF[name], cacheKeyOf(name, args), () => call(...args), { tags: () => tagsOf(...args), log, bound });
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
