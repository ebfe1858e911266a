/**
 * Page-cache hits answered in front of Express. A hit needs only the host, the cache key and
 * the stored bytes, so it skips the middleware chain; everything else (misses, refreshes of
 * stale pages, every other route) goes through Express as usual. The answer carries the same
 * security headers, request id and request log line as the Express path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Logger } from 'pino';
import { requestIdOf } from '../logger';
import { savedThemeOf } from '../render/theme';
import { normalizeHost, requestHostOf, siteKeyOf } from '../rules/host';
import type { PageCache } from './page-cache';
import { cacheControlOf, pageCacheKeyOf, type CdnTimes } from './rules';
import { writeCachedPage } from './send';

export interface FastPathDeps {
  readonly cache: PageCache;
  readonly cdn: CdnTimes;
  /** Headers every answer carries (security headers), set as they are. */
  readonly staticHeaders: readonly (readonly [string, string])[];
  readonly logger: Logger;
  readonly defaultSiteKey: string;
  readonly trustsPeer: (address: string) => boolean;
}

/** Returns a handler that answers a request from the page cache and says whether it did. */
export function createPageCacheFastPath(deps: FastPathDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const sharedCacheControl = cacheControlOf(true, 200, deps.cdn);
  return function answerFromPageCache(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart < 0 ? url : url.slice(0, queryStart);
    const host = normalizeHost(requestHostOf(req.headers, deps.trustsPeer(req.socket.remoteAddress ?? '')));
    if (!host) return false;
    const query = queryStart < 0 ? {} : parseQuery(url.slice(queryStart + 1));
    const key = pageCacheKeyOf({ host, path, query, theme: savedThemeOf(req.headers.cookie) });
    const page = key === null ? undefined : deps.cache.peek(key);
    if (!page) return false;

    const started = performance.now();
    const reqId = requestIdOf(req.headers['x-request-id']);
    for (const [name, value] of deps.staticHeaders) res.setHeader(name, value);
    res.setHeader('x-request-id', reqId);
    writeCachedPage(req, res, page, sharedCacheControl);
    deps.logger.info(
      { reqId, host, siteKey: siteKeyOf(host, deps.defaultSiteKey), method: req.method, path: path.slice(0, 2048), status: res.statusCode, pageCache: 'hit', responseTime: Math.round(performance.now() - started) },
      'request completed',
    );
    return true;
  };
}
