/**
 * Starts the server: config, logger, the demo backend when no content API is configured,
 * the app, and a graceful shutdown on SIGTERM (contract/app.md, Routes).
 */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createRequestListener } from './app';
import { loadAssets } from './assets';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger, stdoutDestination } from './logger';
import type { Readiness } from './middleware/health';
import { createCampaignApi } from './upstream/campaign-api';
import { createContentApi } from './upstream/content-api';
import { createCachedContentApi } from './upstream/cached-content-api';
import { createDataCache, DEFAULT_CACHE_POLICIES } from './upstream/data-cache';
import { createPageCache } from './page-cache/page-cache';

/** Above common load-balancer idle timeouts (60 s), so the balancer closes idle sockets first. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
const HEADERS_TIMEOUT_MS = 66_000;
const SHUTDOWN_DEADLINE_MS = 9_000;
/** After a failed upstream call, the same call waits this long before it is tried again. */
const FAILURE_BACKOFF_MS = 2_000;
const PAGE_CACHE_MAX_BYTES = 24 * 1024 * 1024;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logDestination = stdoutDestination();
  const logger = createLogger(config.logLevel, logDestination);
  // Buffered log lines must reach stdout however the process ends.
  process.on('exit', () => logDestination.flushSync());

  let upstream = { contentApiUrl: config.contentApiUrl, campaignApiUrl: config.campaignApiUrl };
  let closeDemo: (() => Promise<void>) | undefined;
  if (!upstream.contentApiUrl || !upstream.campaignApiUrl) {
    // The demo lives apart from the app; it is imported only to be started.
    const { startDemoBackend } = await import('../demo/index');
    const demo = await startDemoBackend();
    closeDemo = () => demo.close();
    upstream = { contentApiUrl: upstream.contentApiUrl ?? demo.contentApiUrl, campaignApiUrl: upstream.campaignApiUrl ?? demo.campaignApiUrl };
    logger.info({ event: 'demo.started', contentApiUrl: demo.contentApiUrl, campaignApiUrl: demo.campaignApiUrl }, 'embedded demo backend started');
  }

  const readiness: Readiness = { ready: true };
  const contentApi = createContentApi({ baseUrl: upstream.contentApiUrl as string, timeoutMs: config.upstreamTimeoutMs });
  const dataCache = createDataCache({ policies: DEFAULT_CACHE_POLICIES, maxStaleMs: config.staleIfErrorSeconds * 1000, failureBackoffMs: FAILURE_BACKOFF_MS, log: logger });
  const listener = createRequestListener({
    config,
    logger,
    api: config.dataCache ? createCachedContentApi(contentApi, dataCache) : contentApi,
    pageCache: config.pageCacheTtlSeconds > 0 ? createPageCache({ freshMs: config.pageCacheTtlSeconds * 1000, staleMs: config.pageCacheStaleSeconds * 1000, maxBytes: PAGE_CACHE_MAX_BYTES }) : null,
    cdn: { freshSeconds: Math.max(config.pageCacheTtlSeconds, 10), staleWhileRevalidateSeconds: config.pageCacheStaleSeconds, staleIfErrorSeconds: config.staleIfErrorSeconds },
    campaignApi: createCampaignApi({ baseUrl: upstream.campaignApiUrl as string, timeoutMs: config.upstreamTimeoutMs }),
    assets: loadAssets(path.resolve(__dirname, '../public')),
    readiness,
  });

  const server: Server = createServer(listener).listen(config.port, config.host);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.on('listening', () => logger.info({ event: 'server.listening', port: config.port, host: config.host, contentApiUrl: upstream.contentApiUrl }, `listening on http://${config.host}:${config.port}`));
  server.on('error', (error) => {
    logger.fatal({ event: 'server.listen_failed', err: error }, 'could not listen');
    process.exit(1);
  });

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    readiness.ready = false;
    logger.info({ event: 'server.shutdown', signal }, 'shutting down: draining in-flight requests');
    setTimeout(() => {
      logger.warn({ event: 'server.shutdown_forced' }, 'in-flight requests did not finish in time');
      process.exit(0);
    }, SHUTDOWN_DEADLINE_MS).unref();
    server.close(() => {
      void (closeDemo?.() ?? Promise.resolve()).finally(() => process.exit(0));
    });
    // Idle keep-alive sockets would hold close() open; busy ones close after their response.
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('unhandledRejection', (reason) => logger.error({ event: 'process.unhandled_rejection', err: reason }, 'unhandled promise rejection'));
}

void main();
