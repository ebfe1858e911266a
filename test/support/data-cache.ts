/**
 * A data cache for tests, wired as index.ts wires the real one, with every store on one short
 * TTL and a clock the test moves: staleness and back-off without sleeping.
 */
import type { Logger } from 'pino';
import { createDataCache, type CachePolicy, type DataCache } from '../../src/server/content/data-cache';
import type { OutageLog } from '../../src/server/content/outage-log';

/** How long an answer stays fresh in the test data cache. */
export const TEST_TTL_MS = 1000;
/** How long a failed lookup is remembered as failed. */
export const TEST_FAILURE_BACKOFF_MS = 100;

export interface DataCacheOnTestClock {
  /** For `startTestApp({ dataCache })`. */
  readonly dataCache: (log: Logger, outage: OutageLog) => DataCache;
  /** Moves the data cache's clock forward. */
  advance(ms: number): void;
}

/** `settingsEntries`: how many site lookups the settings LRU holds (1000 unless given), so that a test can push one out. */
export function dataCacheOnTestClock({ settingsEntries = 1000 }: { readonly settingsEntries?: number } = {}): DataCacheOnTestClock {
  let clock = 1_000_000;
  const policy: CachePolicy = { ttlMs: TEST_TTL_MS, maxEntries: 1000, maxBytes: 10 * 1024 * 1024 };
  return {
    dataCache: (log, outage) => createDataCache({ policies: { settings: { ...policy, maxEntries: settingsEntries }, menus: policy, lists: policy, articles: policy }, maxStaleMs: 3_600_000, failureBackoffMs: TEST_FAILURE_BACKOFF_MS, log, outage, now: () => clock }),
    advance: (ms) => void (clock += ms),
  };
}
