/**
 * One canonical host per site (`config.canonical_host`): a request for another host of the same
 * site gets a 301 to the same path and query on the canonical host (site/canonical-redirect.ts),
 * and the site's canonical links, sitemaps and feed use it. Pure.
 */
import type { SettingSource } from './settings';

export interface CanonicalHostInput {
  readonly source: SettingSource;
  readonly canonicalHost: string | null;
  /** A lookup failed: the resolution may be a fallback, and a 301 is kept by browsers and CDNs. */
  readonly lookupFailed: boolean;
}

/**
 * The site's canonical host, or null when it has none that applies: the global setting answers
 * for any host without a record (it is the network's fallback, not one site), and a resolution
 * after a failed lookup may be another site's.
 */
export function canonicalHostOf({ source, canonicalHost, lookupFailed }: CanonicalHostInput): string | null {
  return canonicalHost && source !== 'global' && !lookupFailed ? canonicalHost : null;
}
