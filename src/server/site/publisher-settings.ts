/**
 * The optional publisher fields of a setting (contract: consent_regions, cmp_src,
 * canonical_host), checked. Pure. A malformed value is reported and read as missing, so a typo
 * never rejects the record or breaks the page; the site then behaves as without the field.
 */
import { DEFAULT_CONSENT_REGIONS, type ConsentSettings } from '../../shared/consent';

export interface PublisherSettings {
  readonly consent: ConsentSettings;
  /** The host other hosts of the site redirect to, or null. */
  readonly canonicalHost: string | null;
  /** The fields (or list entries) that were dropped, for a once-per-site warning. */
  readonly invalid: readonly InvalidSetting[];
}

export interface InvalidSetting {
  readonly field: 'consent_regions' | 'cmp_src' | 'canonical_host' | 'menu.other_menu_option';
  /** The dropped value, as JSON, cut short. */
  readonly value: string;
}

/** ISO 3166-1 alpha-2, or an ISO 3166-2 subdivision (`US-CA`), as gtag's `region` takes them. */
const REGION = /^[A-Z]{2}(?:-[A-Z0-9]{1,3})?$/;
const MAX_REGIONS = 300;
const MAX_URL_LENGTH = 2048;
/** A DNS name of two labels or more, lower case (hosts arrive lower-cased). */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A dropped value as a log line shows it: JSON, cut short. */
export const shown = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 200);
const isMissing = (value: unknown) => value === undefined || value === null;

function consentRegionsOf(value: unknown, invalid: InvalidSetting[]): readonly string[] {
  if (isMissing(value)) return DEFAULT_CONSENT_REGIONS;
  if (!Array.isArray(value)) {
    invalid.push({ field: 'consent_regions', value: shown(value) });
    return DEFAULT_CONSENT_REGIONS;
  }
  const regions = new Set<string>();
  for (const entry of value.slice(0, MAX_REGIONS)) {
    const code = typeof entry === 'string' ? entry.trim().toUpperCase() : '';
    if (REGION.test(code)) regions.add(code);
    else invalid.push({ field: 'consent_regions', value: shown(entry) });
  }
  // The rest is one report, not one per entry: a runaway list cannot flood the log.
  if (value.length > MAX_REGIONS) invalid.push({ field: 'consent_regions', value: `${value.length - MAX_REGIONS} entries past the first ${MAX_REGIONS}` });
  // An empty list (or one with no valid code) would deny consent nowhere: the default stands.
  return regions.size > 0 ? [...regions] : DEFAULT_CONSENT_REGIONS;
}

/** An https URL without credentials, normalized; null when it is anything else. */
export function httpsUrlOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

function checked<T>(field: InvalidSetting['field'], value: unknown, check: (value: unknown) => T | null, invalid: InvalidSetting[]): T | null {
  if (isMissing(value) || value === '') return null;
  const result = check(value);
  if (result === null) invalid.push({ field, value: shown(value) });
  return result;
}

const canonicalHostOf = (value: unknown) => {
  if (typeof value !== 'string') return null;
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  return HOST_NAME.test(host) ? host : null;
};

export function publisherSettingsOf(config: { readonly consent_regions?: unknown; readonly cmp_src?: unknown; readonly canonical_host?: unknown }): PublisherSettings {
  const invalid: InvalidSetting[] = [];
  const regions = consentRegionsOf(config.consent_regions, invalid);
  const cmpSrc = checked('cmp_src', config.cmp_src, httpsUrlOf, invalid);
  const canonicalHost = checked('canonical_host', config.canonical_host, canonicalHostOf, invalid);
  return { consent: { regions, cmpSrc }, canonicalHost, invalid };
}
