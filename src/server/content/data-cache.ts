/**
 * The data cache in front of the content API (lru-cache with fetchMethod), one bounded cache
 * per kind of data:
 * - a fresh value answers at once; a stale one answers at once while one refresh runs
 *   (stale-while-revalidate);
 * - concurrent misses for one key share one upstream call (fetch coalescing), also when the
 *   LRU's bound evicts the key while its call runs: the call goes on, its lookups get its answer,
 *   and a lookup after the eviction waits for the same call;
 * - a failed refresh never replaces a good value: the last good value keeps serving up to
 *   `maxStaleMs` past its TTL (stale-if-error); failures are never stored as data;
 * - after a failed call, calls for that key wait `failureBackoffMs` before asking upstream again,
 *   answering from the stale value, or failing at once when there is none (a call the origin's
 *   guard refused was never made, and is not waited for);
 * - every answer that served is also kept in the last-good store (last-good.ts), which a flood
 *   of one-time keys cannot empty: when the LRU has lost a key and the upstream fails, the
 *   stale-if-error answer comes from there;
 * - a lookup whose wait its request's budget ends is answered as for a failed call (the last
 *   good answer, else the budget's failure) while the fetch goes on for the next lookup: a site
 *   the LRU lost to a flood is not shown as the global setting because its upstream hangs;
 * - each entry carries purge tags (given by the caller); a purge drops the entries with one of
 *   the named tags, and the fetches in flight for them, so the next lookup asks the upstream.
 *   The last-good store keeps its copies: it answers only when the upstream fails, and a copy
 *   older than a purge that named it answers only as degraded (the lookup's `degraded` is told);
 * - the entries a kept page was built from are kept in the last-good store as used again
 *   (`keep`), so a flood of other keys does not leave a kept page without what rebuilds it.
 * What it logs follows outage-log.ts: a failed call is logged once, by the lookup that receives
 * it, or here (`cache.refresh_failed`) when stale data answered instead; a lookup that shares
 * another's failed call or meets a remembered failure gets it `withoutCall()` and is counted,
 * as is every answer served stale because the upstream fails. Keys never reach a log line: they
 * hold visitors' input (search text, slugs).
 */
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { takeJsonLength } from './answer-bytes';
import type { AnswerReader } from './content-api';
import { failureFields, isFailureWithoutCall, isSummarizedFailure } from './failures';
import { createLastGoodStore, DEFAULT_LAST_GOOD_MAX_BYTES, type KeptValue, type LastGoodStore } from './last-good';
import { upstreamUrlOf, type NoCallReason, type OutageLog } from './outage-log';
import { RecentFailures } from './recent-failures';
import { UpstreamError } from './upstream-error';
import { LOG_EVENTS } from '../http/log-events';

export type CacheKind = 'settings' | 'menus' | 'lists' | 'articles';
export type CacheOutcome = 'hit' | 'miss' | 'stale';

/** Names what an entry depends on (a host, a setting, a slug), so that a purge can find it. */
export type PurgeTag = string;

export interface CachePolicy {
  readonly ttlMs: number;
  readonly maxEntries: number;
  /** Bound on the heap its entries cost (HEAP_BYTES_PER_JSON_BYTE): the records and what is kept per record. */
  readonly maxBytes: number;
}

/**
 * What an entry costs in the heap for each byte of its JSON: the parsed records, and what is
 * derived and kept per record while they live (keptPerRecord: an article's sanitized body,
 * heading, head markup and JSON-LD; a list's new-articles markup). Measured in a heap snapshot
 * of the long tail (docs/performance.md, "The long tail"); the last-good store counts the same.
 */
export const HEAP_BYTES_PER_JSON_BYTE: Readonly<Record<CacheKind, number>> = { settings: 3, menus: 3, lists: 2.5, articles: 4 };

/** An answer as the shared tier keeps it: the value, and when it was fetched from the upstream. */
export interface SharedAnswer {
  readonly value: unknown;
  readonly storedAt: number;
}

/**
 * The shared tier behind this cache (CACHE_URL; shared-cache/data-tier.ts): what a first-tier
 * miss asks before the upstream, so that one call serves every instance of the deployment.
 */
