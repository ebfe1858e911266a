/**
 * Page-cache hits answered in front of Express. A hit needs only the site's address and the
 * page-cache key, both worked out by the request's envelope (front-door/envelope.ts), and the stored
 * bytes, so it skips the middleware chain; everything else (misses, refreshes of stale pages,
 * every other route) goes through Express as usual, which reads the same envelope. The answer
 * carries the same security headers, and the envelope finishes it as it finishes every request
 * (the id, the access-log line and the metrics).
 */
import type { ServerResponse } from 'node:http';
import { finishRequest, type EnvelopedRequest, type RequestRecorder } from './envelope';
import { answerFromPageCache, answerWithLastGood } from '../page-cache/hit';
import type { PageCache } from '../page-cache/page-cache';
import { cacheControlOf, type CdnTimes } from '../page-cache/rules';
import type { FallbackPart } from '../content/failures';

export interface FastPathDeps extends RequestRecorder {
  readonly cache: PageCache;
  readonly cdn: CdnTimes;
  /** Headers every answer carries (security headers), set as they are. */
  readonly staticHeaders: readonly (readonly [string, string])[];
  /** True while no request may start (admission.ts): a stale page then answers as it is. */
  readonly busy: () => boolean;
}

/**
 * Answers a request from the page cache and says whether it did; a stale page answers as it is
 * when `staleWillDo` (by default: while no request may start, `busy`), and then a page kept past
 * its stale time answers too, as its last good copy (degraded, decision 0325).
 */
export type FastPath = (req: EnvelopedRequest, res: ServerResponse, staleWillDo?: boolean) => boolean;

/** What a kept page answered past its stale time is logged as (content/failures.ts, FallbackPart). */
const KEPT_PAGE: readonly FallbackPart[] = ['kept-page'];

export function createPageCacheFastPath(deps: FastPathDeps): FastPath {
  const sharedCacheControl = cacheControlOf(true, 200, deps.cdn);
  // A kept page carries its own CSP (a site's consent platform widens it).
  const staticHeaders = deps.staticHeaders.filter(([name]) => name !== 'content-security-policy').flat();
  return function answerFromPageCacheFirst(req, res, staleWillDo = deps.busy()) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    // A visitor who came over http is redirected by the Express chain; a bad host, a personal
    // page or a target outside the base path has no key and is left to it too.
    const { forwardedOverHttp, address, pageCacheKey: key, reqId } = req.envelope;
    if (forwardedOverHttp || !address || key === null) return false;

    const started = performance.now();
    const leadingHeaders = [...staticHeaders, 'x-request-id', reqId];
    const hit = answerFromPageCache(deps.cache, key, req, res, sharedCacheControl, staleWillDo, leadingHeaders);
    if (hit) {
      finishRequest(deps, req, started, { labels: hit.page.labels, status: res.statusCode, site: address, pageCache: hit.result });
      return true;
    }
    // No request may start to refresh it: a page kept past its stale time is better than a 503.
    const kept = staleWillDo ? answerWithLastGood(deps.cache, key, req, res, leadingHeaders) : undefined;
    if (!kept) return false;
    finishRequest(deps, req, started, { labels: kept.labels, status: res.statusCode, site: address, fellBack: KEPT_PAGE, pageCache: 'last_resort' });
    return true;
  };
}
