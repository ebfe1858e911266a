/**
 * Whole rendered pages, kept with their gzip and brotli forms so that a hit costs neither
 * rendering nor compression. Fresh for `freshMs`; then, for `staleMs` more, the stale page
 * keeps answering while one request renders its replacement; then, for `lastResortMs` more, it
 * is kept only as the last resort, for when its refresh fails (a degraded answer, decision 0325).
 * A purge drops pages at once, and a render that began before it is not kept: it may show what
 * the purge removed.
 */
import { LRUCache } from 'lru-cache';
import { encodeBody, etagsOf, type Encoding } from '../http/encoding';

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
  /** The keys a CDN purges it by (Surrogate-Key, space-separated), sent again with the hits. */
  readonly purgeKeys: string | undefined;
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
  /** How long past its stale time a page stays kept as the last resort (0 by default). */
  readonly lastResortMs?: number;
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
  /** Any page still kept, however old: the last resort when its refresh failed. */
  lastResort(key: string): CachedPage | undefined;
  /**
   * The page with its compressed forms, kept unless a purge came after `renderedSince` (the
   * `purgeCount()` read before its render began): then it only answers its own request.
   */
  store(key: string, html: Buffer, page: PageToStore): CachedPage;
  /** A render that was to refresh the page did not produce one: let another request try. */
  release(key: string): void;
  /** Purges so far: read before a render begins, handed to store. */
  purgeCount(): number;
  /** Drops the pages whose key `matches` (every page when null); returns how many. */
  purge(matches: ((key: string) => boolean) | null): number;
}

export interface PageToStore {
  readonly labels: PageLabels;
  readonly contentSecurityPolicy: string | undefined;
  readonly purgeKeys: string | undefined;
  readonly renderedSince: number;
}

/** A refresh that has not finished in this time is given to the next request. */
const REFRESH_TIMEOUT_MS = 10_000;

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const cache = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) => page.identity.length + page.gzip.length + page.br.length + 200,
    ttl: options.freshMs + options.staleMs + (options.lastResortMs ?? 0),
    ttlResolution: 0,
    perf: { now },
  });

  let purges = 0;
  const age = (page: CachedPage) => now() - page.storedAt;
  const refreshing = (page: CachedPage) => page.refreshingSince !== null && now() - page.refreshingSince < REFRESH_TIMEOUT_MS;
  const servable = (page: CachedPage, staleWillDo: boolean) => age(page) < options.freshMs || (age(page) < options.freshMs + options.staleMs && (staleWillDo || refreshing(page)));

  return {
    servablePage(key, staleWillDo = false) {
      const page = cache.get(key);
      return page && servable(page, staleWillDo) ? page : undefined;
    },
    lastResort: (key) => cache.get(key),
    claimRefresh(key) {
      const page = cache.get(key);
      if (!page) return false;
      page.refreshingSince = now();
      return true;
    },
    store(key, html, { labels, contentSecurityPolicy, purgeKeys, renderedSince }) {
      const etags = etagsOf(html);
      // Compressed once here, synchronously: many concurrent async encoders cost far more time and memory.
      const page: CachedPage = { identity: html, gzip: encodeBody(html, 'gzip', 'kept'), br: encodeBody(html, 'br', 'kept'), etags, storedAt: now(), labels, contentSecurityPolicy, purgeKeys, refreshingSince: null };
      if (renderedSince === purges) cache.set(key, page);
      return page;
    },
    release(key) {
      const page = cache.get(key);
      if (page) page.refreshingSince = null;
    },
    purgeCount: () => purges,
    purge(matches) {
      // Counted even when nothing is dropped: a render in flight may be about to keep a page it matches.
      purges++;
      if (!matches) {
        const dropped = cache.size;
        cache.clear();
        return dropped;
      }
      const keys = [...cache.keys()].filter(matches);
      for (const key of keys) cache.delete(key);
      return keys.length;
    },
  };
}

/** What the render step needs to know about caching the page it renders (res.locals.pageOutput). */
export interface PageOutput {
  /** Cache-Control for the answer, by its status. */
  cacheControl(status: number): string;
  /**
   * Keeps the whole HTML of a 200 page that may be kept, with the Content-Security-Policy its
   * hits are sent with; the kept page has its compressed forms.
   */
  capture?: (html: Buffer, contentSecurityPolicy: string) => CachedPage;
  /**
   * The page failed (a 5xx): its kept copy, however old, answers instead as a degraded answer;
   * false when none is kept.
   */
  answerWithKeptPage?: () => boolean;
}
