/**
 * The site of a request's host (site.ts), kept per host while its lookups answer with the
 * very records it was built from (decision 0290). The data cache hands back the same objects
 * until the content API answers anew (a refresh after the TTL, a purge), so an unchanged site is
 * resolved and merged once per answer rather than once per request, and it is one object that
 * what is derived from it (the page's chrome, render/site-chrome.tsx) can be kept with.
 * Nothing built on a failed lookup is kept or answered from here: a degraded site is built for
 * its request alone (decision 0160), and the next request asks the lookups again.
 */
import { LRUCache } from 'lru-cache';
import type { Category } from '../../shared/records';
import type { SettingLookups } from './settings';
import type { ContentApi } from '../content/content-api';
import type { LookupScope } from '../content/failures';
import { lookupSettings, menuCategoriesOf, resolutionOf, siteOf, type Site, type SiteLoaderDeps, type SiteResolution } from './site';

/**
 * Hosts whose site is kept, at most: a few KB each with what is kept with it (its chrome), so a
 * few MB in all. A flood of made-up hosts only pushes sites out, which are then built per
 * request as without the memo.
 */
export const MAX_KEPT_SITES = 500;

export interface SiteLoader {
  /** The site lookup (settings resolution); null when not even the global setting can be had. */
  resolve(api: ContentApi, host: string, lookup: LookupScope): Promise<SiteResolution | null>;
  /** The whole site of a resolution: its menu loaded, its rules applied. */
  complete(api: ContentApi, resolution: SiteResolution, host: string, key: string, lookup: LookupScope): Promise<Site>;
}

interface KeptSite {
  readonly resolution: SiteResolution;
  readonly categories: readonly Category[];
  readonly site: Site;
}

/** The same records, by identity: what the data cache answers with until the API answers anew. */
function sameRecords(a: SettingLookups, b: SettingLookups): boolean {
  return a.sub === b.sub && a.parent === b.parent && a.byHost === b.byHost && a.global === b.global;
}

/** A lookup of the site fell back: what it built is the request's alone. */
function fellBack(lookup: LookupScope): boolean {
  return lookup.fellBack.has('settings') || lookup.fellBack.has('menu');
}

export function createSiteLoader(deps: SiteLoaderDeps, maxSites = MAX_KEPT_SITES): SiteLoader {
  const kept = new LRUCache<string, KeptSite>({ max: maxSites });
  return {
    async resolve(api, host, lookup) {
      const lookups = await lookupSettings(api, host, lookup);
      const last = kept.get(host);
      if (last && !fellBack(lookup) && sameRecords(last.resolution.lookups, lookups)) return last.resolution;
      return resolutionOf(lookups, lookup.fellBack.has('settings'));
    },
    async complete(api, resolution, host, key, lookup) {
      const categories = await menuCategoriesOf(api, resolution.resolved.setting, lookup);
      if (fellBack(lookup)) return siteOf(deps, resolution, categories, host, key);
      const last = kept.get(host);
      if (last && last.resolution === resolution && last.categories === categories) return last.site;
      const site = siteOf(deps, resolution, categories, host, key);
      kept.set(host, { resolution, categories, site });
      return site;
    },
  };
}
