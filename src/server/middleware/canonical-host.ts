/**
 * The redirect to a site's canonical host (rules/canonical-host.ts): a request for another host
 * of the same site gets a 301 to the same path and query on the canonical host.
 */
import type { Request, Response } from 'express';
import { badRequest } from '../http/errors';
import { siteOrigin } from '../rules/site-urls';
import { MAX_LOCATION_LENGTH } from './https-redirect';

/** A redirect is cacheable, but for an hour only, so a changed canonical host takes over soon. */
export const CANONICAL_REDIRECT_CACHE_CONTROL = 'public, max-age=3600';

/** The same path and query on the canonical host (keeping scheme and port on development hosts). Pure. */
export function canonicalLocationOf(canonicalHost: string, request: { readonly protocol: string; readonly rawHost: string; readonly originalUrl: string }): string {
  return `${siteOrigin(canonicalHost, request)}${request.originalUrl.startsWith('/') ? request.originalUrl : '/'}`;
}

/** Answers a 301 to the canonical host (rules/canonical-host.ts, canonicalHostOf) when the request's host is another one; true when it did. */
export function redirectToCanonicalHost(req: Request, res: Response, host: string, canonicalHost: string | null): boolean {
  if (!canonicalHost || canonicalHost === host) return false;
  const location = canonicalLocationOf(canonicalHost, { protocol: req.envelope.protocol, rawHost: req.envelope.rawHost, originalUrl: req.originalUrl });
  if (location.length > MAX_LOCATION_LENGTH) throw badRequest('This address is too long.');
  res.set('cache-control', CANONICAL_REDIRECT_CACHE_CONTROL).redirect(301, location);
  return true;
}
