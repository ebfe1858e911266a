/**
 * The site's own absolute URLs: its origin, canonical URLs and absolute asset URLs. Pure.
 * Where these functions take an `origin` to build on, it is the site's root URL: the origin
 * followed by the base path, when the sites are served under one (pages/step.tsx).
 * Canonical URLs are built from an allowlist of query parameters (only `page`), so tracking and
 * test parameters (utm_*, campaign_id, testDisplayAd, fbclid, ...) can never reach one.
 */
import { isIP } from 'node:net';

/** Hosts that only exist on a developer's machine: their origin keeps the request's scheme and port. */
export function isDevelopmentHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || isIP(host) !== 0;
}

/** The port of a raw Host value (`example.com:8080`, `[::1]:3000`), if any. */
export function portOf(rawHost: string): string | undefined {
  const colon = rawHost.lastIndexOf(':');
  if (colon < 0 || rawHost.lastIndexOf(']') > colon) return undefined;
  const port = rawHost.slice(colon + 1);
  return /^[0-9]{1,5}$/.test(port) ? port : undefined;
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

/**
 * `https://<host>` for the public sites (they are served over HTTPS only: every answer carries
 * HSTS). A development host (localhost, *.localhost, an IP) keeps the request's own scheme and
 * port, so the demo's links and canonical URLs work at http://localhost:3000.
 */
export function siteOrigin(host: string, request: { readonly protocol: string; readonly rawHost: string }): string {
  if (!isDevelopmentHost(host)) return `https://${host}`;
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const name = isIP(host) === 6 ? `[${host}]` : host;
  const port = portOf(request.rawHost);
  return `${scheme}://${name}${port && port !== DEFAULT_PORTS[scheme] ? `:${port}` : ''}`;
}

/** An absolute URL on the site: origin, path, and only the given query parameters. */
export function siteUrl(origin: string, path: string, query: Readonly<Record<string, string | undefined>> = {}): string {
  const present = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  // Most of a page's URLs have no query: no URLSearchParams (costly to build) for them.
  return present.length === 0 ? `${origin}${path}` : `${origin}${path}?${new URLSearchParams(present).toString()}`;
}

/** The canonical path of a listing page: page 1 has no `page` parameter. */
export function pageQuery(page: number): { page?: string } {
  return page > 1 ? { page: String(page) } : {};
}

/** An http(s) URL made absolute against the origin, or undefined (data:, javascript:, malformed). */
export function absoluteHttpUrl(url: string | null | undefined, origin: string): string | undefined {
  if (!url) return undefined;
  try {
    const resolved = new URL(url, `${origin}/`);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}
