/**
 * What a page needs to know about its site, in two steps: the site lookup (the resolved
 * setting, contract order), then the menu, the analytics code and the global setting's pixels.
 * A redirect to the canonical host runs between the two. The lookups and the rules are here;
 * site-loader.ts runs them for a request and keeps each host's result.
 */
import type { Category, MenuLink, Pixel, SiteSetting } from '../../shared/records';
import type { ContentApi, SettingScope } from '../content/content-api';
import { ON_FAILURE, orFallback, type LookupScope } from '../content/failures';
import { analyticsCodeOf, orderMenuCategories, resolveFromSubdomain, resolveSettings, type ResolvedSetting, type SettingLookups, type SettingSource } from './settings';
import { brandColorOf } from '../routing/host';
import { publisherSettingsOf, type InvalidSetting, type PublisherSettings } from './publisher-settings';
import { menuLinksOf } from './menu-links';
import { adsTxtSourceOf, type AdsTxtSource } from './ads-txt';
import { canonicalHostOf } from './canonical-host';

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
  /** Where the site's ads.txt lines come from (its own setting, else the global one), if anywhere. */
  readonly adsTxt: AdsTxtSource | null;
  /** Consent, consent platform and canonical host: the optional publisher fields, checked. */
  readonly publisher: PublisherSettings;
  /** The host its canonical URLs, sitemaps and feed use when not the request's (site/canonical-host.ts). */
  readonly canonicalHost: string | null;
  readonly menu: { readonly categories: readonly Category[]; readonly other: readonly MenuLink[] };
  /** The record's fields (or list entries) dropped as malformed, the publisher fields' and the menu links', for a once-per-site warning. */
  readonly invalid: readonly InvalidSetting[];
}

export interface SiteLoaderDeps {
  readonly defaultSiteKey: string;
  readonly analyticsCodes: ReadonlyMap<string, string>;
}

export function scopeOf(setting: SiteSetting, source: SettingSource): SettingScope {
  if (setting.type) return { type: setting.type, id: setting._id };
  const type = source === 'subdomain' ? 'subdomains' : source === 'global' ? 'global' : 'domains';
  return { type, id: setting._id };
}

/** The site lookup of a host (settings resolution, steps i-iv), before the menu is loaded. */
export interface SiteResolution {
  /** The records the lookups answered with, as the data cache keeps them: what the resolution was made of. */
  readonly lookups: SettingLookups;
  readonly resolved: ResolvedSetting;
  readonly global: SiteSetting | undefined;
  readonly publisher: PublisherSettings;
  /** The canonical host that applies (none after a failed lookup: the resolution may be a fallback). */
  readonly canonicalHost: string | null;
}

/** The site lookups of a host, in the contract's order: a failed one counts as no record. */
export async function lookupSettings(api: ContentApi, host: string, lookup: LookupScope): Promise<SettingLookups> {
  const globalPromise = orFallback(lookup, ON_FAILURE.settings, api.globalSetting(), undefined);
  const sub = (await orFallback(lookup, ON_FAILURE.settings, api.subdomainsByHost(host), undefined))?.[0];
  const parent = sub?.domain ? (await orFallback(lookup, ON_FAILURE.settings, api.domainsById(sub.domain), undefined))?.[0] : undefined;
  const byHost = resolveFromSubdomain(sub, parent) ? undefined : (await orFallback(lookup, ON_FAILURE.settings, api.domainsByHost(host), undefined))?.[0];
  return { sub, parent, byHost, global: await globalPromise };
}

/** The resolution of a host's lookups; null when not even the global setting was had (a 503). */
export function resolutionOf(lookups: SettingLookups, lookupFailed: boolean): SiteResolution | null {
  const resolved = resolveSettings(lookups);
  if (!resolved) return null;
  const publisher = publisherSettingsOf(resolved.setting.config);
  const canonicalHost = canonicalHostOf({ source: resolved.source, canonicalHost: publisher.canonicalHost, lookupFailed });
  return { lookups, resolved, global: lookups.global, publisher, canonicalHost };
}

/** The menu's categories of a resolved setting (an empty list when their lookup fails). */
export function menuCategoriesOf(api: ContentApi, setting: SiteSetting, lookup: LookupScope): Promise<readonly Category[]> {
  return orFallback(lookup, ON_FAILURE.menu, api.categoriesByIds(setting.menu.categories_menu_option), []);
}

/** The whole site of a resolution and its menu's categories, its rules applied. Pure. */
export function siteOf(deps: SiteLoaderDeps, resolution: SiteResolution, categories: readonly Category[], host: string, key: string): Site {
  const { resolved, global, publisher, canonicalHost } = resolution;
  const { setting, source, adsDisabled } = resolved;
  const links = menuLinksOf(setting.menu.other_menu_option);
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
    adsTxt: adsTxtSourceOf(setting, global),
    publisher,
    canonicalHost,
    menu: { categories: orderMenuCategories(setting.menu.categories_menu_option, categories), other: links.links },
    invalid: [...publisher.invalid, ...links.invalid],
  };
}
