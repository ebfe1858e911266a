/**
 * One instance's caches on a real store, as index.ts wires them with CACHE_URL: a data cache
 * with its shared tier, the purger and the purge channel, on a clock the test moves.
 */
import { createLogger } from '../../src/server/observability/logger';
import { noMetrics } from '../../src/server/observability/metrics';
import { createPurgeChannel, type PurgeChannel, type SharedPurgeOutcome } from '../../src/server/purge/purge-channel';
import type { PurgeRequest } from '../../src/server/purge/purge-request';
import { createPurger, dataTagsOf } from '../../src/server/purge/purger';
import { createSharedTier, type SharedTier } from '../../src/server/shared-cache/shared-tier';
import { createDataCache, type CachePolicy, type DataCache } from '../../src/server/content/data-cache';
import { createOutageLog } from '../../src/server/content/outage-log';
import { captureLogs, type LogCapture } from './logs';
import { startStoreServer, type StoreServer } from './store-server';

export const SHARED_TTL_MS = 1000;
export const SHARED_MAX_STALE_MS = 60_000;

export interface SharedInstance {
  readonly cache: DataCache;
  readonly tier: SharedTier;
  readonly channel: PurgeChannel;
  /** POST /purge's two steps, as purge-route.ts takes them: this instance's caches, then the deployment. */
  purge(request: PurgeRequest): Promise<SharedPurgeOutcome>;
  readonly logs: LogCapture;
  /** Each shared-tier lookup as `<cache>:<outcome>`. */
  readonly lookups: string[];
  /** Each store command as `<command>:<outcome>`. */
  readonly commands: string[];
}

/** Resolves once `check` holds, checked on each turn of the event loop (for what the test cannot subscribe to). */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
}

/** An instance on the store at `url`, once its store is up. */
async function sharedInstance(url: string, now: () => number): Promise<SharedInstance> {
  const logs = captureLogs();
  const log = createLogger('debug', logs);
  const lookups: string[] = [];
  const commands: string[] = [];
  const tier = createSharedTier({
    settings: { url, keyPrefix: 'test', commandTimeoutMs: 250, connectTimeoutMs: 500 },
    log,
    metrics: { ...noMetrics, countSharedLookup: (cache, outcome) => void lookups.push(`${cache}:${outcome}`), observeSharedCommand: (command, outcome) => void commands.push(`${command}:${outcome}`) },
    upstreamTimeoutMs: 2000,
    longestDataLifetimeMs: SHARED_TTL_MS + SHARED_MAX_STALE_MS,
    tuning: { breakAfter: 2, openMs: 300, reconnectBaseMs: 20, reconnectMaxMs: 100 },
    now,
  });
  const policy: CachePolicy = { ttlMs: SHARED_TTL_MS, maxEntries: 100, maxBytes: 1024 * 1024 };
  const cache = createDataCache({
    policies: { settings: policy, menus: policy, lists: policy, articles: policy },
    maxStaleMs: SHARED_MAX_STALE_MS,
    failureBackoffMs: 100,
    log,
    outage: createOutageLog({ log, intervalMs: 10_000 }),
    now,
    shared: tier.data,
  });
  const purger = createPurger({ dataCache: cache, pageCache: null });
  const channel = createPurgeChannel({ store: tier.store, purge: purger, sharedTagsOf: (request, knownSetting) => dataTagsOf(cache, request, knownSetting).tags, log });
  await until(() => tier.store.state() === 'up');
  return {
    cache,
    tier,
    channel,
    logs,
    lookups,
    commands,
    purge(request) {
      const { setting } = purger(request);
      return channel.announce(request, setting ?? null);
    },
  };
}

/**
 * What the suites of instances on one real store share: the store started for the suite,
 * instances made on it with the clock `now`, each closed after its test, and the store
 * restarted and emptied between tests. `server` and `instance` are for the tests' bodies.
 */
export function useSharedInstances(now: () => number): { readonly server: StoreServer; instance(): Promise<SharedInstance> } {
  let started: StoreServer | undefined;
  const made: SharedInstance[] = [];
  const server = (): StoreServer => {
    if (!started) throw new Error('the store server starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startStoreServer();
  });
  afterEach(async () => {
    for (const each of made.splice(0)) await each.tier.store.close();
    await server().restart();
    await server().admin.flushall();
  });
  afterAll(() => started?.close());
  return {
    get server() {
      return server();
    },
    async instance() {
      const one = await sharedInstance(server().url(), now);
      made.push(one);
      return one;
    },
  };
}
