/**
 * Loads everything a page needs to know about its site: the resolved setting (contract order),
 * the menu, the analytics code and the global setting's pixels.
 */
import type { Logger } from 'pino';
import type { Category, MenuLink, Pixel, SiteSetting } from '../../shared/records';
import type { ContentApi, SettingScope } from '../upstream/content-api';
import { helperCall, siteLookup } from '../upstream/catalogue';
import { analyticsCodeOf, orderMenuCategories, resolveFromSubdomain, resolveSettings, type ResolvedSetting, type SettingSource } from '../rules/settings';
import { brandColorOf } from '../rules/host';
import { LRUCache } from 'lru-cache';

export interface Site {
  readonly host: string;
  readonly key: string;
  readonly name: string;
  readonly setting: SiteSetting;
  readonly source: SettingSource;
  readonly scope: SettingScope;
  readonly adsDisabled: boolean;
  readonly gaCode: string | null;
  readonly brandColor: string;
  readonly pixels: readonly Pixel[];
  readonly menu: { readonly categories: readonly Category[]; readonly other: readonly MenuLink[] };
}

export interface SiteLoaderDeps {
  readonly api: ContentApi;
  readonly defaultSiteKey: string;
  readonly analyticsCodes: Readonly<Record<string, string>>;
}

export function scopeOf(setting: SiteSetting, source: SettingSource): SettingScope {
  if (setting.type) return { type: setting.type, id: setting._id };
  const type = source === 'subdomain' ? 'subdomains' : source === 'global' ? 'global' : 'domains';
  return { type, id: setting._id };
}

/** Resolves the site for a host; null when not even the global setting can be had (a 503). */
export async function loadSite(deps: SiteLoaderDeps, host: string, key: string, log: Logger): Promise<Site | null> {
  const { api } = deps;
  const globalPromise = siteLookup(log, host, () => api.globalSetting());
  const sub = (await siteLookup(log, host, () => api.subdomainsByHost(host)))?.[0];
  const parent = sub?.domain ? (await siteLookup(log, host, () => api.domainsById(sub.domain as string)))?.[0] : undefined;
  const byHost = resolveFromSubdomain(sub, parent) ? undefined : (await siteLookup(log, host, () => api.domainsByHost(host)))?.[0];
  const global = await globalPromise;

  const last = lastSiteByHost.get(host);
  // The merge copies records; unchanged records give the same result, so it is not redone.
  const sameRecords = last !== undefined && last.inputs.sub === sub && last.inputs.parent === parent && last.inputs.byHost === byHost && last.inputs.global === global;
  const resolved = sameRecords ? last.resolved : resolveSettings({ sub, parent, byHost, global });
  if (!resolved) return null;
  const { setting } = resolved;

  const menuIds = setting.menu.categories_menu_option;
  const categories = await helperCall(log, () => api.categoriesByIds(menuIds), []);

  const inputs: SiteInputs = { deps, key, sub, parent, byHost, global, categories };
  if (sameRecords && sameInputs(last.inputs, inputs)) return last.site;
  const site = buildSite(inputs, host, resolved);
  lastSiteByHost.set(host, { inputs, resolved, site });
  return site;
}

/** What a Site is made of: the records the data cache handed out, and the loader's settings. */
interface SiteInputs {
  readonly deps: SiteLoaderDeps;
  readonly key: string;
  readonly sub: SiteSetting | undefined;
  readonly parent: SiteSetting | undefined;
  readonly byHost: SiteSetting | undefined;
  readonly global: SiteSetting | null | undefined;
  readonly categories: readonly Category[];
}

function sameInputs(a: SiteInputs, b: SiteInputs): boolean {
  return a.deps === b.deps && a.key === b.key && a.sub === b.sub && a.parent === b.parent && a.byHost === b.byHost && a.global === b.global && a.categories === b.categories;
}

/**
 * The last Site of each host, with the records it was built from. The data cache returns the
 * same record objects until it refreshes them, so while they are unchanged every request of the
 * host gets the same Site object, and what the render derives from it is computed once
 * (src/server/render/chrome.tsx). Bounded: a flood of made-up hosts costs a few MB at most
 * (a Site and its header and footer markup are a few KB); past the bound the memo only misses.
 */
const lastSiteByHost = new LRUCache<string, { readonly inputs: SiteInputs; readonly resolved: ResolvedSetting; readonly site: Site }>({ max: 1000 });

function buildSite({ deps, key, global, categories }: SiteInputs, host: string, { setting, source, adsDisabled }: ResolvedSetting): Site {
  const menuIds = setting.menu.categories_menu_option;
  return {
    host,
    key,
    name: setting.config.igp_settings.title || setting.name || host,
    setting,
    source,
    scope: scopeOf(setting, source),
    adsDisabled,
    gaCode: analyticsCodeOf(setting, key, deps.analyticsCodes),
    brandColor: brandColorOf(key, deps.defaultSiteKey),
    pixels: global?.config.pixels ?? [],
    menu: { categories: orderMenuCategories(menuIds, categories), other: setting.menu.other_menu_option },
  };
}
