/**
 * The redirect to a site's canonical host (site/canonical-host.ts): a request for another host
 * of the same site gets a 301 to the same path and query on the canonical host.
 */
import type { Request, Response } from 'express';
import { CANONICAL_REDIRECT } from '../http/cache-control';
import { boundedLocation } from '../routing/location';
import { siteOrigin } from '../routing/site-urls';

/** The same path and query on the canonical host (keeping scheme and port on development hosts). Pure. */
export function canonicalLocationOf(canonicalHost: string, request: { readonly protocol: string; readonly rawHost: string; readonly originalUrl: string }): string {
  return `${siteOrigin(canonicalHost, request)}${request.originalUrl.startsWith('/') ? request.originalUrl : '/'}`;
}

/** Answers a 301 to the canonical host (site/canonical-host.ts, canonicalHostOf) when the request's host is another one; true when it did. */
export function redirectToCanonicalHost(req: Request, res: Response, host: string, canonicalHost: string | null): boolean {
  if (!canonicalHost || canonicalHost === host) return false;
  const location = boundedLocation(canonicalLocationOf(canonicalHost, { protocol: req.envelope.protocol, rawHost: req.envelope.rawHost, originalUrl: req.originalUrl }));
  res.set('cache-control', CANONICAL_REDIRECT).redirect(301, location);
  return true;
}
