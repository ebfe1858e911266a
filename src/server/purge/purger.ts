/**
 * A purge of this instance's caches: the data cache's entries (upstream/data-cache.ts) and the
 * page cache's pages (page-cache/page-cache.ts) that may show what changed. Synchronous: when it
 * returns, no lookup answers from a dropped entry, no fetch begun before it is kept, and no page
 * rendered before it is kept, so the next request is built from the upstream's answers. The
 * last-good store keeps its copies; they answer only when the upstream fails, and then only as
 * degraded (private, never kept: upstream/data-cache.ts).
 */
import type { PageCache } from '../page-cache/page-cache';
import { pageCacheHostOf } from '../page-cache/rules';
import { keptSiteLookupsOf } from '../upstream/request-content-api';
import type { DataCache, PurgeTag } from '../upstream/data-cache';
import { siteScopesOf, siteTags, slugTags } from '../upstream/data-tags';
import { pageTagOf } from '../shared-cache/page-tier';
import type { PurgeRequest } from './purge-request';

export interface PurgeResult {
  /** Data-cache entries dropped (fetches in flight included). */
  readonly dataEntries: number;
  /** Whole pages dropped. */
  readonly pages: number;
}

export type Purger = (request: PurgeRequest) => PurgeResult;

/** `null` caches are turned off (DATA_CACHE=off, PAGE_CACHE_TTL_SECONDS=0): nothing to drop there. */
/** The data-cache tags a purge names, from what `dataCache` keeps of the host's site lookups; null: everything. */
export function dataTagsOf(dataCache: DataCache, request: PurgeRequest): ReadonlySet<PurgeTag> | null {
  if (request.scope === 'all') return null;
  const site = siteScopesOf(keptSiteLookupsOf(dataCache, request.host));
  return request.scope === 'site' ? siteTags(request.host, site) : slugTags(site, request.slugs);
}

/** The shared tier's tags a purge names (the data's, and the host's pages'); null: everything. */
export function sharedTagsOf(dataCache: DataCache, request: PurgeRequest): ReadonlySet<PurgeTag> | null {
  if (request.scope === 'all') return null;
  return new Set([...(dataTagsOf(dataCache, request) ?? []), pageTagOf(request.host)]);
}

export function createPurger(caches: { readonly dataCache: DataCache | null; readonly pageCache: PageCache | null }): Purger {
  const { dataCache, pageCache } = caches;
  return function purge(request) {
    if (request.scope === 'all') return { dataEntries: dataCache?.purge(null) ?? 0, pages: pageCache?.purge(null) ?? 0 };
    const dataEntries = dataCache?.purge(dataTagsOf(dataCache, request)) ?? 0;
    // Every page of the host: any of them may list the article (home, categories, every answer's new articles).
    const pages = pageCache?.purge((key) => pageCacheHostOf(key) === request.host) ?? 0;
    return { dataEntries, pages };
  };
}
