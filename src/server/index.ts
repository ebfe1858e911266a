/**
 * Starts the server: config, logger, the demo backend when no content API is configured,
 * the app, and a graceful shutdown on SIGTERM (docs/interface.md, Routes).
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { createServerSetup } from './app';
import { loadAssets } from './render/assets';
import { readBuildInfo } from './observability/build-info';
import { commandLineOf, helpText } from './config/command-line';
import { ConfigError, loadConfig, sharedCacheTimesOf, type Config } from './config/config';
import type { Logger } from 'pino';
import { createLogger, stdoutDestination } from './observability/logger';
import { startLineOf } from './observability/start-line';
import { connectionCapOf, createLimitedServer, readOpenFilesSoftLimit, REQUEST_TIMEOUTS } from './front-door/listeners';
import { drainable } from './front-door/drain';
import { FIRST_REQUEST_DEADLINE_MS, guardConnections, perPeerShareOf } from './front-door/connection-guard';
import { createRefusalReport } from './front-door/refusal-report';
import { trustFunctionOf } from './front-door/peer-trust';
import { createMetricsPortServer, metricsPortHandler } from './front-door/metrics-port';
import { siteQuery } from './front-door/site-query';
import { createPrometheusMetrics, noMetrics, type PrometheusMetrics } from './observability/metrics';
import type { Readiness } from './front-door/health';
import { createCampaignApi } from './content/campaign-api';
import { createAnswerReaders, createContentApi } from './content/content-api';
import { requestContentApiFor } from './content/request-content-api';
import { createDataCache, DEFAULT_CACHE_POLICIES, LONG_CACHE_POLICIES } from './content/data-cache';
import { createOutageLog } from './content/outage-log';
import { createPurger, sharedTagsOf } from './purge/purger';
import { createPurgeChannel } from './purge/purge-channel';
import { purgeRoute } from './purge/purge-route';
import { createPageCache } from './page-cache/page-cache';
import { createSharedTier } from './shared-cache/shared-tier';
import { LOG_EVENTS } from './http/log-events';

/** The contract: exit within 10 s of SIGTERM, drained or not. */
const SHUTDOWN_DEADLINE_MS = 9_000;
/** After a failed upstream call, the same call waits this long before it is tried again. */
const FAILURE_BACKOFF_MS = 2_000;
/** Kept pages' bytes (their HTML, and compressed forms once asked for): the memory budget's share (docs/deploy.md). */
const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** While an upstream origin fails, one summary line for it per interval (outage-log.ts). */
const OUTAGE_SUMMARY_INTERVAL_MS = 10_000;
/** At exit, how long the log may take to write what it holds (a reader that stopped reading stdout). */
const LOG_CLOSE_DEADLINE_MS = 500;

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

/** The port actually bound (PORT=0 and METRICS_PORT=0 pick a free one). */
function addressPort(server: Server): number | undefined {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : undefined;
}

/** The embedded demo content API and campaign service (config.ts decides when it may run). */
async function startDemo(logger: Logger): Promise<{ contentApiUrl: string; campaignApiUrl: string; demoHosts: readonly string[]; close(): Promise<void> }> {
  // The demo lives apart from the app; it is imported only to be started.
  const { startDemoBackend, demoShowcaseHosts } = await import('../demo/index');
  const demo = await startDemoBackend();
  logger.info({ event: LOG_EVENTS.DEMO_STARTED.event, contentApiUrl: demo.contentApiUrl, campaignApiUrl: demo.campaignApiUrl }, 'embedded demo backend started');
  return { contentApiUrl: demo.contentApiUrl, campaignApiUrl: demo.campaignApiUrl, demoHosts: demoShowcaseHosts, close: () => demo.close() };
}

