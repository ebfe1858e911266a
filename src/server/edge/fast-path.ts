/**
 * Page-cache hits answered in front of Express. A hit needs only the host, the cache key and
 * the stored bytes, so it skips the middleware chain; everything else (misses, refreshes of
 * stale pages, every other route) goes through Express as usual. The answer carries the same
 * security headers, and the request's envelope (request/envelope.ts) the same id, log line and
 * metrics, as the Express path.
 */
import type { ServerResponse } from 'node:http';
import { recordRequest, type EnvelopedRequest, type RequestRecorder } from '../request/envelope';
import { logPathOf } from '../observability/logger';
import { siteAddressResolver } from '../rules/host';
import { targetInsideBasePath } from '../../shared/base-path';
import { answerFromPageCache, answerWithKeptPage, pageCacheKeyOfRequest } from '../page-cache/hit';
import type { PageCache } from '../page-cache/page-cache';
import { cacheControlOf, type CdnTimes } from '../page-cache/rules';
import type { PagePart } from '../upstream/failures';

export interface FastPathDeps extends RequestRecorder {
  readonly cache: PageCache;
  readonly cdn: CdnTimes;
  /** Headers every answer carries (security headers), set as they are. */
  readonly staticHeaders: readonly (readonly [string, string])[];
  readonly defaultSiteKey: string;
  /** The prefix the sites are served under: a target outside it is left to Express. */
  readonly basePath: string;
  /** True while no request may start (admission.ts): a stale page then answers as it is. */
  readonly busy: () => boolean;
}

/**
 * Answers a request from the page cache and says whether it did; a stale page answers as it is
 * when `staleWillDo` (by default: while no request may start, `busy`), and then a page kept past
 * its stale time answers too, as the last resort (degraded, decision 0325).
 */
export type FastPath = (req: EnvelopedRequest, res: ServerResponse, staleWillDo?: boolean) => boolean;

/** What a kept page answered past its stale time is logged as (upstream/failures.ts, PagePart). */
const KEPT_PAGE: readonly PagePart[] = ['kept-page'];

export function createPageCacheFastPath(deps: FastPathDeps): FastPath {
  const sharedCacheControl = cacheControlOf(true, 200, deps.cdn);
  const siteAddressOf = siteAddressResolver(deps.defaultSiteKey);
  // A kept page carries its own CSP (a site's consent platform widens it).
  const staticHeaders = deps.staticHeaders.filter(([name]) => name !== 'content-security-policy').flat();
  return function answerFromPageCacheFirst(req, res, staleWillDo = deps.busy()) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const { envelope } = req;
    // A visitor who came over http is redirected by the Express chain.
    if (envelope.forwardedOverHttp) return false;
    const address = siteAddressOf(envelope.hostSource.value);
    if (!address) return false;
    // Keyed by the site's own target, as the Express chain sees it once the prefix is off.
    const target = targetInsideBasePath(deps.basePath, req.url ?? '/');
    if (target === null) return false;
    const key = pageCacheKeyOfRequest(envelope, address.host, target);
    if (key === null) return false;

    const started = performance.now();
    const { reqId } = envelope;
    const leadingHeaders = [...staticHeaders, 'x-request-id', reqId];
    const page = answerFromPageCache(deps.cache, key, req, res, sharedCacheControl, staleWillDo, leadingHeaders);
    if (page) {
      recordRequest(deps, page.labels, (performance.now() - started) / 1000, { reqId, host: address.host, siteKey: address.siteKey, method: req.method, path: logPathOf(req.url), status: res.statusCode, pageCache: 'hit' });
      return true;
    }
    // No request may start to refresh it: a page kept past its stale time is better than a 503.
    const kept = staleWillDo ? deps.cache.lastResort(key) : undefined;
    if (!kept) return false;
    answerWithKeptPage(kept, req, res, leadingHeaders);
    recordRequest(deps, kept.labels, (performance.now() - started) / 1000, { reqId, host: address.host, siteKey: address.siteKey, method: req.method, path: logPathOf(req.url), status: res.statusCode, fellBack: KEPT_PAGE });
    return true;
  };
}
