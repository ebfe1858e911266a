/** What a rendered page may be cached under, and what caches may do with it. Pure. */
import type { Theme } from '../../shared/app-state';

/** Query parameters that make a page personal: it is never cached, here or by a CDN. */
export const PERSONAL_QUERY_PARAMETERS = ['s', 'utm_id', 'campaign_id', 'testDisplayAd'] as const;

export interface PageRequest {
  readonly host: string;
  readonly path: string;
  readonly query: Readonly<Record<string, unknown>>;
  /** The visitor's saved theme, when there is one: the page's <html> class depends on it. */
  readonly theme: Theme | null;
}

/**
 * The cache key of a page, or null when the page is personal. Only `page` changes a shared
 * page's bytes; other parameters (tracking and the like) are not part of the key. The saved
 * theme is the page's one variant: the device class is decided in the browser.
 */
export function pageCacheKeyOf(request: PageRequest): string | null {
  if (PERSONAL_QUERY_PARAMETERS.some((name) => request.query[name] !== undefined)) return null;
  const page = request.query.page;
  if (page !== undefined && typeof page !== 'string') return null;
  return `${request.host}|${request.path}|${page ?? ''}|${request.theme ?? ''}`;
}

export interface CdnTimes {
  readonly freshSeconds: number;
  readonly staleWhileRevalidateSeconds: number;
  readonly staleIfErrorSeconds: number;
}

/** Cache-Control for a CDN in front: shared pages get s-maxage with SWR and SIE; never personal ones. */
export function cacheControlOf(shared: boolean, status: number, times: CdnTimes): string {
  if (!shared || status !== 200) return 'private, no-store';
  return `public, max-age=0, s-maxage=${times.freshSeconds}, stale-while-revalidate=${times.staleWhileRevalidateSeconds}, stale-if-error=${times.staleIfErrorSeconds}`;
}
