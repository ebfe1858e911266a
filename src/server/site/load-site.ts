/**
 * Loads everything a page needs to know about its site: the resolved setting (contract order),
 * the menu, the analytics code and the global setting's pixels.
 */
import type { Category, MenuLink, Pixel, SiteSetting } from '../../shared/records';
import type { ContentApi, SettingScope } from '../upstream/content-api';
import { listOrEmpty, siteRecordOrNone, type LookupScope } from '../upstream/failures';
import { analyticsCodeOf, orderMenuCategories, resolveFromSubdomain, resolveSettings, type SettingSource } from '../rules/settings';
import { brandColorOf } from '../rules/host';
import { safeLinksOf } from '../sanitize';

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
export async function loadSite(deps: SiteLoaderDeps, host: string, key: string, lookup: LookupScope): Promise<Site | null> {
  const { api } = deps;
  const globalPromise = siteRecordOrNone(lookup, host, () => api.globalSetting());
  const sub = (await siteRecordOrNone(lookup, host, () => api.subdomainsByHost(host)))?.[0];
  const parent = sub?.domain ? (await siteRecordOrNone(lookup, host, () => api.domainsById(sub.domain as string)))?.[0] : undefined;
  const byHost = resolveFromSubdomain(sub, parent) ? undefined : (await siteRecordOrNone(lookup, host, () => api.domainsByHost(host)))?.[0];
  const global = await globalPromise;

  const resolved = resolveSettings({ sub, parent, byHost, global });
  if (!resolved) return null;
  const { setting, source, adsDisabled } = resolved;
  const menuIds = setting.menu.categories_menu_option;
  const categories = await listOrEmpty(lookup, 'menu', () => api.categoriesByIds(menuIds), []);
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
    menu: { categories: orderMenuCategories(menuIds, categories), other: safeLinksOf(setting.menu.other_menu_option) },
  };
}