export interface SharedDataTier {
  /**
   * A fresh answer of the shared tier (`shared`), else `load`'s, made by one instance of the
   * deployment while the others wait briefly for it; an answer stored as the content API sent
   * it is made again by `read` (without one, it is a miss). When `load` fails, `staleCopy` is
   * handed the shared tier's stale answer, if it had one, before the failure is thrown.
   */
  answer(
    kind: CacheKind,
    key: string,
    freshMs: number,
    load: () => Promise<unknown>,
    read: AnswerReader<unknown> | undefined,
    staleCopy: (answer: SharedAnswer) => void,
  ): Promise<SharedAnswer & { readonly shared: boolean }>;
  /**
   * Keeps an answer `load` made for the deployment, for `keptMs`, found by its tags for purges:
   * the content API's own text when it is still noted (answer-bytes.ts; the data cache sizes the
   * entry, and so takes the note, after this).
   */
  keep(kind: CacheKind, key: string, answer: SharedAnswer, tags: readonly PurgeTag[], keptMs: number): void;
  /** Keeps nothing of an answer `load` made (purged while in flight), and frees its lock for whoever asks next. */
  drop(kind: CacheKind, key: string): void;
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
  /** The shared tier behind this cache; none without CACHE_URL. */
  readonly shared?: SharedDataTier;
}

/** TTLs per kind of data; heap bounds that fit the memory budget (docs/deploy.md). */
export const DEFAULT_CACHE_POLICIES: Readonly<Record<CacheKind, CachePolicy>> = {
  settings: { ttlMs: 60_000, maxEntries: 2_000, maxBytes: 6 * 1024 * 1024 },
  menus: { ttlMs: 300_000, maxEntries: 2_000, maxBytes: 3 * 1024 * 1024 },
  lists: { ttlMs: 60_000, maxEntries: 5_000, maxBytes: 12 * 1024 * 1024 },
  articles: { ttlMs: 300_000, maxEntries: 2_000, maxBytes: 16 * 1024 * 1024 },
};

/**
 * For a deployment that purges on every edit (CACHE_LIFETIMES=long, decision 0230): the TTL only
 * bounds what no purge announces (a scheduled publication, a lost purge), so lists stay short.
 */
export const LONG_CACHE_POLICIES: Readonly<Record<CacheKind, CachePolicy>> = {
  settings: { ...DEFAULT_CACHE_POLICIES.settings, ttlMs: 600_000 },
  menus: { ...DEFAULT_CACHE_POLICIES.menus, ttlMs: 3_600_000 },
  lists: { ...DEFAULT_CACHE_POLICIES.lists, ttlMs: 300_000 },
  articles: { ...DEFAULT_CACHE_POLICIES.articles, ttlMs: 3_600_000 },
};

interface Entry extends KeptValue {
  readonly tags: readonly PurgeTag[];
  /** The value as a settled promise, made once when it is stored: what every fresh lookup answers. */
  readonly answer: Promise<unknown>;
}

/** Bounds a lookup's wait for the upstream: the wait, or a failure once the lookup may wait no longer. */
export type WaitBound = <T>(wait: Promise<T>) => Promise<T>;

/** What a miss needs: the upstream call, the tags of its answer, the logger of the request that made it, and its bound. */
interface Fetch {
  readonly load: () => Promise<unknown>;
  readonly tags: () => readonly PurgeTag[];
  readonly log: Logger;
  readonly bound: WaitBound;
  /** Told when the answer is a last-good copy older than a purge that named it. */
  readonly degraded: () => void;
  readonly read: AnswerReader<unknown> | undefined;
}

/** When each tag was last purged, for the last-good copies (which keep no tags). */
interface PurgeRecords {
  /** Whether a value stored at `storedAt` is older than a purge of one of `tags` (or of everything). */
  predates(storedAt: number, tags: readonly PurgeTag[]): boolean;
}

/** `wait` and whether it has settled: a bound that fails first leaves it unsettled, still running. */
function watched<T>(wait: Promise<T>): { readonly wait: Promise<T>; settled(): boolean } {
  let settled = false;
  const settle = () => void (settled = true);
  wait.then(settle, settle);
  return { wait, settled: () => settled };
}

/** A purge gives up a fetch that lookups wait for; they ask again, at most this many times. */
const MAX_PURGED_FETCH_RETRIES = 3;

/**
 * Failures kept per kind at most, however recent (at most 3 MB of errors): past it, a key's
 * back-off is cut short, and the breaker and the bulkhead still spare the upstream.
 */
