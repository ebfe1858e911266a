/**
 * Builds the Express app from its dependencies; never listens (index.ts does).
 * The middleware order is the request's order.
 */
import compression from 'compression';
import type { RequestListener, ServerOptions } from 'node:http';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Assets } from './assets';
import type { Config } from './config';
import { httpClassesFor } from './http-classes';
import './locals';
import { documentRendering } from './middleware/documents';
import { closeConnectionsWhenDraining } from './middleware/draining';
import { errorHandling } from './middleware/errors';
import { healthCheck, readinessCheck, type Readiness } from './middleware/health';
import { hostResolution } from './middleware/host';
import { httpsRedirect } from './middleware/https-redirect';
import { pageCaching } from './middleware/page-cache';
import { pageRendering } from './middleware/pages';
import { requestMetrics } from './middleware/request-metrics';
import { routeMatching } from './middleware/route';
import { securityHeadersOf, staticHeaders } from './middleware/security';
import { siteSettings } from './middleware/site-settings';
import { requestLogging } from './logger';
import { noMetrics, type Metrics } from './metrics';
import type { PageCache } from './page-cache/page-cache';
import type { CdnTimes } from './page-cache/rules';
import { createPageCacheFastPath } from './page-cache/fast-path';
import type { CampaignApi } from './upstream/campaign-api';
import type { ContentApi } from './upstream/content-api';
import type { FreshAnswer } from './upstream/cached-content-api';

export interface AppDeps {
  readonly config: Pick<Config, 'defaultSiteKey' | 'analyticsCodes' | 'trustProxy'>;
  readonly logger: Logger;
  readonly api: ContentApi;
  /** The data cache's fresh answers, when `api` has a data cache in front (site/load-site.ts). */
  readonly freshAnswer?: FreshAnswer | undefined;
  readonly campaignApi: CampaignApi;
  readonly assets: Assets;
  readonly readiness: Readiness;
  /** Whole rendered pages; null turns the in-process page cache off. */
  readonly pageCache: PageCache | null;
  /** What a CDN in front may do with shared pages. */
  readonly cdn: CdnTimes;
  /** Request metrics; none are collected when absent. */
  readonly metrics?: Metrics;
}

/**
 * compression for documents (robots.txt, sitemaps, feed), only for clients that accept an
 * encoding. Rendered pages compress their whole body in one call (render/stream.ts, decision 0110).
 */
function documentCompression(): RequestHandler {
  const compress = compression();
  return function compressDocument(req, res, next) {
    if (req.headers['accept-encoding'] && res.locals.route?.kind === 'document') compress(req, res, next);
    else next();
  };
}

export function createApp(deps: AppDeps): Express {
  const { config, logger, assets } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  const trustProxy = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const trustsPeer = (address: string) => trustProxy(address, 0);

  if (deps.metrics) app.use(requestMetrics(deps.metrics));
  app.use(staticHeaders(securityHeadersOf(assets.loaderHash)));
  app.use(requestLogging(logger));
  app.use(closeConnectionsWhenDraining(deps.readiness));

  // Answered before host resolution: no site, no upstream call.
  app.get('/healthz', healthCheck());
  app.get('/readyz', readinessCheck(deps.readiness));
  if (assets.dir) {
    app.use('/assets', compression(), express.static(assets.dir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  }

  app.use(function onlyGetAndHead(req, res, next) {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    res.status(405).set('allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
  });
  app.use(hostResolution({ defaultSiteKey: config.defaultSiteKey, assets, trustsPeer }));
  app.use(httpsRedirect());
  app.use(routeMatching());
  // A page-cache hit answers here, already compressed, before any site or content lookup.
  app.use(pageCaching({ cache: deps.pageCache, cdn: deps.cdn }));
  app.use(documentCompression());
  app.use(siteSettings({ api: deps.api, freshAnswer: deps.freshAnswer, defaultSiteKey: config.defaultSiteKey, analyticsCodes: config.analyticsCodes }));
  // Every target, even one that is not a path (`GET *`), gets a page or document of this app.
  app.use(documentRendering({ api: deps.api }), pageRendering({ api: deps.api, campaignApi: deps.campaignApi, assets }));
  app.use(errorHandling(assets));
  return app;
}

/** What index.ts gives `http.createServer`: the request classes for the app and its listener. */
export interface ServerSetup {
  readonly options: ServerOptions;
  readonly listener: RequestListener;
}

/**
 * The app, served by Node objects born with its Express prototypes (src/server/http-classes.ts).
 * The listener answers page-cache hits in front of Express (src/server/page-cache/fast-path.ts);
 * everything else goes through the Express chain. The listener also works on a server without
 * these classes (supertest in the tests): Express then sets the prototypes itself.
 */
export function createServerSetup(deps: AppDeps): ServerSetup {
  const app = createApp(deps);
  const options = httpClassesFor(app);
  if (!deps.pageCache) return { options, listener: app };
  const trustProxy = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const answerFromPageCache = createPageCacheFastPath({
    cache: deps.pageCache,
    cdn: deps.cdn,
    staticHeaders: securityHeadersOf(deps.assets.loaderHash),
    readiness: deps.readiness,
    metrics: deps.metrics ?? noMetrics,
    logger: deps.logger,
    defaultSiteKey: deps.config.defaultSiteKey,
    trustsPeer: (address) => trustProxy(address, 0),
  });
  return {
    options,
    listener: function handleRequest(req, res) {
      if (!answerFromPageCache(req, res)) app(req, res);
    },
  };
}
