/**
 * A purge of this instance's caches: the data cache's entries (content/data-cache.ts) and the
 * page cache's pages (page-cache/page-cache.ts) that may show what changed. Synchronous: when it
 * returns, no lookup answers from a dropped entry, no fetch begun before it is kept, and no page
 * rendered before it is kept, so the next request is built from the upstream's answers. The
 * last-good store keeps its copies; they answer only when the upstream fails, and then only as
 * degraded (private, never kept: content/data-cache.ts).
 */
import type { PageCache } from '../page-cache/page-cache';
import { pageCacheHostOf } from '../page-cache/rules';
import { keptSiteLookupsOf } from '../content/request-content-api';
import type { DataCache, PurgeTag } from '../content/data-cache';
import { siteTags, slugTags } from '../content/data-tags';
import { keptSettingOf } from '../site/settings';
import { pageTagOf } from '../shared-cache/page-tier';
import type { PurgeRequest } from './purge-request';

export interface PurgeResult {
  /** Data-cache entries dropped (fetches in flight included). */
  readonly dataEntries: number;
  /** Whole pages dropped. */
  readonly pages: number;
  /**
   * For a site purge: the `_id` of the setting that answers its host (site/settings.ts,
   * keptSettingOf), or null when none does: then nothing of a site is dropped, neither data nor
   * pages, only the shared data the purge names (and the host's pages with it).
   */
  readonly setting?: string | null;
}

/**
 * `knownSetting`: the setting another instance found for the host (a purge from the channel),
 * used when this instance keeps no lookup of it: it may have served the host's pages from the
 * shared tier without ever loading its site.
 */
export type Purger = (request: PurgeRequest, knownSetting?: string | null) => PurgeResult;

/** `null` caches are turned off (DATA_CACHE=off, PAGE_CACHE_TTL_SECONDS=0): nothing to drop there. */
/**
 * What a purge names in the data cache, from what `dataCache` keeps of the host's site lookups:
 * its tags (null: everything) and the setting that answers the host (null: none does).
 */
export function dataTagsOf(dataCache: DataCache, request: PurgeRequest, knownSetting: string | null = null): { readonly tags: ReadonlySet<PurgeTag> | null; readonly setting: string | null } {
  if (request.scope === 'all') return { tags: null, setting: null };
  const setting = keptSettingOf(keptSiteLookupsOf(dataCache, request.host)) ?? knownSetting;
  const shared = request.shared ?? [];
  return { tags: request.scope === 'site' ? siteTags(request.host, setting, shared) : slugTags(setting, request.slugs, shared), setting };
}

/** A site or slugs purge drops the host's pages when a site answers it, or when it names shared data. */
const dropsHostPages = (setting: string | null, request: Exclude<PurgeRequest, { scope: 'all' }>) => setting !== null || (request.shared ?? []).length > 0;

/** The shared tier's tags a purge names (the data's, and the host's pages' when it drops them); null: everything. */
export function sharedTagsOf(dataCache: DataCache, request: PurgeRequest, knownSetting: string | null = null): ReadonlySet<PurgeTag> | null {
  if (request.scope === 'all') return null;
  const { tags, setting } = dataTagsOf(dataCache, request, knownSetting);
  return new Set([...(tags ?? []), ...(dropsHostPages(setting, request) ? [pageTagOf(request.host)] : [])]);
}

export function createPurger(caches: { readonly dataCache: DataCache | null; readonly pageCache: PageCache | null }): Purger {
  const { dataCache, pageCache } = caches;
  return function purge(request, knownSetting = null) {
    if (request.scope === 'all') return { dataEntries: dataCache?.purge(null) ?? 0, pages: pageCache?.purge(null) ?? 0 };
    // Without a data cache nothing says which site answers: the host's pages go, as they are its own.
    const { tags, setting } = dataCache ? dataTagsOf(dataCache, request, knownSetting) : { tags: null, setting: null };
    const dataEntries = dataCache && tags && tags.size > 0 ? dataCache.purge(tags) : 0;
    // Every page of the host: any of them may list the article (home, categories, every answer's new articles).
    const dropsPages = !dataCache || dropsHostPages(setting, request);
    const pages = dropsPages ? (pageCache?.purge((key) => pageCacheHostOf(key) === request.host) ?? 0) : 0;
    return { dataEntries, pages, setting };
  };
}
