/** Builds the real app against a fake upstream on loopback, with logs captured. */
import type { Express } from 'express';
import { createApp } from '../../src/server/app';
import { assetsFrom } from '../../src/server/assets';
import { loadConfig, type Config } from '../../src/server/config';
import { createLogger } from '../../src/server/logger';
import type { Readiness } from '../../src/server/middleware/health';
import { noMetrics, type Metrics } from '../../src/server/metrics';
import { createCampaignApi } from '../../src/server/upstream/campaign-api';
import { createContentApi } from '../../src/server/upstream/content-api';
import type { DemoDataset } from '../../src/demo/content-api';
import { testDataset } from '../fixtures/dataset';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';
import { captureLogs, type LogCapture } from './logs';

export interface TestApp {
  readonly app: Express;
  readonly upstream: FakeUpstream;
  readonly logs: LogCapture;
  readonly readiness: Readiness;
  readonly config: Config;
  close(): Promise<void>;
}

export const TEST_ASSETS = assetsFrom({ client: '/assets/client-TEST.js', stylesheet: '/assets/site-TEST.css' }, null);

export interface TestAppOptions {
  readonly dataset?: DemoDataset;
  readonly env?: Record<string, string>;
  readonly timeoutMs?: number;
  /** Request and upstream metrics; none by default. */
  readonly metrics?: Metrics;
  /** A folder served at /assets; none by default. */
  readonly assetsDir?: string;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const upstream = await startFakeUpstream(options.dataset ?? testDataset);
  const config = loadConfig({ DEFAULT_SITE_KEY: 'main', ANALYTICS_CODES: '{"example":"G-FROMENV","other":"G-OTHER"}', LOG_LEVEL: 'debug', ...options.env });
  const logs = captureLogs();
  const readiness: Readiness = { ready: true };
  const timeoutMs = options.timeoutMs ?? 1000;
  const metrics = options.metrics ?? noMetrics;
  const app = createApp({
    config,
    logger: createLogger(config.logLevel, logs),
    api: createContentApi({ baseUrl: upstream.contentApiUrl, timeoutMs, observe: metrics.observeUpstream }),
    campaignApi: createCampaignApi({ baseUrl: upstream.campaignApiUrl, timeoutMs, observe: metrics.observeUpstream }),
    assets: options.assetsDir ? { ...TEST_ASSETS, dir: options.assetsDir } : TEST_ASSETS,
    readiness,
    metrics,
  });
  return { app, upstream, logs, readiness, config, close: () => upstream.close() };
}