async function main(): Promise<void> {
  const build = readBuildInfo();
  const commandLine = commandLineOf(process.argv.slice(2));
  if (commandLine.kind === 'version' || commandLine.kind === 'help') {
    process.stdout.write(commandLine.kind === 'version' ? `${build.version}\n` : helpText(build.version));
    return;
  }
  if (commandLine.kind === 'invalid') {
    process.stderr.write(`${commandLine.message}\n`);
    process.exit(2);
  }
  const config = readConfig();
  const logDestination = stdoutDestination();
  const logger = createLogger(config.logLevel, logDestination);
  // Buffered log lines must reach stdout however the process ends.
  process.on('exit', () => logDestination.flushSync());
  const readiness: Readiness = { ready: true };
  const prometheus: PrometheusMetrics | undefined = config.metricsPort === undefined ? undefined : createPrometheusMetrics(build, { ready: () => readiness.ready, memory: config.memory });
  const metrics = prometheus ?? noMetrics;
  const outage = createOutageLog({ log: logger, intervalMs: OUTAGE_SUMMARY_INTERVAL_MS, onCircuitChanged: metrics.circuitChanged });
  /** Every exit after start-up goes here, so server.stopped is the last line. */
  let exiting = false;
  const exit = (code: number): void => {
    if (exiting) return;
    exiting = true;
    // An outage's last interval is summed up too.
    outage.flush();
    logger.info({ event: LOG_EVENTS.SERVER_STOPPED.event, exitCode: code, uptimeSeconds: Math.round(process.uptime()), ...build }, 'stopped');
    // The log is written out in order and closed (nothing is logged after this line), then the process ends.
    process.exitCode = code;
    setTimeout(() => process.exit(code), LOG_CLOSE_DEADLINE_MS).unref();
    void logDestination.close().then(() => process.exit(code));
  };

  const backend = config.backend.kind === 'remote' ? { ...config.backend, demoHosts: undefined, close: async () => {} } : await startDemo(logger);
  // One set of readers for the client and the shared tier's answers: a record's warnings once for both.
  const readers = createAnswerReaders(logger);
  const contentApi = createContentApi({ baseUrl: backend.contentApiUrl, timeoutMs: config.upstreamTimeoutMs, observe: metrics.observeUpstream, log: logger, limits: config.upstreamLimits, outage, readers });
  const policies = config.cacheLifetimes === 'long' ? LONG_CACHE_POLICIES : DEFAULT_CACHE_POLICIES;
  // Only with CACHE_URL: without it nothing of the shared tier is built.
  const shared = config.sharedCache
    ? createSharedTier({
        settings: config.sharedCache,
        log: logger,
        metrics,
        upstreamTimeoutMs: config.upstreamTimeoutMs,
        longestDataLifetimeMs: Math.max(...Object.values(policies).map((policy) => policy.ttlMs)) + config.staleIfErrorSeconds * 1000,
      })
    : undefined;
  const dataCache = createDataCache({
    policies,
    maxStaleMs: config.staleIfErrorSeconds * 1000,
    failureBackoffMs: FAILURE_BACKOFF_MS,
    log: logger,
    outage,
    onOutcome: metrics.countCache,
    lastGoodMaxBytes: config.lastGoodMaxBytes,
    ...(shared ? { shared: shared.data } : {}),
  });
  const pageCache =
    config.pageCacheTtlSeconds > 0
      ? createPageCache({ freshMs: config.pageCacheTtlSeconds * 1000, staleMs: config.pageCacheStaleSeconds * 1000, lastGoodMs: config.staleIfErrorSeconds * 1000, maxBytes: PAGE_CACHE_MAX_BYTES, ...(shared ? { shared: shared.pages } : {}) })
      : null;
  // One view of the content API for the pages and the metrics port's GET /site: the same data cache.
  const contentApiFor = requestContentApiFor({ inner: contentApi, cache: config.dataCache ? dataCache : null, readers });
  const setup = createServerSetup({
    upstreamFailingFast: () => outage.anyCircuitOpen,
    config,
    logger,
    contentApiFor,
    pageCache,
    cdn: { ...sharedCacheTimesOf(config), staleIfErrorSeconds: config.staleIfErrorSeconds },
    campaignApi: createCampaignApi({ baseUrl: backend.campaignApiUrl, timeoutMs: config.upstreamTimeoutMs, observe: metrics.observeUpstream, log: logger, limits: config.upstreamLimits, outage }),
    assets: loadAssets(path.resolve(__dirname, '../public'), config.basePath),
    readiness,
    metrics: prometheus,
  });

  const openFilesLimit = readOpenFilesSoftLimit();
  const maxConnections = connectionCapOf(config.maxConnections, openFilesLimit);
  // SIGTERM's drain holds requests for a moment while the listener closes (front-door/drain.ts).
  const drain = drainable(setup.listener);
  // Slow clients: a deadline for the first request, a share of the cap per peer, the oldest idle socket gives way at the cap;
  // every connection closed by these rules, and every request the parser refused, is reported.
  const onRefused = createRefusalReport({
    logger,
    metrics,
    settings: { port: 'public', maxConnections, perAddressShare: perPeerShareOf(maxConnections), firstRequestDeadlineMs: FIRST_REQUEST_DEADLINE_MS, headersTimeoutMs: REQUEST_TIMEOUTS.headersTimeoutMs, requestTimeoutMs: REQUEST_TIMEOUTS.requestTimeoutMs, trustProxy: config.trustProxy },
  });
  const server: Server = createLimitedServer(drain.listener, { ...REQUEST_TIMEOUTS, keepAliveTimeoutMs: config.keepAliveTimeoutMs, maxConnections }, onRefused);
  const guard = guardConnections(server, { cap: maxConnections, trust: trustFunctionOf(config.trustProxy), onRefused });
  server.listen(config.port, config.host);
  server.on('listening', () => {
    const port = addressPort(server) ?? config.port;
    const { open, msg } = startLineOf(config.host, port, backend.demoHosts);
    logger.info({ event: LOG_EVENTS.SERVER_LISTENING.event, port, host: config.host, open, contentApiUrl: backend.contentApiUrl, maxConnections, openFilesLimit, ...build }, msg);
    // A person at a terminal reads the address without the JSON around it; the log (stdout) stays JSON.
    if (process.stderr.isTTY) process.stderr.write(`${msg}\n`);
  });
  server.on('error', (error) => {
    logger.fatal({ event: LOG_EVENTS.SERVER_LISTEN_FAILED.event, err: error }, 'could not listen');
    exit(1);
  });

  // Prometheus scrapes its own port (the public port never answers /metrics), where the probes
  // are answered too.
  // With PURGE_TOKEN (which needs METRICS_PORT), POST /purge there too: editors' changes show at once.
  const purger = createPurger({ dataCache: config.dataCache ? dataCache : null, pageCache });
  // With the shared tier, every instance hears every purge, whether or not it answers /purge itself.
  const channel = shared && createPurgeChannel({ store: shared.store, purge: purger, sharedTagsOf: (request, knownSetting) => sharedTagsOf(dataCache, request, knownSetting), log: logger });
  const purge = config.purgeToken
    ? purgeRoute({ token: config.purgeToken, bodyTimeoutMs: config.metricsPortBodyTimeoutMs, purge: purger, ...(channel ? { announce: channel.announce } : {}), logger, metrics })
    : undefined;
  // With PURGE_TOKEN too, GET /site there: support asks which record a host gets.
  const site = config.purgeToken
    ? siteQuery({ token: config.purgeToken, logger, contentApiFor, budgetMs: config.requestUpstreamBudgetMs, defaultSiteKey: config.defaultSiteKey, analyticsCodes: config.analyticsCodes })
    : undefined;
  // Prometheus and the probes need few sockets; their own cap keeps them apart from the public one.
  const metricsServer = prometheus && createMetricsPortServer(metricsPortHandler({ registry: prometheus.registry, readiness, purge, site, logger, metrics }), { keepAliveTimeoutMs: config.keepAliveTimeoutMs, logger, metrics }).server;
  if (metricsServer) {
    metricsServer.listen(config.metricsPort, config.host);
    metricsServer.on('listening', () => logger.info({ event: LOG_EVENTS.METRICS_LISTENING.event, port: addressPort(metricsServer), host: config.host }, 'metrics on /metrics, probes on /healthz and /readyz'));
    metricsServer.on('error', (error) => {
      logger.fatal({ event: LOG_EVENTS.METRICS_LISTEN_FAILED.event, err: error }, 'could not listen for metrics');
      exit(1);
    });
  }

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    // /readyz turns 503 and every answer now closes its connection (app.ts).
    readiness.ready = false;
    // A balancer needs a few health checks to notice; meanwhile this instance keeps serving.
    // An operator's Ctrl-C (SIGINT) does not wait.
    const delayMs = signal === 'SIGTERM' ? config.drainDelayMs : 0;
    logger.info({ event: LOG_EVENTS.SERVER_SHUTDOWN.event, signal, drainDelayMs: delayMs }, 'shutting down: draining in-flight requests');
    setTimeout(() => {
      logger.warn({ event: LOG_EVENTS.SERVER_SHUTDOWN_FORCED.event }, 'in-flight requests did not finish in time');
      exit(0);
    }, SHUTDOWN_DEADLINE_MS).unref();
    setTimeout(() => {
      // Every request that reached a socket is answered; idle keep-alive sockets close at once.
      drain.stop(server, guard, () => {
        metricsServer?.close();
        void shared?.store.close();
        void backend.close().finally(() => exit(0));
      });
    }, delayMs);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('unhandledRejection', (reason) => logger.error({ event: LOG_EVENTS.PROCESS_UNHANDLED_REJECTION.event, err: reason }, 'unhandled promise rejection'));
  // A bug that escaped everything: its stack, then server.stopped, then exit (Node's default would skip both lines).
  process.on('uncaughtException', (error) => {
    logger.fatal({ event: LOG_EVENTS.PROCESS_UNCAUGHT_EXCEPTION.event, err: error }, 'uncaught exception');
    exit(1);
  });
}

void main();
