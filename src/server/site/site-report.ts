/**
 * What GET /site on the metrics port answers about a host (front-door/site-query.ts): support's
 * "which record does this host get?", from the same lookups and rules its pages use. Pure.
 */
import type { SiteSetting } from '../../shared/records';
import { analyticsCodeOf, variantOf, type SettingLookups, type SettingSource } from './settings';
import type { SiteResolution } from './site';

export interface SiteReport {
  readonly host: string;
  readonly siteKey: string;
  /** The variant lookup (spec section 4): the first subdomain record, else the first domain record by host, else null. */
  readonly variant: SiteSetting | null;
  /** The `_id` each lookup of the resolution order found; null: none, not asked (an earlier step chose), or failed. */
  readonly lookups: { readonly subdomain: string | null; readonly parent: string | null; readonly domain: string | null; readonly global: string | null };
  /** The settings the host's pages use; null when not even the global setting could be had (its pages answer 503). */
  readonly resolved: {
    /** The step of the resolution order that chose them: `subdomain` (i), `parent` (ii), `domain` (iii), `global` (iv). */
    readonly step: SettingSource;
    /** The analytics id the pages send to: the record's `config.gaCode`, else ANALYTICS_CODES by site key. */
    readonly gaCode: string | null;
    readonly adsDisabled: boolean;
    /** The resolved record as the pages read it (for step ii, the parent with the subdomain's campaign flags). */
    readonly setting: SiteSetting;
  } | null;
  /** Lookups that failed and so counted as "no record" (`settings`): the answer is what a degraded page shows. */
  readonly fellBack: readonly string[];
}

export interface SiteReportInput {
  readonly host: string;
  readonly siteKey: string;
  readonly lookups: SettingLookups;
  readonly resolution: SiteResolution | null;
  readonly analyticsCodes: ReadonlyMap<string, string>;
  readonly fellBack: ReadonlySet<string>;
}

const idOf = (setting: SiteSetting | undefined): string | null => setting?._id ?? null;

export function siteReportOf({ host, siteKey, lookups, resolution, analyticsCodes, fellBack }: SiteReportInput): SiteReport {
  const resolved = resolution?.resolved;
  return {
    host,
    siteKey,
    variant: variantOf(lookups),
    lookups: { subdomain: idOf(lookups.sub), parent: idOf(lookups.parent), domain: idOf(lookups.byHost), global: idOf(lookups.global) },
    resolved: resolved ? { step: resolved.source, gaCode: analyticsCodeOf(resolved.setting, siteKey, analyticsCodes), adsDisabled: resolved.adsDisabled, setting: resolved.setting } : null,
    fellBack: [...fellBack],
  };
}
