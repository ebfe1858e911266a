/**
 * Whole rendered pages, kept with their gzip and brotli forms so that a hit costs neither
 * rendering nor compression. Fresh for `freshMs`; then, for `staleMs` more, the stale page
 * keeps answering while one request renders its replacement.
 */
import { LRUCache } from 'lru-cache';
import { encodeBody, etagsOf, type Encoding } from '../encoding';

export interface CachedPage {
  readonly identity: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
  /** One strong ETag per encoding: the bodies differ, so a cache must not take one for another. */
  readonly etags: Readonly<Record<Encoding, string>>;
  readonly storedAt: number;
  /** The request-metrics labels of the request that rendered it, for the hits. */
  readonly labels: PageLabels;
  /** The CSP it was sent with (a site's consent platform widens it), sent again with the hits. */
  readonly contentSecurityPolicy: string | undefined;
  /** Set while one request renders the replacement of a stale page. */
  refreshingSince: number | null;
}

export interface PageLabels {
  readonly route: string;
  readonly site: string;
}

export interface PageCacheOptions {
  readonly freshMs: number;
  readonly staleMs: number;
  readonly maxBytes: number;
  readonly now?: () => number;
}

export interface PageCache {
  /**
   * The page when it may answer as it is: fresh, or stale while another request refreshes it,
   * or stale at all when `staleWillDo` (no request may start to refresh it).
   */
  servablePage(key: string, staleWillDo?: boolean): CachedPage | undefined;
  /**
   * Called when servablePage found none: a stale page is marked as being refreshed by the
   * caller, who renders its replacement. True when there was one (release it if no page comes).
   */
  claimRefresh(key: string): boolean;
  /** Keeps the page with its compressed forms, and returns it. */
  store(key: string, html: Buffer, labels: PageLabels, contentSecurityPolicy?: string): CachedPage;
  /** A render that was to refresh the page did not produce one: let another request try. */
  release(key: string): void;
}

/** A refresh that has not finished in this time is given to the next request. */
const REFRESH_TIMEOUT_MS = 10_000;

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const cache = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) => page.identity.length + page.gzip.length + page.br.length + 200,
    ttl: options.freshMs + options.staleMs,
    ttlResolution: 0,
    perf: { now },
  });

  const servable = (page: CachedPage) => now() - page.storedAt < options.freshMs || (page.refreshingSince !== null && now() - page.refreshingSince < REFRESH_TIMEOUT_MS);

  return {
    servablePage(key, staleWillDo = false) {
      const page = cache.get(key);
      return page && (staleWillDo || servable(page)) ? page : undefined;
    },
    claimRefresh(key) {
      const page = cache.get(key);
      if (!page) return false;
      page.refreshingSince = now();
      return true;
    },
    store(key, html, labels, contentSecurityPolicy) {
      const etags = etagsOf(html);
      // Compressed once here, synchronously: many concurrent async encoders cost far more time and memory.
      const page: CachedPage = { identity: html, gzip: encodeBody(html, 'gzip', 'kept'), br: encodeBody(html, 'br', 'kept'), etags, storedAt: now(), labels, contentSecurityPolicy, refreshingSince: null };
      cache.set(key, page);
      return page;
    },
    release(key) {
      const page = cache.get(key);
      if (page) page.refreshingSince = null;
    },
  };
}

/** What the render step needs to know about caching the page it renders (res.locals.pageOutput). */
export interface PageOutput {
  /** Cache-Control for the answer, by its status. */
  cacheControl(status: number): string;
  /** Keeps the whole HTML of a 200 page that may be kept; the kept page has its compressed forms. */
  capture?: (html: Buffer) => CachedPage;
}
