/**
 * One canonical host per site (`config.canonical_host`): a request for another host of the same
 * site gets a 301 to the same path and query on the canonical host, and the site's canonical
 * links, sitemaps and feed use it. The rule is pure; `redirectToCanonicalHost` is its adapter.
 */
import type { Request, Response } from 'express';
import { badRequest } from '../errors';
import { MAX_LOCATION_LENGTH } from '../middleware/https-redirect';
import type { SettingSource } from './settings';
import { siteOrigin } from '../seo/urls';

/** A redirect is cacheable, but for an hour only, so a changed canonical host takes over soon. */
export const CANONICAL_REDIRECT_CACHE_CONTROL = 'public, max-age=3600';

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

/** The same path and query on the canonical host (keeping scheme and port on development hosts). Pure. */
export function canonicalLocationOf(canonicalHost: string, request: { readonly protocol: string; readonly rawHost: string; readonly originalUrl: string }): string {
  return `${siteOrigin(canonicalHost, request)}${request.originalUrl.startsWith('/') ? request.originalUrl : '/'}`;
}

/** Answers a 301 to the canonical host (canonicalHostOf) when the request's host is another one; true when it did. */
export function redirectToCanonicalHost(req: Request, res: Response, host: string, canonicalHost: string | null): boolean {
  if (!canonicalHost || canonicalHost === host) return false;
  const location = canonicalLocationOf(canonicalHost, { protocol: req.envelope.protocol, rawHost: req.envelope.rawHost, originalUrl: req.originalUrl });
  if (location.length > MAX_LOCATION_LENGTH) throw badRequest('This address is too long.');
  res.set('cache-control', CANONICAL_REDIRECT_CACHE_CONTROL).redirect(301, location);
  return true;
}
