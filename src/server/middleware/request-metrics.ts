import type { RequestHandler } from 'express';
import { targetInsideBasePath } from '../../shared/base-path';
import { SITE_LABEL, type Metrics } from '../metrics';
import type { DocumentName, RouteName } from '../routes';
import type { Site } from '../site/load-site';

/** Requests answered before the route table: health checks, assets, and the rest (405, 400). */
export type EarlyRoute = 'healthz' | 'readyz' | 'assets' | 'unrouted';

/** The route label: the route table's name, else one of the few fixed early names. Pure. */
export function routeLabelOf(path: string, routeName: RouteName | DocumentName | undefined): RouteName | DocumentName | EarlyRoute {
  if (routeName) return routeName;
  if (path === '/healthz') return 'healthz';
  if (path === '/readyz') return 'readyz';
  if (path.startsWith('/assets/')) return 'assets';
  return 'unrouted';
}

/**
 * The site label: the site key when a configured record (not the global setting) served the
 * request. Any host resolves to the global setting, so its key would be unbounded. Pure.
 */
export function siteLabelOf(site: Site | undefined): string {
  if (!site) return SITE_LABEL.none;
  return site.source === 'global' ? SITE_LABEL.global : site.key;
}

/** Times every request from its first middleware to its last byte (or the client leaving). */
export function requestMetrics(metrics: Metrics, basePath: string): RequestHandler {
  return function measureRequest(req, res, next) {
    const started = performance.now();
    // Read now: a mounted handler (/assets) strips its mount path from req.url while it runs.
    // The site's own path (assets) under the base path; the health checks at the root.
    const path = targetInsideBasePath(basePath, req.path) ?? req.path;
    const observe = (status: number | 'aborted') =>
      metrics.observeRequest({
        route: routeLabelOf(path, res.locals.route?.rule.name),
        site: siteLabelOf(res.locals.site),
        status,
        seconds: (performance.now() - started) / 1000,
      });
    res.once('finish', () => observe(res.statusCode));
    res.once('close', () => {
      if (!res.writableFinished) observe('aborted');
    });
    next();
  };
}
