/**
 * Page-cache hits answered in front of Express. A hit needs only the host, the cache key and
 * the stored bytes, so it skips the middleware chain; everything else (misses, refreshes of
 * stale pages, every other route) goes through Express as usual. The answer carries the same
 * security headers, request id and request log line as the Express path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Logger } from 'pino';
import { logPathOf, logRequestCompleted, requestIdOf } from '../logger';
import { savedThemeOf } from '../render/theme';
import { requestHostOf, siteAddressResolver } from '../rules/host';
import type { PageCache } from './page-cache';
import { cacheControlOf, pageCacheKeyOf, type CdnTimes } from './rules';
import { writeCachedPage } from './send';
import type { Readiness } from '../middleware/health';
import { forwardedOverHttp } from '../middleware/https-redirect';
import type { Metrics } from '../metrics';

export interface FastPathDeps {
  readonly cache: PageCache;
  readonly cdn: CdnTimes;
  /** Headers every answer carries (security headers), set as they are. */
  readonly staticHeaders: readonly (readonly [string, string])[];
  readonly logger: Logger;
  readonly defaultSiteKey: string;
  readonly trustsPeer: (address: string) => boolean;
  /** While draining, answers go through Express (which closes their connections). */
  readonly readiness: Readiness;
  readonly metrics: Metrics;
}

/** Returns a handler that answers a request from the page cache and says whether it did. */
export function createPageCacheFastPath(deps: FastPathDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const sharedCacheControl = cacheControlOf(true, 200, deps.cdn);
  const siteAddressOf = siteAddressResolver(deps.defaultSiteKey);
  return function answerFromPageCache(req, res) {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !deps.readiness.ready) return false;
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart < 0 ? url : url.slice(0, queryStart);
    const peerIsTrusted = deps.trustsPeer(req.socket.remoteAddress ?? '');
    // A visitor who came over http is redirected by the Express chain.
    if (peerIsTrusted && forwardedOverHttp(req.headers['x-forwarded-proto'])) return false;
    const address = siteAddressOf(requestHostOf(req.headers, peerIsTrusted));
    if (!address) return false;
    const { host, siteKey } = address;
    const query = queryStart < 0 ? {} : parseQuery(url.slice(queryStart + 1));
    const key = pageCacheKeyOf({ host, path, query, theme: savedThemeOf(req.headers.cookie) });
    const page = key === null ? undefined : deps.cache.peek(key);
    if (!page) return false;

    const started = performance.now();
    const reqId = requestIdOf(req.headers['x-request-id']);
    for (const [name, value] of deps.staticHeaders) res.setHeader(name, value);
    res.setHeader('x-request-id', reqId);
    writeCachedPage(req, res, page, sharedCacheControl);
    const seconds = (performance.now() - started) / 1000;
    deps.metrics.observeRequest({ route: page.labels.route, site: page.labels.site, status: res.statusCode, seconds });
    logRequestCompleted(deps.logger, { reqId, host, siteKey, method: req.method, path: logPathOf(url), status: res.statusCode, pageCache: 'hit', responseTime: Math.round(seconds * 1000) });
    return true;
  };
}
