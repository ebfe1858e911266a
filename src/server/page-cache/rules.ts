/** What a rendered page may be cached under, and what caches may do with it. Pure. */
import { PRIVATE } from '../http/cache-control';

/** Query parameters that make a page personal: it is never cached, here or by a CDN. */
export const PERSONAL_QUERY_PARAMETERS = ['s', 'utm_id', 'campaign_id', 'testDisplayAd'] as const;

export interface PageRequest {
  /** The site's origin as the page shows it (its host, and on development hosts scheme and port). */
  readonly origin: string;
  readonly path: string;
  readonly query: Readonly<Record<string, unknown>>;
}

/**
 * The cache key of a page, or null when the page is personal. Of the query, only `page` changes a shared
 * page's bytes; other parameters (tracking and the like) are not part of the key. Nothing of
 * the visitor is: the saved theme and the device class are applied in the browser.
 */
export function pageCacheKeyOf(request: PageRequest): string | null {
  if (PERSONAL_QUERY_PARAMETERS.some((name) => request.query[name] !== undefined)) return null;
  const page = request.query.page;
  if (page !== undefined && typeof page !== 'string') return null;
  return `${request.origin}|${request.path}|${page ?? ''}`;
}

/** The host of a page-cache key (its origin's host name, IPv6 without brackets), for a purge. */
export function pageCacheHostOf(key: string): string {
  const origin = key.slice(0, key.indexOf('|'));
  return new URL(origin).hostname.replace(/^\[(.*)\]$/, '$1');
}

export interface CdnTimes {
  readonly freshSeconds: number;
  readonly staleWhileRevalidateSeconds: number;
  readonly staleIfErrorSeconds: number;
}

/** Whether a Cache-Control value (as cacheControlOf writes it) lets a shared cache keep the answer. */
export function isSharedCacheControl(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith('public');
}

/** Cache-Control for a CDN in front: shared pages get s-maxage with SWR and SIE; never personal ones. */
export function cacheControlOf(shared: boolean, status: number, times: CdnTimes): string {
  if (!shared || status !== 200) return PRIVATE;
  return `public, max-age=0, s-maxage=${times.freshSeconds}, stale-while-revalidate=${times.staleWhileRevalidateSeconds}, stale-if-error=${times.staleIfErrorSeconds}`;
}

/**
 * What the page cache did for a request it could have answered (one with a page-cache key):
 * answered a fresh page (`hit`) or a stale one (`stale`); let it render and kept the result
 * (`admitted`) or not (`miss`: a first request, only remembered); answered a page kept past its
 * stale time because the render failed (`last_resort`, degraded).
 */
export const PAGE_CACHE_RESULTS = ['hit', 'stale', 'miss', 'admitted', 'last_resort'] as const;
export type PageCacheResult = (typeof PAGE_CACHE_RESULTS)[number];
