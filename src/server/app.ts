/**
 * Builds the server's request handling from its dependencies; never listens (index.ts does).
 * Read top to bottom, it is the request's order: the envelope every request gets once (id,
 * host, scheme, the site's address, route and page-cache key), the probes and page-cache hits in
 * front of Express, admission, then the Express chain, one step per middleware, each in the
 * folder of its concern (docs/architecture.md).
 */
import type { RequestListener } from 'node:http';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config/config';
import { noMetrics, type Metrics } from './observability/metrics';
import { securityHeadersOf } from './http/security';
import { requestSteps } from './http/steps';
import { createAdmission } from './front-door/admission';
import { envelopeRequest, type EnvelopedRequest, type FrontDoorSettings } from './front-door/envelope';
import { createPageCacheFastPath, type FastPath } from './front-door/fast-path';
import type { Readiness } from './front-door/health';
import { hostResolution } from './front-door/host-resolution';
import './front-door/locals';
import { trustFunctionOf } from './front-door/peer-trust';
import { createProbeAnswering } from './front-door/probes';
import { requestLabelsOf, requestLogging } from './front-door/request-logging';
import { adoptAbsoluteTarget, createTargetLengthCheck } from './front-door/request-target';
import { staticHeaders } from './front-door/security-headers';
import { basePathScope } from './routing/base-path';
import { httpsRedirect } from './routing/https-redirect';
import { routeMatching } from './routing/matched-route';
import type { PageCache } from './page-cache/page-cache';
import { purgeKeyRecording } from './page-cache/purge-key-recording';
import type { CdnTimes } from './page-cache/rules';
import { pageCaching } from './page-cache/step';
import type { CampaignApi } from './content/campaign-api';
import { requestUpstream, type RequestUpstreamDeps } from './content/request-upstream';
import { siteSettings } from './site/site-settings';
import { assetCompression } from './render/asset-compression';
import type { Assets } from './render/assets';
import { consentPlatformCsp } from './render/consent-platform-csp';
import { errorHandling, onlyGetAndHead } from './render/error-pages';
import { createPageRenderer } from './render/page';
import { siteFileServing } from './seo/step';
import { pageRendering } from './pages/step';

/** A render that has not finished in this time is aborted and answered with the 500 page. */
export const DEFAULT_RENDER_TIMEOUT_MS = 5000;

export interface AppDeps {
  readonly config: Pick<Config, 'defaultSiteKey' | 'analyticsCodes' | 'trustProxy' | 'requestUpstreamBudgetMs' | 'basePath' | 'maxInFlightRequests' | 'maxQueuedRequests' | 'maxQueueWaitMs'>;
  readonly logger: Logger;
  /** The content API as a request sees it, within its budget (content/request-upstream.ts). */
  readonly contentApiFor: RequestUpstreamDeps['contentApiFor'];
  readonly campaignApi: CampaignApi;
  readonly assets: Assets;
  readonly readiness: Readiness;
  /** Whole rendered pages; null turns the in-process page cache off. */
  readonly pageCache: PageCache | null;
  /** What a CDN in front may do with shared pages. */
  readonly cdn: CdnTimes;
  /** True while an upstream fails its calls at once (an open circuit, content/outage-log.ts). */
  readonly upstreamFailingFast: () => boolean;
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
  readonly securityHeaders: readonly (readonly [string, string])[];
}

/**
 * The server: every request first gets its envelope (front-door/envelope.ts: id, host and scheme, read
 * once from the headers TRUST_PROXY allows, and from them and the target the site's address, route
 * and page-cache key, worked out once); the health probes are answered first, by Node alone
 * (front-door/probes.ts); a page-cache hit is answered in front of Express (front-door/fast-path.ts); past
 * the bound on requests in progress, a request waits its turn or is answered 503 (front-door/admission.ts);
 * everything else goes through the Express app, which reads the same envelope. Every way finishes
 * its requests through the envelope (finishRequest: the access-log line and the metrics).
 */
