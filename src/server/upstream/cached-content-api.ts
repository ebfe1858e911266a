/** The content API behind the data cache: same interface, so callers do not change. */
import type { CacheKind, DataCache, PurgeTag, WaitBound } from './data-cache';
import { budgetedViews, untilSpent, type RequestBudget } from './request-budget';
import { DATA_TAGS, type KeptSiteLookups } from './data-tags';
import type { SiteSetting } from '../../shared/records';
import type { ContentApi } from './content-api';
import type { LookupScope } from './failures';

/** A request's view of the content API, and how the page it renders keeps the data it was built from. */
export interface RequestContentApi {
  readonly api: ContentApi;
  /** The page is kept (page cache): the answers it was built from are kept as used again (DataCache.keep). */
  keepSources(): void;
}

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
 *
 * A class, so that a request's view is one small object: an object literal of closures made per
 * request was eleven functions and a context, which V8 learned to allocate straight into the old
 * generation (pretenuring), where each request's copy then waited for a full collection
 * (docs/performance.md).
 */
class CachedContentApi implements ContentApi {
  constructor(
    private readonly inner: ContentApi,
    private readonly cache: DataCache,
    private readonly scope: LookupScope,
    private readonly budget: RequestBudget,
  ) {}

  /** The keys this request looked up: a handful per page. */
  readonly used: string[] = [];
  /** Reported by the cache: an answer was a copy older than a purge that named it. */
  private readonly degraded = (): void => void this.scope.fellBack.add('purged');

  private lookup<K extends ContentCall>(name: K, args: Parameters<ContentApi[K]>): ReturnType<ContentApi[K]> {
    const kind = KIND_OF[name];
    const key = cacheKeyOf(name, args);
    this.used.push(key);
    // A fresh answer first: what a miss needs is made only for a miss.
    const fresh = this.cache.fresh(kind, key);
    if (fresh) return fresh as ReturnType<ContentApi[K]>;
    const call = this.inner[name] as (...callArgs: unknown[]) => Promise<unknown>;
    const tagsOf = DATA_TAGS[name] as (...callArgs: unknown[]) => readonly PurgeTag[];
    const { inner, budget } = this;
    const bound: WaitBound = (wait) => untilSpent(name, budget, wait);
    return this.cache.get(kind, key, () => call.apply(inner, args), { tags: () => tagsOf(...args), log: this.scope.log, bound, degraded: this.degraded }) as ReturnType<ContentApi[K]>;
  }

  subdomainsByHost(...args: Parameters<ContentApi['subdomainsByHost']>) {
    return this.lookup('subdomainsByHost', args);
  }
  domainsByHost(...args: Parameters<ContentApi['domainsByHost']>) {
    return this.lookup('domainsByHost', args);
  }
  domainsById(...args: Parameters<ContentApi['domainsById']>) {
    return this.lookup('domainsById', args);
  }
  globalSetting(...args: Parameters<ContentApi['globalSetting']>) {
    return this.lookup('globalSetting', args);
  }
  categoriesByIds(...args: Parameters<ContentApi['categoriesByIds']>) {
    return this.lookup('categoriesByIds', args);
  }
  categoriesBySlug(...args: Parameters<ContentApi['categoriesBySlug']>) {
    return this.lookup('categoriesBySlug', args);
  }
  findNewArticles(...args: Parameters<ContentApi['findNewArticles']>) {
    return this.lookup('findNewArticles', args);
  }
  homeArticles(...args: Parameters<ContentApi['homeArticles']>) {
    return this.lookup('homeArticles', args);
  }
  categoryArticles(...args: Parameters<ContentApi['categoryArticles']>) {
    return this.lookup('categoryArticles', args);
  }
  searchArticles(...args: Parameters<ContentApi['searchArticles']>) {
    return this.lookup('searchArticles', args);
  }
  articleBySlug(...args: Parameters<ContentApi['articleBySlug']>) {
    return this.lookup('articleBySlug', args);
  }
}

export function createCachedContentApi(inner: ContentApi, cache: DataCache, scope: LookupScope, budget: RequestBudget): RequestContentApi {
  const api = new CachedContentApi(inner, cache, scope, budget);
  return { api, keepSources: () => cache.keep(api.used) };
}

/** Without a data cache: each request's view of the API within its budget, and nothing to keep. */
export function uncachedContentApiFor(inner: ContentApi): (scope: LookupScope, budget: RequestBudget) => RequestContentApi {
  const within = budgetedViews(inner);
  return (_scope, budget) => ({ api: within(budget), keepSources: () => undefined });
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
