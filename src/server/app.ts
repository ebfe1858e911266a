/**
 * Builds the server's request handling from its dependencies; never listens (index.ts does).
 * Read top to bottom, it is the request's order: page-cache hits in front of Express, then the
 * Express chain, one step per middleware.
 */
import compression from 'compression';
import type { RequestListener } from 'node:http';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { createAdmission } from './admission';
import type { Assets } from './assets';
import type { Config } from './config';
import './locals';
import { basePathScope } from './middleware/base-path';
import { consentPlatformCsp } from './middleware/consent-platform-csp';
import { documentRendering } from './middleware/documents';
import { closeConnectionsWhenDraining } from './middleware/draining';
import { errorHandling, onlyGetAndHead } from './middleware/errors';
import { healthCheck, readinessCheck, type Readiness } from './middleware/health';
import { hostResolution } from './middleware/host';
import { httpsRedirect } from './middleware/https-redirect';
import { pageCaching } from './middleware/page-cache';
import { pageRendering } from './middleware/pages';
import { purgeKeyRecording } from './middleware/purge-keys';
import { requestMetrics } from './middleware/request-metrics';
import { routeMatching } from './middleware/route';
import { securityHeadersOf, staticHeaders } from './middleware/security';
import { requestUpstream } from './middleware/request-upstream';
import { siteSettings } from './middleware/site-settings';
import { requestLogging } from './logger';
import { noMetrics, type Metrics } from './metrics';
import type { PageCache } from './page-cache/page-cache';
import type { CdnTimes } from './page-cache/rules';
import { createPageCacheFastPath } from './page-cache/fast-path';
import { trustFunctionOf, type TrustFunction } from './peer-trust';
import { createPageRenderer } from './render/page';
import type { CampaignApi } from './upstream/campaign-api';
import type { ContentApi } from './upstream/content-api';

/** A render that has not finished in this time is aborted and answered with the 500 page. */
export const DEFAULT_RENDER_TIMEOUT_MS = 5000;

export interface AppDeps {
  readonly config: Pick<Config, 'defaultSiteKey' | 'analyticsCodes' | 'trustProxy' | 'requestUpstreamBudgetMs' | 'basePath' | 'maxInFlightRequests' | 'maxQueuedRequests' | 'maxQueueWaitMs'>;
  readonly logger: Logger;
  /** The content API as a request sees it: with a data cache, its lines on the request's logger. */
  readonly contentApiFor: (log: Logger) => ContentApi;
  readonly campaignApi: CampaignApi;
  readonly assets: Assets;
  readonly readiness: Readiness;
  /** Whole rendered pages; null turns the in-process page cache off. */
  readonly pageCache: PageCache | null;
  /** What a CDN in front may do with shared pages. */
  readonly cdn: CdnTimes;
  /** Request metrics; none are collected when absent. */
  readonly metrics?: Metrics;
  /** URLs in one sitemap file; the sitemaps.org limit (50,000) unless a test makes it small. */
  readonly sitemapUrlLimit?: number | undefined;
  /** How long a render may take before it is aborted (tests make it short). */
  readonly renderTimeoutMs?: number;
}

/** What index.ts gives `http.createServer`: the app's listener. */
export interface ServerSetup {
  readonly listener: RequestListener;
}

/** What the fast path and the Express chain both use, built once. */
interface SharedParts {
  readonly trust: TrustFunction;
  readonly securityHeaders: readonly (readonly [string, string])[];
}

/**
 * The server: a page-cache hit is answered in front of Express (page-cache/fast-path.ts); past
 * the bound on requests in progress, a request waits its turn or is answered 503 (admission.ts);
 * everything else goes through the Express app.
 */
