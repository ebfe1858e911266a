/** Builds the real app against a fake upstream on loopback, with logs captured. */
import type { RequestListener } from 'node:http';
import { createServerSetup } from '../../src/server/app';
import { requestContentApiFor } from '../../src/server/content/request-content-api';
import type { DataCache } from '../../src/server/content/data-cache';
import { assetsFrom, type Assets } from '../../src/server/render/assets';
import { loadConfig, type Config } from '../../src/server/config/config';
import { createLogger } from '../../src/server/observability/logger';
import type { Readiness } from '../../src/server/front-door/health';
import { metricsPortHandler } from '../../src/server/front-door/metrics-port';
import { siteQuery } from '../../src/server/front-door/site-query';
import { noMetrics, type Metrics } from '../../src/server/observability/metrics';
import { createPurger, sharedTagsOf } from '../../src/server/purge/purger';
import { createPurgeChannel } from '../../src/server/purge/purge-channel';
import type { SharedTier } from '../../src/server/shared-cache/shared-tier';
import { purgeRoute } from '../../src/server/purge/purge-route';
import { Registry } from 'prom-client';
import { createCampaignApi, type CampaignApi } from '../../src/server/content/campaign-api';
import { createAnswerReaders, createContentApi, type ContentApi } from '../../src/server/content/content-api';
import { createOutageLog, type OutageLog } from '../../src/server/content/outage-log';
import type { PageCache } from '../../src/server/page-cache/page-cache';
import type { Logger } from 'pino';
import type { DemoDataset } from '../../src/demo/content-api';
import { testDataset } from '../fixtures/dataset';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';
import { captureLogs, type LogCapture } from './logs';
import { startedPerFile } from './per-file';

export interface TestApp {
  /** The server's request listener (the page-cache fast path, then Express). */
  readonly app: RequestListener;
  readonly upstream: FakeUpstream;
  readonly logs: LogCapture;
  readonly readiness: Readiness;
  readonly config: Config;
  /** The metrics port's listener (/metrics, probes, and POST /purge and GET /site when PURGE_TOKEN is set), over the app's caches. */
  readonly internal: RequestListener;
  /** Writes the outage summary lines of what was counted so far (outage-log.ts), as the interval's end would. */
  flushOutageSummary(): void;
  /**
   * The per-call upstream timeout from the next request on: of every call, or only of `calls`.
   * A test warms with the generous default and gives a short timeout only to the calls it makes
   * hang: on a loaded machine a short timeout can cut off a call the test expects to succeed.
   */
  setUpstreamTimeout(timeoutMs: number, calls?: readonly UpstreamCall[]): void;
  close(): Promise<void>;
}

/** A call of the content API or the campaign service, by its client's method name. */
export type UpstreamCall = keyof ContentApi | keyof CampaignApi;

/**
 * Per-call upstream timeout when a test names none: long enough that no loopback call the test
 * expects to succeed is cut off on a loaded machine. Tests of timeouts set a short one.
 */
export const GENEROUS_TIMEOUT_MS = 10_000;
/** A short per-call timeout, for the calls a test makes hang: the hang ends quickly. */
export const HANG_TIMEOUT_MS = 300;
/** The request's upstream budget when a test names none, for the same reason. */
const GENEROUS_REQUEST_BUDGET_MS = 30_000;

const TEST_MANIFEST = { client: '/assets/client-TEST.js', stylesheet: '/assets/site-TEST.css' };
/** A stand-in manifest with no files (at the root: no base path). */
export const TEST_ASSETS = assetsFrom(TEST_MANIFEST, null, '');

export interface TestAppOptions {
  readonly dataset?: DemoDataset;
  readonly env?: Record<string, string>;
  /** Per-call upstream timeout until the test sets another (GENEROUS_TIMEOUT_MS by default). */
  readonly timeoutMs?: number;
  /** Wraps the real content API client: a data cache in front, or a planted bug that must end as a 500. */
  readonly wrapApi?: (api: ContentApi, logger: Logger) => ContentApi;
  /** A data cache in front of the content API, wired as index.ts does. */
  readonly dataCache?: (logger: Logger, outage: OutageLog) => DataCache;
  readonly pageCache?: PageCache | null;
  /** The real build's assets (browser tests); by default a stand-in manifest with no files, under the app's base path. */
  readonly assets?: Assets;
  /** Request and upstream metrics; none by default. */
  readonly metrics?: Metrics;
  /** How long a render may take before it is aborted (the app's default when absent). */
  readonly renderTimeoutMs?: number;
  /** URLs in one sitemap file (the real limit, 50,000, by default). */
  readonly sitemapUrlLimit?: number;
  /** The shared tier (CACHE_URL) the caches above were built on: POST /purge then purges the deployment, as index.ts wires it. */
  readonly sharedTier?: SharedTier;
}

/**
 * A client whose every call goes to the one made for its current timeout (one client per
 * timeout value, made when first used). Same own properties as a real client, so views that
 * copy them (the request budget's) see every call; a change applies from the next request on.
 */
