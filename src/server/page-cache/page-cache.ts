/**
 * Whole rendered pages, kept with their gzip and brotli forms so that a hit costs neither
 * rendering nor compression. Fresh for `freshMs`; then, for `staleMs` more, the stale page
 * keeps answering while one request renders its replacement.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/**
 * Compressed once per stored page, synchronously: a page takes well under a millisecond, while
 * many concurrent async brotli encoders (each with its default 4 MB window) cost far more time
 * and memory. The window is sized to the page.
 */
function compressed(html: Buffer): { gzip: Buffer; br: Buffer } {
  const window = Math.min(24, Math.max(16, Math.ceil(Math.log2(html.length + 1))));
  return {
    gzip: gzipSync(html, { level: 6 }),
    br: brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_LGWIN]: window, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    }),
  };
}

export interface CachedPage {
  readonly identity: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
  readonly etag: string;
  readonly storedAt: number;
  /** The request-metrics labels of the request that rendered it, for the hits. */
  readonly labels: PageLabels;
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

export type PageLookup = { readonly page: CachedPage; readonly serve: true } | { readonly page: CachedPage | undefined; readonly serve: false };

export interface PageCache {
  /** serve: answer with this page; otherwise render (and this request refreshes a stale page). */
  lookup(key: string): PageLookup;
  /** The page when it may answer as it is (fresh, or stale while another request refreshes it). */
  peek(key: string): CachedPage | undefined;
  store(key: string, html: Buffer, labels: PageLabels): void;
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
    lookup(key) {
      const page = cache.get(key);
      if (!page) return { page: undefined, serve: false };
      if (servable(page)) return { page, serve: true };
      page.refreshingSince = now();
      return { page, serve: false };
    },
    peek(key) {
      const page = cache.get(key);
      return page && servable(page) ? page : undefined;
    },
    store(key, html, labels) {
      const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
      cache.set(key, { identity: html, ...compressed(html), etag, storedAt: now(), labels, refreshingSince: null });
    },
    release(key) {
      const page = cache.get(key);
      if (page) page.refreshingSince = null;
    },
  };
}
