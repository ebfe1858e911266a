/**
 * Builds the Express app from its dependencies; never listens (index.ts does).
 * The middleware order is the request's order.
 */
import compression from 'compression';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Assets } from './assets';
import type { Config } from './config';
import './locals';
import { closeConnectionsWhenDraining } from './middleware/draining';
import { errorHandling } from './middleware/errors';
import { healthCheck, readinessCheck, type Readiness } from './middleware/health';
import { hostResolution } from './middleware/host';
import { httpsRedirect } from './middleware/https-redirect';
import { pageRendering } from './middleware/pages';
import { requestMetrics } from './middleware/request-metrics';
import { routeMatching } from './middleware/route';
import { securityHeaders } from './middleware/security';
import { siteSettings } from './middleware/site-settings';
import { requestLogging } from './logger';
import { noMetrics, type Metrics } from './metrics';
import type { CampaignApi } from './upstream/campaign-api';
import type { ContentApi } from './upstream/content-api';

export interface AppDeps {
  readonly config: Pick<Config, 'defaultSiteKey' | 'analyticsCodes' | 'trustProxy'>;
  readonly logger: Logger;
  readonly api: ContentApi;
  readonly campaignApi: CampaignApi;
  readonly assets: Assets;
  readonly readiness: Readiness;
  /** Request metrics; none are collected when absent. */
  readonly metrics?: Metrics;
}

export function createApp(deps: AppDeps): Express {
  const { config, logger, assets } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  app.use(requestMetrics(deps.metrics ?? noMetrics));
  app.use(securityHeaders({ loaderHash: assets.loaderHash }));
  app.use(requestLogging(logger));
  app.use(closeConnectionsWhenDraining(deps.readiness));

  // Answered before host resolution: no site, no upstream call.
  app.get('/healthz', healthCheck());
  app.get('/readyz', readinessCheck(deps.readiness));
  if (assets.dir) {
    app.use('/assets', express.static(assets.dir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  }

  app.use(function onlyGetAndHead(req, res, next) {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    res.status(405).set('allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
  });
  app.use(compression());
  app.use(hostResolution({ defaultSiteKey: config.defaultSiteKey, assets }));
  app.use(httpsRedirect());
  app.use(routeMatching());
  app.use(siteSettings({ api: deps.api, defaultSiteKey: config.defaultSiteKey, analyticsCodes: config.analyticsCodes }));
  // Every target, even one that is not a path (`GET *`), gets a page of this app.
  app.use(pageRendering({ api: deps.api, campaignApi: deps.campaignApi, assets }));
  app.use(errorHandling(assets));
  return app;
}