function withSettableTimeouts<T extends object>(make: (timeoutMs: number) => T, timeoutMs: number): { readonly client: T; set(timeoutMs: number, calls?: readonly PropertyKey[]): void } {
  const made = new Map<number, T>();
  const clientFor = (ms: number): T => {
    const existing = made.get(ms);
    if (existing) return existing;
    const client = make(ms);
    made.set(ms, client);
    return client;
  };
  let fallbackMs = timeoutMs;
  const perCall = new Map<PropertyKey, number>();
  const client = new Proxy(clientFor(timeoutMs), { get: (_first, call) => Reflect.get(clientFor(perCall.get(call) ?? fallbackMs), call) as unknown });
  return {
    client,
    set(ms, calls) {
      if (calls) for (const call of calls) perCall.set(call, ms);
      else {
        fallbackMs = ms;
        perCall.clear();
      }
    },
  };
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const upstream = await startFakeUpstream(options.dataset ?? testDataset);
  // Tests that fail the upstream on purpose would open its circuit for the tests after them:
  // only the tests of the breaker (which set their own threshold) let it open.
  const config = loadConfig({
    DEFAULT_SITE_KEY: 'main',
    ANALYTICS_CODES: '{"example":"G-FROMENV","other":"G-OTHER"}',
    LOG_LEVEL: 'debug',
    UPSTREAM_BREAKER_FAILURES: '1000',
    REQUEST_UPSTREAM_BUDGET_MS: String(GENEROUS_REQUEST_BUDGET_MS),
    ...options.env,
  });
  const logs = captureLogs();
  const readiness: Readiness = { ready: true };
  const timeoutMs = options.timeoutMs ?? GENEROUS_TIMEOUT_MS;
  const logger = createLogger(config.logLevel, logs);
  const metrics = options.metrics ?? noMetrics;
  // The interval is the production one; tests write the summary with flushOutageSummary().
  const outage = createOutageLog({ log: logger, intervalMs: 10_000, onCircuitChanged: metrics.circuitChanged });
  const readers = createAnswerReaders(logger);
  const content = withSettableTimeouts((ms) => createContentApi({ baseUrl: upstream.contentApiUrl, timeoutMs: ms, observe: metrics.observeUpstream, log: logger, limits: config.upstreamLimits, outage, readers }), timeoutMs);
  const campaign = withSettableTimeouts((ms) => createCampaignApi({ baseUrl: upstream.campaignApiUrl, timeoutMs: ms, observe: metrics.observeUpstream, log: logger, limits: config.upstreamLimits, outage }), timeoutMs);
  const api = content.client;
  const dataCache = options.dataCache?.(logger, outage);
  const wrapped = options.wrapApi ? options.wrapApi(api, logger) : api;
  const contentApiFor = requestContentApiFor({ inner: wrapped, cache: dataCache ?? null, readers });
  const setup = createServerSetup({
    upstreamFailingFast: () => outage.anyCircuitOpen,
    config,
    logger,
    contentApiFor,
    campaignApi: campaign.client,
    assets: options.assets ?? assetsFrom(TEST_MANIFEST, null, config.basePath),
    readiness,
    pageCache: options.pageCache ?? null,
    cdn: { freshSeconds: 10, staleWhileRevalidateSeconds: 60, staleIfErrorSeconds: 3600 },
    metrics,
    ...(options.renderTimeoutMs === undefined ? {} : { renderTimeoutMs: options.renderTimeoutMs }),
    sitemapUrlLimit: options.sitemapUrlLimit,
  });
  // As index.ts wires it: the purge drops entries of the very caches the app answers from.
  const purger = createPurger({ dataCache: dataCache ?? null, pageCache: options.pageCache ?? null });
  const tier = options.sharedTier;
  const channel = tier && dataCache && createPurgeChannel({ store: tier.store, purge: purger, sharedTagsOf: (request, knownSetting) => sharedTagsOf(dataCache, request, knownSetting), log: logger });
  const purge = config.purgeToken ? purgeRoute({ token: config.purgeToken, bodyTimeoutMs: config.metricsPortBodyTimeoutMs, purge: purger, ...(channel ? { announce: channel.announce } : {}), logger, metrics }) : undefined;
  const site = config.purgeToken
    ? siteQuery({ token: config.purgeToken, logger, contentApiFor, budgetMs: config.requestUpstreamBudgetMs, defaultSiteKey: config.defaultSiteKey, analyticsCodes: config.analyticsCodes })
    : undefined;
  const internal = metricsPortHandler({ registry: new Registry(), readiness, purge, site, logger, metrics });
  const setUpstreamTimeout = (ms: number, calls?: readonly UpstreamCall[]): void => {
    content.set(ms, calls);
    campaign.set(ms, calls);
  };
  return {
    app: setup.listener,
    upstream,
    logs,
    readiness,
    config,
    internal,
    flushOutageSummary: () => outage.flush(),
    setUpstreamTimeout,
    close: async () => {
      outage.flush();
      await upstream.close();
    },
  };
}

/**
 * One app for a test file: started before its tests, closed after them, and its recorded calls,
 * overrides and logs reset before each test, so no test depends on another.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const started = startedPerFile('the test app', () => startTestApp(options));
  beforeEach(() => {
    const { upstream, logs, setUpstreamTimeout } = started();
    setUpstreamTimeout(options.timeoutMs ?? GENEROUS_TIMEOUT_MS);
    upstream.calls.length = 0;
    upstream.campaignCalls.length = 0;
    upstream.clearOverrides();
    upstream.resetEdits();
    started().flushOutageSummary();
    logs.clear();
  });
  return {
    get app() {
      return started().app;
    },
    get upstream() {
      return started().upstream;
    },
    get logs() {
      return started().logs;
    },
    get readiness() {
      return started().readiness;
    },
    get config() {
      return started().config;
    },
    get internal() {
      return started().internal;
    },
    flushOutageSummary: () => started().flushOutageSummary(),
    setUpstreamTimeout: (ms, calls) => started().setUpstreamTimeout(ms, calls),
    close: () => started().close(),
  };
}
