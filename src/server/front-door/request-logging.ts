/**
 * The Express side of the request envelope (front-door/envelope.ts): the request id on the answer, a
 * logger for the request's event lines (`req.log`, carrying `reqId`), and, when the answer is
 * done, the request finished where every request is (finishRequest: access-log line, metrics).
 * Hand-written rather than pino-http, which builds several child loggers and serializes the
 * request for every request even when told to be quiet: a large share of an uncached page's
 * time.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Requested } from '../routing/requested';
import { finishWhenDone, type RequestLabels, type RequestRecorder } from './envelope';
import { SITE_LABEL } from '../observability/metrics';
import type { SiteFileName, RouteName } from '../routing/routes';
import type { Site } from '../site/site';

/** Requests answered before the route table: health checks, assets, and the rest (405, 400). */
export type EarlyRoute = 'healthz' | 'readyz' | 'assets' | 'unrouted';

/**
 * The route label: the route table's name, else one of the few fixed early names, by the paths
 * the envelope worked out (the site's own path for the assets, the target's outside BASE_PATH). Pure.
 */
export function routeLabelOf(requested: Pick<Requested, 'targetPath' | 'sitePath'>, routeName: RouteName | SiteFileName | undefined): RouteName | SiteFileName | EarlyRoute {
  if (routeName) return routeName;
  const path = requested.sitePath ?? requested.targetPath;
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

/** The request's metrics labels as far as it got (the route once the route step ran, the site once resolved). */
export function requestLabelsOf(req: Request, res: Response): RequestLabels {
  return { route: routeLabelOf(req.envelope, res.locals.route?.rule.name), site: siteLabelOf(res.locals.site) };
}

/** Times every request from its first middleware to its last byte (or the client leaving), and finishes it once (front-door/envelope.ts). */
export function requestLogging(recorder: RequestRecorder): RequestHandler {
  return function openEnvelope(req, res, next) {
    const started = performance.now();
    const { reqId } = req.envelope;
    res.setHeader('x-request-id', reqId);
    req.log = recorder.logger.child({ reqId });
    // As far as the request got: the line names the site once host resolution ran.
    finishWhenDone(recorder, req, res, started, (aborted) => {
      const { host, siteKey, site, fellBack, pageCache } = res.locals;
      return {
        labels: requestLabelsOf(req, res),
        status: res.statusCode,
        site: host && siteKey ? { host, siteKey } : undefined,
        settingSource: site?.source,
        fellBack: fellBack?.size ? [...fellBack] : undefined,
        pageCache,
        aborted,
      };
    });
    next();
  };
}
