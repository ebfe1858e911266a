/**
 * The shared tier as index.ts builds it from CACHE_URL: one store (two connections: commands and
 * the purge channel's subscription) and the tiers on it. Built only with CACHE_URL: without it
 * nothing here runs. The tiers: the data cache's (data-tier.ts) and the page cache's (page-tier.ts).
 */
import type { Logger } from 'pino';
import type { SharedCacheSettings } from '../config/config';
import type { SharedPageTier } from '../page-cache/page-cache';
import type { SharedDataTier } from '../content/data-cache';
import { createSharedDataTier } from './data-tier';
import { createSharedPageTier } from './page-tier';
import { createSharedStore, type SharedLookupOutcome, type SharedStore, type StoreObserver, type StoreTuning } from './store';

export interface SharedTier {
  readonly store: SharedStore;
  readonly data: SharedDataTier;
  readonly pages: SharedPageTier;
}

export interface SharedTierOptions {
  readonly settings: SharedCacheSettings;
  readonly log: Logger;
  readonly metrics: StoreObserver & { countSharedLookup(cache: string, outcome: SharedLookupOutcome): void };
  /** The upstream's per-call timeout: how long another instance's fetch may be waited for. */
  readonly upstreamTimeoutMs: number;
  /** The longest a data entry is kept (its TTL and stale-if-error): how long a tag's set lives. */
  readonly longestDataLifetimeMs: number;
  readonly tuning?: StoreTuning;
  readonly now?: () => number;
}

/** Another instance's fetch is waited for at most this long, however long the upstream's timeout. */
const MAX_FILL_WAIT_MS = 1000;
/** The lock outlives a holder's call by this much, so that its answer is stored before it frees. */
const LOCK_MARGIN_MS = 500;

export function createSharedTier(options: SharedTierOptions): SharedTier {
  const store = createSharedStore({ settings: options.settings, log: options.log, observer: options.metrics, ...(options.tuning ? { tuning: options.tuning } : {}) });
  const data = createSharedDataTier({
    store,
    countLookup: options.metrics.countSharedLookup,
    lockMs: options.upstreamTimeoutMs + LOCK_MARGIN_MS,
    waitMs: Math.min(options.upstreamTimeoutMs, MAX_FILL_WAIT_MS),
    tagTtlMs: options.longestDataLifetimeMs,
    ...(options.now ? { now: options.now } : {}),
  });
  const pages = createSharedPageTier({ store, countLookup: options.metrics.countSharedLookup, ...(options.now ? { now: options.now } : {}) });
  return { store, data, pages };
}