export function createServerSetup(deps: AppDeps): ServerSetup {
  const frontDoor: FrontDoorSettings = { trust: trustFunctionOf(deps.config.trustProxy), defaultSiteKey: deps.config.defaultSiteKey, basePath: deps.config.basePath };
  const shared: SharedParts = { securityHeaders: securityHeadersOf(deps.assets.loaderHash) };
  const app = createApp(deps, shared);
  const metrics = deps.metrics ?? noMetrics;
  const refuseLongTarget = createTargetLengthCheck({ staticHeaders: shared.securityHeaders, metrics, logger: deps.logger });
  const answerProbe = createProbeAnswering({ readiness: deps.readiness, staticHeaders: shared.securityHeaders, metrics, logger: deps.logger });
  const admission = createAdmission<EnvelopedRequest>({
    maxInFlight: deps.config.maxInFlightRequests,
    maxQueued: deps.config.maxQueuedRequests,
    maxWaitMs: deps.config.maxQueueWaitMs,
    staticHeaders: shared.securityHeaders,
    metrics,
    logger: deps.logger,
    // A request the queue cannot take is answered with its kept page, even stale, rather than a 503.
    answerInstead: (req, res) => answerFromPageCacheFirst(req, res, true),
    upstreamFailingFast: deps.upstreamFailingFast,
  });
  const answerFromPageCacheFirst: FastPath = deps.pageCache
    ? createPageCacheFastPath({
        cache: deps.pageCache,
        cdn: deps.cdn,
        staticHeaders: shared.securityHeaders,
        metrics,
        logger: deps.logger,
        // Past the bound a kept page answers even when stale: better than a 503.
        busy: () => admission.full,
      })
    : () => false;
  return {
    listener: function handleRequest(incoming, res) {
      // `GET http://host/path`: the target's host is the request's (RFC 9112, 3.2.2).
      adoptAbsoluteTarget(incoming);
      const req = envelopeRequest(incoming, frontDoor);
      // From SIGTERM on, every answer closes its connection: a keep-alive client (or balancer)
      // would otherwise hold the server open until the forced exit and lose the request in
      // flight then; its next request opens a new connection, which reaches another instance.
      if (!deps.readiness.ready) res.setHeader('connection', 'close');
      if (refuseLongTarget(req, res)) return;
      if (answerProbe(req, res)) return;
      if (answerFromPageCacheFirst(req, res)) return;
      admission.enter(req, res, () => app(req, res));
    },
  };
}

/** The Express chain, in request order. */
function createApp(deps: AppDeps, shared: SharedParts): Express {
  const { config, logger, assets } = deps;
  const { basePath } = config;
  const renderer = createPageRenderer({ assets, renderTimeoutMs: deps.renderTimeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS, basePath });
  const app = express();
  app.disable('x-powered-by');
  // No `trust proxy`: nothing reads Express's req.protocol or req.host; the envelope holds both.
  app.set('query parser', 'simple');

  app.use(staticHeaders(shared.securityHeaders));
  // The request id on the answer, req.log, and the access-log line and metrics when it is done.
  app.use(requestLogging({ logger, metrics: deps.metrics ?? noMetrics }));

  // Under BASE_PATH, everything after this step sees the site's own path (the prefix taken off).
  if (basePath) app.use(basePathScope(basePath));
  if (assets.dir) {
    app.use('/assets', assetCompression(), express.static(assets.dir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  }

  app.use(onlyGetAndHead());
  // Each step from here on is handed what the steps above it set, and the compiler checks the
  // order (http/steps.ts): a step placed above one whose result it needs does not compile.
  app.use(
    requestSteps()
      // The site's address and the route, as the envelope worked them out.
      .step(hostResolution())
      .step(httpsRedirect({ basePath }))
      .step(routeMatching())
      // Every miss (hits were answered in front of Express).
      .step(pageCaching({ cache: deps.pageCache, cdn: deps.cdn, metrics: deps.metrics ?? noMetrics, labelsOf: requestLabelsOf }))
      // Notes the articles the lookups return: a shared answer names them for a CDN's purge.
      .step(purgeKeyRecording())
      // From here on every lookup shares the request's one upstream budget.
      .step(requestUpstream({ contentApiFor: deps.contentApiFor, campaignApi: deps.campaignApi, budgetMs: config.requestUpstreamBudgetMs }))
      .step(siteSettings({ defaultSiteKey: config.defaultSiteKey, analyticsCodes: config.analyticsCodes }))
      .step(consentPlatformCsp({ loaderHash: assets.loaderHash }))
      // Every target, even one that is not a path (`GET *`), gets a page or document of this app.
      .step(siteFileServing({ basePath, sitemapUrlLimit: deps.sitemapUrlLimit }))
      .last(pageRendering({ renderer, basePath })),
  );
  app.use(errorHandling(renderer, { basePath }));
  return app;
}