const MAX_REMEMBERED_FAILURES = 2_000;

/** A fetch in flight: its tags, whether a purge gave it up, and its own answer, which outlives its LRU entry. */
interface Flight {
  readonly tags: readonly PurgeTag[];
  purged: boolean;
  answer: Promise<Entry | undefined>;
}

class KindCache {
  private readonly cache: LRUCache<string, Entry, Fetch>;
  private readonly failures: RecentFailures<{ at: number; error: unknown; tags: readonly PurgeTag[] }>;
  /** The fetches in flight (the LRU's entries() leaves those out, and its bound may evict them). */
  private readonly inFlight = new Map<string, Flight>();
  /** Counts purges that dropped something of this cache: a lookup whose fetch was dropped asks again. */
  private purges = 0;

  constructor(
    private readonly kind: CacheKind,
    private readonly policy: CachePolicy,
    private readonly options: DataCacheOptions,
    private readonly now: () => number,
    private readonly lastGood: LastGoodStore,
    private readonly purged: PurgeRecords,
  ) {
    this.failures = new RecentFailures(options.failureBackoffMs, MAX_REMEMBERED_FAILURES, now);
    this.cache = new LRUCache<string, Entry, Fetch>({
      max: policy.maxEntries,
      maxSize: policy.maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.size),
      ttl: policy.ttlMs,
      perf: { now },
      ttlResolution: 0,
      allowStale: true,
      noDeleteOnStaleGet: true,
      noDeleteOnFetchRejection: true,
      fetchMethod: (key, stale, { context, options: fetchOptions }) => {
        const running = this.inFlight.get(key);
        if (running && !running.purged) {
          // Evicted by the bound while its call runs: this fetch keeps that call's answer, fresh for the rest of its time.
          return running.answer.then((entry) => {
            if (entry) fetchOptions.ttl = Math.max(1, policy.ttlMs - (this.now() - entry.storedAt));
            return entry;
          });
        }
        const flight: Flight = { tags: context.tags(), purged: false, answer: Promise.resolve(undefined) };
        this.inFlight.set(key, flight);
        flight.answer = this.fetched(key, stale, context, fetchOptions, flight);
        return flight.answer;
      },
    });
  }

  /** A miss's fetch: the answer (from the shared tier, else the upstream) as an entry, kept in the last-good store and the shared tier. */
  private async fetched(key: string, stale: Entry | undefined, context: Fetch, fetchOptions: LRUCache.FetchOptions<string, Entry, Fetch>, flight: Flight): Promise<Entry | undefined> {
    const { policy, options } = this;
    const { shared } = options;
    try {
      const loaded = shared ? await shared.answer(this.kind, key, policy.ttlMs, context.load, context.read, (copy) => this.lastGood.remember(key, { ...copy, size: this.sizeOf(copy.value) })) : { value: await context.load(), storedAt: this.now(), shared: false };
      const { value } = loaded;
      // Purged while in flight: the answer may predate the change, so nothing keeps it, and
      // the lookups waiting for it ask again. Evicted by the bound, it still answers them.
      if (flight.purged) {
        if (!loaded.shared) shared?.drop(this.kind, key);
        throw new Error('purged while in flight');
      }
      this.failures.delete(key);
      // Another instance's answer is as old as it is: fresh here only for the rest of its time.
      if (loaded.shared) fetchOptions.ttl = Math.max(1, policy.ttlMs - (this.now() - loaded.storedAt));
      else shared?.keep(this.kind, key, loaded, flight.tags, policy.ttlMs + options.maxStaleMs);
      const entry: Entry = { value, storedAt: loaded.storedAt, size: this.sizeOf(value), tags: flight.tags, answer: Promise.resolve(value) };
      // Without the tags (a purge leaves the last good copy): they are a large part of a flood entry's heap.
      this.lastGood.remember(key, { value, storedAt: entry.storedAt, size: entry.size });
      return entry;
    } catch (error) {
      if (flight.purged) throw error;
      // A refusal by the origin's own bounds (circuit open, queue full) asked nothing of the
      // upstream: the guard keeps refusing while it must, so there is nothing to back off
      // from, and a flood of one-time keys keeps no error of them.
      if (!isFailureWithoutCall(error)) this.failures.set(key, { at: this.now(), error, tags: flight.tags });
      // A refresh in the background: the request got the stale value, so no lookup sees this failure.
      if (stale !== undefined && fetchOptions.allowStale) this.refreshFailed(error, context.log);
      throw error;
    } finally {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    }
  }

  /** The LRU's fetch of `key`; when its bound evicts the fetch in flight, that fetch's own answer. */
  private fetchOf(key: string, fetch: Fetch, options: Omit<LRUCache.FetchOptionsWithContext<string, Entry, Fetch>, 'context'>): Promise<Entry | undefined> {
    const fromLru = this.cache.fetch(key, { ...options, context: fetch });
    const flight = this.inFlight.get(key);
    return flight ? fromLru.catch((error: unknown) => (flight.purged || this.inFlight.get(key) !== flight ? Promise.reject(error) : flight.answer)) : fromLru;
  }

  /** What a value costs in the heap, from its JSON length. */
  private sizeOf(value: unknown): number {
    return Math.ceil(takeJsonLength(value) * HEAP_BYTES_PER_JSON_BYTE[this.kind]);
  }

  private usable<E extends KeptValue>(entry: E | undefined): entry is E {
    return entry !== undefined && this.now() - entry.storedAt <= this.policy.ttlMs + this.options.maxStaleMs;
  }

  /** The one line of a call that failed while stale data answered in its place. */
  private refreshFailed(error: unknown, log: Logger): void {
    if (isSummarizedFailure(error)) return;
    log.warn({ event: LOG_EVENTS.CACHE_REFRESH_FAILED.event, cache: this.kind, ...failureFields(error) }, 'a refresh of cached data failed; its stale copy answers while it lasts');
  }

  /** A failure met by a lookup that made no call of its own: counted, and handed on as such. */
  private withoutCall(error: unknown, reason: NoCallReason): unknown {
    if (!(error instanceof UpstreamError)) return error;
    this.options.outage.failedWithoutCall(error.url, reason);
    return error.withoutCall();
  }

  /**
   * The last good copy answers for a failed or unfinished call: degraded when a purge named it
   * since it was stored (what the purge announced may be missing from it).
   */
  private lastGoodAnswer(kept: KeptValue, failure: unknown, fetch: Fetch): unknown {
    if (this.purged.predates(kept.storedAt, fetch.tags())) fetch.degraded();
    return this.stale(kept, failure);
  }

  /** A value past its freshness answers; counted for the outage summary when its refresh failed. */
  private stale(entry: KeptValue, failure: unknown): unknown {
    this.options.onOutcome?.(this.kind, 'stale');
    const url = upstreamUrlOf(failure);
    if (url !== undefined) this.options.outage.staleServed(url);
    return entry.value;
  }

  /**
   * The lookup's bound ended its wait (the request's budget) while the fetch goes on for the
   * next lookup: as for a failed call, the last good answer if it is not too old, else the
   * bound's failure. When it answered and the fetch it made then fails, that failure is logged
   * as a failed refresh (`fetching`: null when another lookup made the call).
   */
  private stoppedWaiting(kept: KeptValue | undefined, error: unknown, fetching: Promise<unknown> | null, fetch: Fetch): unknown {
    if (!this.usable(kept)) throw error;
    fetching?.catch((failure: unknown) => this.refreshFailed(failure, fetch.log));
    return this.lastGoodAnswer(kept, undefined, fetch);
  }

  /**
   * The answer while the value is fresh (made the LRU's most recent entry), else undefined:
   * straight from the LRU, without a miss's bookkeeping, since this is every request's path
   * while the data is in its TTL. A fresh entry means the last load succeeded, so no failure
   * can be pending for it.
   */
  fresh(key: string): Promise<unknown> | undefined {
    const current = this.cache.get(key);
    if (current === undefined || this.now() - current.storedAt >= this.policy.ttlMs) return undefined;
    this.options.onOutcome?.(this.kind, 'hit');
    this.lastGood.touch(key);
    return current.answer;
  }

  /** A lookup of a key that has no fresh value: stale, remembered failure, or a fetch. */
  async load(key: string, fetch: Fetch): Promise<unknown> {
    const failure = this.failures.get(key);
    if (failure && this.now() - failure.at < this.options.failureBackoffMs) {
      const current = this.cache.get(key, { allowStale: true });
      const entry = current ?? this.lastGood.get(key);
      if (!this.usable(entry)) throw this.withoutCall(failure.error, 'remembered');
      if (!current && this.purged.predates(entry.storedAt, fetch.tags())) fetch.degraded();
      if (entry.storedAt + this.policy.ttlMs <= this.now()) return this.stale(entry, failure.error);
      this.options.onOutcome?.(this.kind, 'hit');
      return entry.value;
    }
    let status: LRUCache.Status<string, Entry, Fetch> = {};
    let entry: Entry | undefined;
    /** Whether this lookup waits for a call another lookup made: one in the LRU, or one its bound evicted. */
    let sharesCall = false;
    for (let retries = 0; ; retries++) {
      const purgesBefore = this.purges;
      status = {};
      const running = this.inFlight.get(key);
      const fetching = watched(this.fetchOf(key, fetch, { status }));
      sharesCall = status.fetch === 'inflight' || (running !== undefined && !running.purged);
      try {
        entry = await fetch.bound(fetching.wait);
        break;
      } catch (error) {
        // A purge dropped the fetch this lookup waited for: ask again, after the purge.
        if (this.purges !== purgesBefore && retries < MAX_PURGED_FETCH_RETRIES) continue;
        // The LRU had nothing left for the key: the last good answer, if it is not too old.
        const kept = this.lastGood.get(key);
        if (!fetching.settled()) return this.stoppedWaiting(kept, error, sharesCall ? null : fetching.wait, fetch);
        if (!this.usable(kept)) throw sharesCall ? this.withoutCall(error, 'shared') : error;
        if (!sharesCall) this.refreshFailed(error, fetch.log);
        return this.lastGoodAnswer(kept, error, fetch);
      }
    }
    if (status.returnedStale && !this.usable(entry)) {
      // Too old to serve even as stale: only a fresh answer will do. The refresh that the first
      // fetch started is running, so this waits for its outcome (and shares its failure).
      const refreshing = watched(this.fetchOf(key, fetch, { forceRefresh: true, allowStale: false }));
      try {
        entry = await fetch.bound(refreshing.wait);
      } catch (error) {
        throw refreshing.settled() ? this.withoutCall(error, 'shared') : error;
      }
    } else if (status.returnedStale && entry) {
      return this.stale(entry, this.failures.get(key)?.error);
    }
    if (!entry) throw new Error(`data cache: no value for a ${this.kind} key`);
    this.options.onOutcome?.(this.kind, status.fetch === 'hit' || sharesCall ? 'hit' : 'miss');
    return entry.value;
  }

  /** The key's value as kept (stale too, or the last good copy), without a lookup or an upstream call. */
  peek(key: string): unknown {
    return (this.cache.peek(key, { allowStale: true }) ?? this.lastGood.get(key))?.value;
  }

  /**
   * Drops the entries and in-flight fetches whose tags `matches` (all of them without one),
   * and their failure back-off, so the next lookup asks the upstream. Returns how many.
   */
  purge(matches: ((tags: readonly PurgeTag[]) => boolean) | null): number {
    const keys = new Set<string>();
    for (const [key, entry] of this.cache.entries()) if (!matches || matches(entry.tags)) keys.add(key);
    for (const [key, flight] of this.inFlight) if (!matches || matches(flight.tags)) keys.add(key);
    for (const [key, failure] of this.failures.entries()) if (!matches || matches(failure.tags)) keys.add(key);
    if (keys.size === 0) return 0;
    this.purges++;
    for (const key of keys) {
      // Deleting a key aborts its fetch in flight; the lookups waiting for it ask again (get).
      const flight = this.inFlight.get(key);
      if (flight) flight.purged = true;
      this.cache.delete(key);
      this.inFlight.delete(key);
      this.failures.delete(key);
    }
    return keys.size;
  }
}

