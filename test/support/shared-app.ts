/**
 * One instance of a deployment on a real store (CACHE_URL), as index.ts wires it: the app with
 * its data cache and page cache on the shared tier, and POST /purge announcing on the channel.
 * Several of them on one store are the deployment of a test.
 */
import request from 'supertest';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { createLogger } from '../../src/server/observability/logger';
import { noMetrics } from '../../src/server/observability/metrics';
import { createSharedTier, type SharedTier } from '../../src/server/shared-cache/shared-tier';
import { DEFAULT_STORE_TUNING } from '../../src/server/shared-cache/store';
import { createDataCache, type CachePolicy } from '../../src/server/content/data-cache';
import { captureLogs, type LogCapture } from './logs';
import { until } from './shared-instance';
import { startTestApp, type TestApp } from './test-app';

export const PURGE_TOKEN = 'purge-token-for-tests-0123456789abcdef';
/** The store's prefix in these tests: a page's key is `test:v<format>:g<generation>:page:<page-cache key>`. */
export const KEY_PREFIX = 'test';
/** Pages and answers stay fresh through a test: only a purge or the store makes them go. */
const LIFETIME_MS = 600_000;

export interface SharedApp extends TestApp {
  readonly tier: SharedTier;
  /** The tier's own lines (shared_cache.state). */
  readonly tierLogs: LogCapture;
  /** Each shared-tier lookup as `<cache>:<outcome>`. */
  readonly lookups: string[];
  get(path: string, host?: string): request.Test;
  purge(body: unknown): request.Test;
}

export async function startSharedApp(url: string, { commandTimeoutMs = 100 }: { readonly commandTimeoutMs?: number } = {}): Promise<SharedApp> {
  const tierLogs = captureLogs();
  const lookups: string[] = [];
  const tier = createSharedTier({
    settings: { url, keyPrefix: KEY_PREFIX, commandTimeoutMs, connectTimeoutMs: 500 },
    log: createLogger('debug', tierLogs),
    metrics: { ...noMetrics, countSharedLookup: (cache, outcome) => void lookups.push(`${cache}:${outcome}`) },
    upstreamTimeoutMs: 2000,
    longestDataLifetimeMs: 2 * LIFETIME_MS,
    tuning: { ...DEFAULT_STORE_TUNING, openMs: 300, reconnectBaseMs: 20, reconnectMaxMs: 100 },
  });
  const policy: CachePolicy = { ttlMs: LIFETIME_MS, maxEntries: 1000, maxBytes: 10 * 1024 * 1024 };
  const app = await startTestApp({
    env: { PURGE_TOKEN, METRICS_PORT: '0' },
    dataCache: (log, outage) => createDataCache({ policies: { settings: policy, menus: policy, lists: policy, articles: policy }, maxStaleMs: LIFETIME_MS, failureBackoffMs: 100, log, outage, shared: tier.data }),
    pageCache: createPageCache({ freshMs: LIFETIME_MS, staleMs: LIFETIME_MS, lastGoodMs: LIFETIME_MS, maxBytes: 10 * 1024 * 1024, shared: tier.pages }),
    sharedTier: tier,
  });
  await until(() => tier.store.state() === 'up');
  return {
    ...app,
    tier,
    tierLogs,
    lookups,
    get: (path, host = 'example.com') => request(app.app).get(path).set('Host', host),
    purge: (body) => request(app.internal).post('/purge').set('authorization', `Bearer ${PURGE_TOKEN}`).send(body as object),
    async close() {
      await tier.store.close();
      await app.close();
    },
  };
}
