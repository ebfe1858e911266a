/**
 * The data cache in front of the content API (lru-cache with fetchMethod), one bounded cache
 * per kind of data:
 * - a fresh value answers at once; a stale one answers at once while one refresh runs
 *   (stale-while-revalidate);
 * - concurrent misses for one key share one upstream call (fetch coalescing);
 * - a failed refresh never replaces a good value: the last good value keeps serving up to
 *   `maxStaleMs` past its TTL (stale-if-error); failures are never stored as data;
 * - after a failure, calls for that key wait `failureBackoffMs` before asking upstream again,
 *   answering from the stale value, or failing at once when there is none;
 * - every answer that served is also kept in the last-good store (last-good.ts), which a flood
 *   of one-time keys cannot empty: when the LRU has lost a key and the upstream fails, the
 *   stale-if-error answer comes from there.
 * What it logs follows outage-log.ts: a failed call is logged once, by the lookup that receives
 * it, or here (`cache.refresh_failed`) when stale data answered instead; a lookup that shares
 * another's failed call or meets a remembered failure gets it `withoutCall()` and is counted,
 * as is every answer served stale because the upstream fails. Keys never reach a log line: they
 * hold visitors' input (search text, slugs).
 */
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { failureFields, isFailureWithoutCall } from './failures';
import { createLastGoodStore, DEFAULT_LAST_GOOD_MAX_BYTES, type KeptValue, type LastGoodStore } from './last-good';
import { upstreamUrlOf, type NoCallReason, type OutageLog } from './outage-log';
import { UpstreamError } from './upstream-error';

export type CacheKind = 'settings' | 'menus' | 'lists' | 'articles';
export type CacheOutcome = 'hit' | 'miss' | 'stale';

export interface CachePolicy {
  readonly ttlMs: number;
  readonly maxEntries: number;
  /** Bound on the summed JSON size of the kind's entries. */
  readonly maxBytes: number;
}

export interface DataCacheOptions {
  readonly policies: Readonly<Record<CacheKind, CachePolicy>>;
  readonly maxStaleMs: number;
  readonly failureBackoffMs: number;
  readonly log: Logger;
  /** Counts lookups failed without a call and answers served stale, for the origin's summary line. */
  readonly outage: OutageLog;
  readonly onOutcome?: (kind: CacheKind, outcome: CacheOutcome) => void;
  readonly now?: () => number;
  /** Bound of the last-good store; DEFAULT_LAST_GOOD_MAX_BYTES unless given. */
  readonly lastGoodMaxBytes?: number;
}

/** TTLs per kind of data; bounds sized so that all caches together stay around 60 MB. */
export const DEFAULT_CACHE_POLICIES: Readonly<Record<CacheKind, CachePolicy>> = {
  settings: { ttlMs: 60_000, maxEntries: 2_000, maxBytes: 4 * 1024 * 1024 },
  menus: { ttlMs: 300_000, maxEntries: 2_000, maxBytes: 2 * 1024 * 1024 },
  lists: { ttlMs: 60_000, maxEntries: 5_000, maxBytes: 12 * 1024 * 1024 },
  articles: { ttlMs: 300_000, maxEntries: 2_000, maxBytes: 16 * 1024 * 1024 },
};

type Entry = KeptValue;

type Loader = () => Promise<unknown>;

/** What a fetch hands the LRU's fetchMethod: the call, and the logger of the request that made it. */
interface LoadContext {
  readonly load: Loader;
  readonly log: Logger;
}

const MAX_REMEMBERED_FAILURES = 10_000;

class KindCache {
  private readonly cache: LRUCache<string, Entry, LoadContext>;
  private readonly failures = new Map<string, { at: number; error: unknown }>();