export interface LookupOptions {
  /** What the answer depends on, asked for on a miss; an entry without tags goes only with a purge of everything. */
  readonly tags?: () => readonly PurgeTag[];
  /** Where this lookup's cache lines go (the request's logger); the cache's own by default. */
  readonly log?: Logger;
  /**
   * How long the lookup waits for the upstream (its request's budget); past it the lookup is
   * answered as for a failed call (the last good answer, else the bound's failure) while the
   * fetch goes on. Unbounded by default.
   */
  readonly bound?: WaitBound;
  /** Told when the answer is a last-good copy older than a purge that named it: the page is degraded. */
  readonly degraded?: () => void;
  /** The call's reader, for an answer the shared tier holds as the content API sent it. */
  readonly read?: AnswerReader<unknown> | undefined;
}

const NO_TAGS = (): readonly PurgeTag[] => [];
const UNBOUNDED: WaitBound = (wait) => wait;
const NOT_TOLD = (): void => undefined;

/**
 * Purged tags remembered at most: a purge names a site's few tags or some slugs. Past it the
 * oldest record goes, and a copy older than that purge may answer undegraded again.
 */
const MAX_PURGE_RECORDS = 10_000;

/** Purge records that last as long as a copy older than them may answer (the longest TTL plus maxStaleMs). */
function createPurgeRecords(lifetimeMs: number, now: () => number): PurgeRecords & { record(tags: ReadonlySet<PurgeTag> | null): void } {
  const byTag = new LRUCache<PurgeTag, number>({ max: MAX_PURGE_RECORDS, ttl: Math.max(1, lifetimeMs), perf: { now } });
  let everything = Number.NEGATIVE_INFINITY;
  return {
    record(tags) {
      const at = now();
      if (!tags) everything = at;
      else for (const tag of tags) byTag.set(tag, at);
    },
    // Stored in the purge's millisecond counts as older: a copy answers degraded once too often, never shared once too often.
    predates: (storedAt, tags) => storedAt <= everything || tags.some((tag) => storedAt <= (byTag.get(tag) ?? Number.NEGATIVE_INFINITY)),
  };
}

