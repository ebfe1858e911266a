/** Builds the real app against a fake upstream on loopback, with logs captured. */
import type { RequestListener, ServerOptions } from 'node:http';
import { createServerSetup } from '../../src/server/app';
import { createCachedContentApi } from '../../src/server/upstream/cached-content-api';
import type { DataCache } from '../../src/server/upstream/data-cache';
import { assetsFrom, type Assets } from '../../src/server/assets';
import { loadConfig, type Config } from '../../src/server/config';
import { createLogger } from '../../src/server/logger';
import type { Readiness } from '../../src/server/middleware/health';
import { noMetrics, type Metrics } from '../../src/server/metrics';
import { createCampaignApi } from '../../src/server/upstream/campaign-api';
import { createContentApi, type ContentApi } from '../../src/server/upstream/content-api';
import type { PageCache } from '../../src/server/page-cache/page-cache';
import type { Logger } from 'pino';
import type { DemoDataset } from '../../src/demo/content-api';
import { testDataset } from '../fixtures/dataset';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';
import { captureLogs, type LogCapture } from './logs';

export interface TestApp {
  /** The server's request listener (the page-cache fast path, then Express). */
  readonly app: RequestListener;
  /** The request classes the production server creates its requests from (`http.createServer(serverOptions, app)`). */
  readonly serverOptions: ServerOptions;
  readonly upstream: FakeUpstream;
  readonly logs: LogCapture;
  readonly readiness: Readiness;
  readonly config: Config;
  close(): Promise<void>;
}

const TEST_MANIFEST = { client: '/assets/client-TEST.js', stylesheet: '/assets/site-TEST.css' };
/** A stand-in manifest with no files (at the root: no base path). */
export const TEST_ASSETS = assetsFrom(TEST_MANIFEST, null, '');

export interface TestAppOptions {
  readonly dataset?: DemoDataset;
  readonly env?: Record<string, string>;
  readonly timeoutMs?: number;
  /** Wraps the real content API client: a data cache in front, or a planted bug that must end as a 500. */
  readonly wrapApi?: (api: ContentApi, logger: Logger) => ContentApi;
  /** A data cache in front of the content API, wired as index.ts does. */
  readonly dataCache?: (logger: Logger) => DataCache;
  readonly pageCache?: PageCache | null;
  /** The real build's assets (browser tests); by default a stand-in manifest with no files, under the app's base path. */
  readonly assets?: Assets;
  /** Request and upstream metrics; none by default. */
  readonly metrics?: Metrics;
  /** How long a render may take before it is aborted (the app's default when absent). */
  readonly renderTimeoutMs?: number;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const upstream = await startFakeUpstream(options.dataset ?? testDataset);
  // Tests that fail the upstream on purpose would open its circuit for the tests after them:
  // only the tests of the breaker (which set their own threshold) let it open.
  const config = loadConfig({ DEFAULT_SITE_KEY: 'main', ANALYTICS_CODES: '{"example":"G-FROMENV","other":"G-OTHER"}', LOG_LEVEL: 'debug', UPSTREAM_BREAKER_FAILURES: '1000', ...options.env });
  const logs = captureLogs();
  const readiness: Readiness = { ready: true };
  const timeoutMs = options.timeoutMs ?? 1000;
  const logger = createLogger(config.logLevel, logs);
  const metrics = options.metrics ?? noMetrics;
  const api = createContentApi({ baseUrl: upstream.contentApiUrl, timeoutMs, observe: metrics.observeUpstream, log: logger, limits: config.upstreamLimits });
  const dataCache = options.dataCache?.(logger);
  const wrapped = options.wrapApi ? options.wrapApi(api, logger) : api;
  const setup = createServerSetup({
    config,
    logger,
    contentApiFor: dataCache ? (log) => createCachedContentApi(wrapped, dataCache, log) : () => wrapped,
    campaignApi: createCampaignApi({ baseUrl: upstream.campaignApiUrl, timeoutMs, observe: metrics.observeUpstream, log: logger, limits: config.upstreamLimits }),
    assets: options.assets ?? assetsFrom(TEST_MANIFEST, null, config.basePath),
    readiness,
    pageCache: options.pageCache ?? null,
    cdn: { freshSeconds: 10, staleWhileRevalidateSeconds: 60, staleIfErrorSeconds: 3600 },
    metrics,
    ...(options.renderTimeoutMs === undefined ? {} : { renderTimeoutMs: options.renderTimeoutMs }),
  });
  return { app: setup.listener, serverOptions: setup.options, upstream, logs, readiness, config, close: () => upstream.close() };
}

/**
 * One app for a test file: started before its tests, closed after them, and its recorded calls,
 * overrides and logs reset before each test, so no test depends on another.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  const started = (): TestApp => {
    if (!current) throw new Error('the test app is used before beforeAll started it');
    return current;
  };
  beforeAll(async () => {
    current = await startTestApp(options);
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    const { upstream, logs } = started();
    upstream.calls.length = 0;
    upstream.campaignCalls.length = 0;
    upstream.clearOverrides();
    logs.clear();
  });
  return {
    get app() {
      return started().app;
    },
    get serverOptions() {
      return started().serverOptions;
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
    close: () => started().close(),
  };
}
