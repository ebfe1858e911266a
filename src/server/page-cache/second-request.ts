/**
 * Which rendered pages the page cache keeps: a page is kept on its second request within a
 * kept page's lifetime (nginx's `proxy_cache_min_uses 2`, Akamai's cache-on-second-hit). The
 * first request only leaves its key here, in a set bounded in entries and bytes, so that a page
 * asked for once (the long tail of a network of sites) costs what an uncached render costs and
 * takes no room from the pages asked for again (decision 0320).
 */
import { LRUCache } from 'lru-cache';

export interface AdmissionOptions {
  /** How long a first request is remembered: a kept page's lifetime (fresh and stale). */
  readonly windowMs: number;
  readonly maxKeys: number;
  /** Bytes of remembered keys at most (a key's characters, and its entry's own cost). */
  readonly maxBytes: number;
  readonly now?: () => number;
}

export interface Admission {
  /** True when `key` was asked for within the window before this request; remembers this one. */
  seenBefore(key: string): boolean;
}

/** What an entry of the set costs beyond its key's characters (the LRU's slots and the key's header), measured roughly. */
const ENTRY_OVERHEAD_BYTES = 64;

export function createAdmission(options: AdmissionOptions): Admission {
  const seen = new LRUCache<string, true>({
    max: options.maxKeys,
    maxSize: options.maxBytes,
    sizeCalculation: (_value, key) => key.length + ENTRY_OVERHEAD_BYTES,
    ttl: options.windowMs,
    ttlResolution: 0,
    perf: { now: options.now ?? Date.now },
  });
  return {
    seenBefore(key) {
      const before = seen.has(key);
      seen.set(key, true);
      return before;
    },
  };
}