export interface DataCache {
  get<V>(kind: CacheKind, key: string, load: () => Promise<V>, lookup?: LookupOptions): Promise<V>;
  /**
   * The key's value while it is fresh, as `get` would answer it, else undefined: a caller that
   * checks this first makes what a miss needs (the loader, the tags) only for a miss.
   */
  fresh<V>(kind: CacheKind, key: string): Promise<V> | undefined;
  /** The value kept for a key (stale too, or its last good copy), or undefined; no upstream call. */
  peek(kind: CacheKind, key: string): unknown;
  /**
   * Drops every entry with one of `tags` (every entry when null) from every kind; returns how
   * many. Last-good copies stay, and from now on answer only as degraded.
   */
  purge(tags: ReadonlySet<PurgeTag> | null): number;
  /** The keys a kept page was built from count as used again: the last-good store protects them. */
  keep(keys: Iterable<string>): void;
}

export function createDataCache(options: DataCacheOptions): DataCache {
  const now = options.now ?? Date.now;
  // One store for every kind: its keys name their call, and one byte bound is simpler to set.
  const lastGood = createLastGoodStore(options.lastGoodMaxBytes ?? DEFAULT_LAST_GOOD_MAX_BYTES);
  const longestTtlMs = Math.max(...Object.values(options.policies).map((policy) => policy.ttlMs));
  const purged = createPurgeRecords(longestTtlMs + options.maxStaleMs, now);
  const caches = Object.fromEntries(
    (Object.keys(options.policies) as CacheKind[]).map((kind) => [kind, new KindCache(kind, options.policies[kind], options, now, lastGood, purged)]),
  ) as Record<CacheKind, KindCache>;
  const all = Object.values(caches);
  return {
    get<V>(kind: CacheKind, key: string, load: () => Promise<V>, lookup: LookupOptions = {}): Promise<V> {
      // The loader's value is stored as it came and handed back unchanged.
      const cache = caches[kind];
      return (cache.fresh(key) ?? cache.load(key, { load, tags: lookup.tags ?? NO_TAGS, log: lookup.log ?? options.log, bound: lookup.bound ?? UNBOUNDED, degraded: lookup.degraded ?? NOT_TOLD, read: lookup.read })) as Promise<V>;
    },
    fresh: <V>(kind: CacheKind, key: string) => caches[kind].fresh(key) as Promise<V> | undefined,
    peek: (kind, key) => caches[kind].peek(key),
    purge(tags) {
      purged.record(tags);
      const matches = tags && ((entryTags: readonly PurgeTag[]) => entryTags.some((tag) => tags.has(tag)));
      return all.reduce((dropped, cache) => dropped + cache.purge(matches), 0);
    },
    keep(keys) {
      for (const key of keys) lastGood.touch(key);
    },
  };
}