  constructor(
    private readonly kind: CacheKind,
    private readonly policy: CachePolicy,
    private readonly options: DataCacheOptions,
    private readonly now: () => number,
    private readonly lastGood: LastGoodStore,
  ) {
    this.cache = new LRUCache<string, Entry, LoadContext>({
      max: policy.maxEntries,
      maxSize: policy.maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.size),
      ttl: policy.ttlMs,
      perf: { now },
      ttlResolution: 0,
      allowStale: true,
      noDeleteOnStaleGet: true,
      noDeleteOnFetchRejection: true,
      fetchMethod: async (key, stale, { context, options: fetchOptions }) => {
        try {
          const value = await context.load();
          this.failures.delete(key);
          const entry = { value, storedAt: this.now(), size: JSON.stringify(value ?? null).length };
          this.lastGood.remember(key, entry);
          return entry;
        } catch (error) {
          if (this.failures.size >= MAX_REMEMBERED_FAILURES) this.failures.clear();
          this.failures.set(key, { at: this.now(), error });
          // A refresh in the background: the request got the stale value, so no lookup sees this failure.
          if (stale !== undefined && fetchOptions.allowStale) this.refreshFailed(error, context.log);
          throw error;
        }
      },
    });
  }

  private usable(entry: Entry | undefined): entry is Entry {
    return entry !== undefined && this.now() - entry.storedAt <= this.policy.ttlMs + this.options.maxStaleMs;
  }

  /** The one line of a call that failed while stale data answered in its place. */
  private refreshFailed(error: unknown, log: Logger): void {
    if (isFailureWithoutCall(error)) return;
    log.warn({ event: 'cache.refresh_failed', cache: this.kind, ...failureFields(error) }, 'a refresh of cached data failed; its stale copy answers while it lasts');
  }

  /** A failure met by a lookup that made no call of its own: counted, and handed on as such. */
  private withoutCall(error: unknown, reason: NoCallReason): unknown {
    if (!(error instanceof UpstreamError)) return error;
    this.options.outage.failedWithoutCall(error.url, reason);
    return error.withoutCall();
  }

  /** A value past its freshness answers; counted for the outage summary when its refresh failed. */
  private stale(entry: Entry, failure: unknown): unknown {
    this.options.onOutcome?.(this.kind, 'stale');
    const url = upstreamUrlOf(failure);
    if (url !== undefined) this.options.outage.staleServed(url);
    return entry.value;
  }

  /** The value while it is fresh (made the LRU's most recent entry), else undefined. */
  private freshValue(key: string): unknown {
    const current = this.cache.get(key);
    if (current === undefined || this.now() - current.storedAt >= this.policy.ttlMs) return undefined;
    this.options.onOutcome?.(this.kind, 'hit');
    this.lastGood.touch(key);
    return current.value;
  }

  async get(key: string, load: Loader, log: Logger): Promise<unknown> {
    // A fresh value is answered straight from the LRU, without fetch()'s bookkeeping: this is
    // every request's path while the data is in its TTL. A fresh entry means the last load
    // succeeded, so no failure can be pending for it. (Answers are never undefined.)
    const fresh = this.freshValue(key);
    if (fresh !== undefined) return fresh;
    const failure = this.failures.get(key);
    if (failure && this.now() - failure.at < this.options.failureBackoffMs) {
      const entry = this.cache.get(key, { allowStale: true }) ?? this.lastGood.get(key);
      if (!this.usable(entry)) throw this.withoutCall(failure.error, 'remembered');
      if (entry.storedAt + this.policy.ttlMs <= this.now()) return this.stale(entry, failure.error);
      this.options.onOutcome?.(this.kind, 'hit');
      return entry.value;
    }
    const context: LoadContext = { load, log };
    const status: LRUCache.Status<string, Entry, LoadContext> = {};
    let entry: Entry | undefined;
    try {
      entry = await this.cache.fetch(key, { context, status });
    } catch (error) {
      // The LRU had nothing left for the key: the last good answer, if it is not too old.
      const kept = this.lastGood.get(key);
      const shared = status.fetch === 'inflight';
      if (!this.usable(kept)) throw shared ? this.withoutCall(error, 'shared') : error;
      if (!shared) this.refreshFailed(error, log);
      return this.stale(kept, error);
    }
    if (status.returnedStale && !this.usable(entry)) {
      // Too old to serve even as stale: only a fresh answer will do. The refresh that the first
      // fetch started is running, so this waits for its outcome (and shares its failure).
      try {
        entry = await this.cache.fetch(key, { context, forceRefresh: true, allowStale: false });
      } catch (error) {
        throw this.withoutCall(error, 'shared');
      }
    } else if (status.returnedStale && entry) {
      const pending = this.failures.get(key);
      return this.stale(entry, pending?.error);
    }
    if (!entry) throw new Error(`data cache: no value for a ${this.kind} key`);
    this.options.onOutcome?.(this.kind, status.fetch === 'hit' || status.fetch === 'inflight' ? 'hit' : 'miss');
    return entry.value;
  }
}

export interface DataCache {
  /** `log`: where this lookup's cache lines go (the request's logger); the cache's own by default. */
  get<V>(kind: CacheKind, key: string, load: () => Promise<V>, log?: Logger): Promise<V>;
}

export function createDataCache(options: DataCacheOptions): DataCache {
  const now = options.now ?? Date.now;
  // One store for every kind: its keys name their call, and one byte bound is simpler to set.
  const lastGood = createLastGoodStore(options.lastGoodMaxBytes ?? DEFAULT_LAST_GOOD_MAX_BYTES);
  const caches = Object.fromEntries(
    (Object.keys(options.policies) as CacheKind[]).map((kind) => [kind, new KindCache(kind, options.policies[kind], options, now, lastGood)]),
  ) as Record<CacheKind, KindCache>;
  return {
    get<V>(kind: CacheKind, key: string, load: () => Promise<V>, log: Logger = options.log): Promise<V> {
      // The loader's value is stored as it came and handed back unchanged.
      return caches[kind].get(key, load, log) as Promise<V>;
    },
  };
}
