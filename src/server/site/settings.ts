/** Settings resolution (docs/interface.md, Settings resolution), as pure functions. */
import type { SiteSetting } from '../../shared/records';

export type SettingSource = 'subdomain' | 'parent' | 'domain' | 'global';

export interface SettingLookups {
  /** First record of subdomains/get?url=host. */
  readonly sub?: SiteSetting | undefined;
  /** First record of domain/get?_id=sub.domain. */
  readonly parent?: SiteSetting | undefined;
  /** First record of domain/get?url=host. */
  readonly byHost?: SiteSetting | undefined;
  /** setting/get. */
  readonly global?: SiteSetting | undefined;
}

export interface ResolvedSetting {
  readonly setting: SiteSetting;
  readonly source: SettingSource;
  readonly adsDisabled: boolean;
}

/** Steps i and ii: what the subdomain record (and its parent) decide, or null to go on. */
export function resolveFromSubdomain(sub: SiteSetting | undefined, parent: SiteSetting | undefined): { setting: SiteSetting; source: SettingSource } | null {
  if (!sub) return null;
  if (sub.active && !sub.config.global) return { setting: sub, source: 'subdomain' };
  if (sub.config.global && parent && parent.active && !parent.config.global) {
    // The subdomain inherits its parent, but keeps its own three campaign flags.
    const setting: SiteSetting = {
      ...parent,
      config: {
        ...parent.config,
        campaign_check: sub.config.campaign_check,
        campaign_headlines: sub.config.campaign_headlines,
        network_ignore: sub.config.network_ignore,
      },
    };
    return { setting, source: 'parent' };
  }
  return null;
}

/** The whole order: i, ii, then the domain found by host when active, then the global setting. */
export function resolveSettings(lookups: SettingLookups): ResolvedSetting | null {
  const picked =
    resolveFromSubdomain(lookups.sub, lookups.parent) ??
    (lookups.byHost?.active ? { setting: lookups.byHost, source: 'domain' as const } : null) ??
    (lookups.global ? { setting: lookups.global, source: 'global' as const } : null);
  if (!picked) return null;
  const adsDisabled = Boolean(lookups.sub?.config.disable_ads || lookups.parent?.config.disable_ads || picked.setting.config.disable_ads);
  return { ...picked, adsDisabled };
}

/**
 * The variant lookup (spec section 4): the whole first record of the subdomain lookup, otherwise
 * of the domain lookup by host, otherwise null. `byHost` is looked up whenever `sub` is missing
 * (lookupSettings), so the two records are all it needs.
 */
export function variantOf(lookups: Pick<SettingLookups, 'sub' | 'byHost'>): SiteSetting | null {
  return lookups.sub ?? lookups.byHost ?? null;
}

/** Analytics code: the site record's own first, then ANALYTICS_CODES by site key. */
export function analyticsCodeOf(setting: SiteSetting, siteKey: string, analyticsCodes: ReadonlyMap<string, string>): string | null {
  return setting.config.gaCode || analyticsCodes.get(siteKey) || null;
}

/** Menu categories in the order of `categories_menu_option`, whatever order the API answered in. */
export function orderMenuCategories<T extends { _id: string }>(ids: readonly string[], categories: readonly T[]): T[] {
  const byId = new Map(categories.map((category) => [category._id, category]));
  const seen = new Set<string>();
  const ordered: T[] = [];
  for (const id of ids) {
    const category = byId.get(id);
    if (category && !seen.has(id)) {
      seen.add(id);
      ordered.push(category);
    }
  }
  return ordered;
}

/**
 * The setting that answers a host, by what the data cache keeps of its lookups
 * (content/data-tags.ts, KeptSiteLookups; settings resolution steps i-iii): its `_id`, or null when no site record answers it (the global
 * setting does, or nothing of its lookups is kept).
 */
export function keptSettingOf(kept: Readonly<Record<'subdomains' | 'parents' | 'domains', readonly SiteSetting[] | undefined>>): string | null {
  return resolveSettings({ sub: kept.subdomains?.[0], parent: kept.parents?.[0], byHost: kept.domains?.[0] })?.setting._id ?? null;
}
