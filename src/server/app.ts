/**
 * Builds the Express app from its dependencies; never listens (index.ts does).
 * The middleware order is the request's order.
 */
import compression from 'compression';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Assets } from './assets';
import type { Config } from './config';
import './locals';
import { errorHandling } from './middleware/errors';
import { healthCheck, readinessCheck, type Readiness } from './middleware/health';
import { hostResolution } from './middleware/host';
import { pageRendering } from './middleware/pages';
import { routeMatching } from './middleware/route';
import { siteSettings } from './middleware/site-settings';
import { requestLogging } from './logger';
import type { CampaignApi } from './upstream/campaign-api';
import type { ContentApi } from './upstream/content-api';

export interface AppDeps {
  readonly config: Pick<Config, 'defaultSiteKey' | 'analyticsCodes' | 'trustProxy'>;
  readonly logger: Logger;
  readonly api: ContentApi;
  readonly campaignApi: CampaignApi;
  readonly assets: Assets;
  readonly readiness: Readiness;
}

/**
 * Third-party hosts GPT, AdSense and gtag.js talk to (connect-src) or frame (frame-src): ad
 * requests and SafeFrames (*.doubleclick.net, *.googlesyndication.com), ad-quality checks,
 * GA4 collection (Google's published list: *.google-analytics.com, *.analytics.google.com,
 * *.googletagmanager.com) and Google Signals (*.google.com). Scripts need no host here:
 * 'strict-dynamic' trusts whatever the trusted bundle inserts.
 */
const AD_AND_ANALYTICS_HOSTS = [
  'https://*.doubleclick.net',
  'https://*.googlesyndication.com',
  'https://*.adtrafficquality.google',
  'https://*.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.google.com',
];

export function createApp(deps: AppDeps): Express {
  const { config, logger, assets } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The hashed loader, then whatever it loads ('strict-dynamic'); https: and
          // 'unsafe-inline' are ignored by browsers that know 'strict-dynamic'.
          scriptSrc: [`'${assets.loaderHash}'`, "'strict-dynamic'", 'https:', "'unsafe-inline'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          connectSrc: ["'self'", ...AD_AND_ANALYTICS_HOSTS],
          frameSrc: AD_AND_ANALYTICS_HOSTS,
          fontSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
  app.use(requestLogging(logger));

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
  app.use(routeMatching());
  app.use(siteSettings({ api: deps.api, defaultSiteKey: config.defaultSiteKey, analyticsCodes: config.analyticsCodes }));
  app.get('/{*path}', pageRendering({ api: deps.api, campaignApi: deps.campaignApi, assets }));
  app.use(errorHandling(assets));
  return app;
}