export function createServerSetup(deps: AppDeps): ServerSetup {
  const shared: SharedParts = { trust: trustFunctionOf(deps.config.trustProxy), securityHeaders: securityHeadersOf(deps.assets.loaderHash) };
  const app = createApp(deps, shared);
  const metrics = deps.metrics ?? noMetrics;
  const admission = createAdmission({
    maxInFlight: deps.config.maxInFlightRequests,
    maxQueued: deps.config.maxQueuedRequests,
    maxWaitMs: deps.config.maxQueueWaitMs,
    basePath: deps.config.basePath,
    staticHeaders: shared.securityHeaders,
    metrics,
    logger: deps.logger,
  });
  const answerFromPageCacheFirst = deps.pageCache
    ? createPageCacheFastPath({
        cache: deps.pageCache,
        cdn: deps.cdn,
        staticHeaders: shared.securityHeaders,
        readiness: deps.readiness,
        metrics,
        logger: deps.logger,
        defaultSiteKey: deps.config.defaultSiteKey,
        trust: shared.trust,
        basePath: deps.config.basePath,
        // Past the bound a kept page answers even when stale: better than a 503.
        busy: () => admission.full,
      })
    : () => false;
  return {
    listener: function handleRequest(req, res) {
      if (answerFromPageCacheFirst(req, res)) return;
      admission.enter(req, res, () => app(req, res));
    },
  };
}

/**
 * compression for documents (robots.txt, sitemaps, feed), only for clients that accept an
 * encoding. Rendered pages compress their whole body in one call (encoding.ts, decision 0110).
 */
function documentCompression(): RequestHandler {
  const compress = compression();
  return function compressDocument(req, res, next) {
    if (req.headers['accept-encoding'] && res.locals.route?.kind === 'document') compress(req, res, next);
    else next();
  };
}

/** The Express chain, in request order. */
function createApp(deps: AppDeps, shared: SharedParts): Express {
  const { config, logger, assets } = deps;
  const { basePath } = config;
  const renderer = createPageRenderer({ assets, renderTimeoutMs: deps.renderTimeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS, basePath });
  const app = express();
  app.disable('x-powered-by');
  // req.protocol and req.host (canonical URLs) follow the same trust as everything else.
  app.set('trust proxy', shared.trust);
  app.set('query parser', 'simple');

  if (deps.metrics) app.use(requestMetrics(deps.metrics, basePath));
  app.use(staticHeaders(shared.securityHeaders));
  app.use(requestLogging(logger, shared.trust));
  app.use(closeConnectionsWhenDraining(deps.readiness));

  // Answered before host resolution: no site, no upstream call.
  app.get('/healthz', healthCheck());
  app.get('/readyz', readinessCheck(deps.readiness));
  // Under BASE_PATH, everything after this step sees the site's own path (the prefix taken off).
  if (basePath) app.use(basePathScope(basePath));
  if (assets.dir) {
    app.use('/assets', compression(), express.static(assets.dir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  }

  app.use(onlyGetAndHead());
  app.use(hostResolution({ defaultSiteKey: config.defaultSiteKey, trust: shared.trust }));
  app.use(httpsRedirect({ trust: shared.trust, basePath }));
  app.use(routeMatching());
  // Page-cache hits while draining (the fast path leaves those to Express), and every miss.
  app.use(pageCaching({ cache: deps.pageCache, cdn: deps.cdn, trust: shared.trust }));
  app.use(documentCompression());
  // From here on every lookup shares the request's one upstream budget.
  app.use(requestUpstream({ contentApiFor: deps.contentApiFor, campaignApi: deps.campaignApi, budgetMs: config.requestUpstreamBudgetMs }));
  // Notes the articles the lookups return: a shared answer names them for a CDN's purge.
  app.use(purgeKeyRecording());
  app.use(siteSettings({ defaultSiteKey: config.defaultSiteKey, analyticsCodes: config.analyticsCodes }));
  app.use(consentPlatformCsp({ loaderHash: assets.loaderHash }));
  // Every target, even one that is not a path (`GET *`), gets a page or document of this app.
  app.use(documentRendering({ basePath, sitemapUrlLimit: deps.sitemapUrlLimit }), pageRendering({ renderer, basePath }));
  app.use(errorHandling(renderer, { basePath }));
  return app;
}
