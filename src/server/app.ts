/**
 * Builds the Express app from its dependencies; never listens (index.ts does).
 * The middleware order is the request's order.
 */
import compression from 'compression';
import type { RequestListener } from 'node:http';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Assets } from './assets';
import type { Config } from './config';
import './locals';
import { documentRendering } from './middleware/documents';
import { errorHandling } from './middleware/errors';
import { healthCheck, readinessCheck, type Readiness } from './middleware/health';
import { hostResolution } from './middleware/host';
import { pageCaching } from './middleware/page-cache';
import { pageRendering } from './middleware/pages';
import type { PageCache } from './page-cache/page-cache';
import type { CdnTimes } from './page-cache/rules';
import { createPageCacheFastPath } from './page-cache/fast-path';
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
  /** Whole rendered pages; null turns the in-process page cache off. */
  readonly pageCache: PageCache | null;
  /** What a CDN in front may do with shared pages. */
  readonly cdn: CdnTimes;
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

function securityHeadersMiddleware(assets: Assets): RequestHandler {
  return helmet({
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
  });
}

/**
 * The security headers do not depend on the request, so helmet computes them once here and
 * every answer gets the same list (the page-cache fast path included).
 */
export function securityHeadersOf(assets: Assets): [string, string][] {
  const headers = new Map<string, string>();
  // helmet only sets and removes headers; a recording stand-in for the response is enough.
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  securityHeadersMiddleware(assets)({} as Request, recorder as unknown as Response, () => undefined);
  return [...headers];
}

function staticHeaders(headers: readonly (readonly [string, string])[]): RequestHandler {
  return function setSecurityHeaders(_req, res, next) {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
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

  app.use(staticHeaders(securityHeadersOf(assets)));
  app.use(requestLogging(logger));

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
  app.use(routeMatching());
  // A page-cache hit answers here, already compressed, before any site or content lookup.
  app.use(pageCaching({ cache: deps.pageCache, cdn: deps.cdn }));
  app.use(compression());
  app.use(siteSettings({ api: deps.api, defaultSiteKey: config.defaultSiteKey, analyticsCodes: config.analyticsCodes }));
  app.get('/{*path}', documentRendering({ api: deps.api }), pageRendering({ api: deps.api, campaignApi: deps.campaignApi, assets }));
  app.use(errorHandling(assets));
  return app;
}

/**
 * The server's request listener: page-cache hits are answered in front of Express
 * (src/server/page-cache/fast-path.ts); everything else goes through the Express chain.
 */
export function createRequestListener(deps: AppDeps): RequestListener {
  const app = createApp(deps);
  if (!deps.pageCache) return app;
  const trustProxy = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const answerFromPageCache = createPageCacheFastPath({
    cache: deps.pageCache,
    cdn: deps.cdn,
    staticHeaders: securityHeadersOf(deps.assets),
    logger: deps.logger,
    defaultSiteKey: deps.config.defaultSiteKey,
    trustsPeer: (address) => trustProxy(address, 0),
  });
  return function handleRequest(req, res) {
    if (!answerFromPageCache(req, res)) app(req, res);
  };
}
