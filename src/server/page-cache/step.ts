import type { Request, Response } from 'express';
import { answerFromPageCache, answerWithLastGood, HTML_VARY } from './hit';
import type { PageCache, PageLabels, PageOutput } from './page-cache';
import { cacheControlOf, type CdnTimes } from './rules';
import { lookupScopeOf } from '../content/lookup-scope';
import { ANSWERED, type Step, type Stage } from '../http/steps';

/**
 * Answers shared pages from the page cache before any site or content lookup; on a miss it
 * lets the page render and keeps the result. Personal pages (search, campaign ids, ad preview)
 * are never cached, here or by a CDN.
 */
export interface PageCachingOptions {
  readonly cache: PageCache | null;
  readonly cdn: CdnTimes;
  /** Counts a miss's render, admitted to the cache or not (the request metrics). */
  readonly metrics: { countPageRender(admitted: boolean): void };
  /** The request's metrics labels, kept with its page for the hits (the request logging's). */
  readonly labelsOf: (req: Request, res: Response) => PageLabels;
}

export function pageCaching(options: PageCachingOptions): Step<Stage<'host' | 'route'>, Stage<'pageOutput'>> {
  const sharedCacheControl = cacheControlOf(true, 200, options.cdn);
  return function serveFromPageCache(req, res) {
    // The key the fast path looked up too, made once by the request's envelope (front-door/envelope.ts).
    const key = req.envelope.pageCacheKey;
    const cacheControl = (status: number) => cacheControlOf(key !== null, status, options.cdn);
    res.setHeader('vary', HTML_VARY);
    const cache = options.cache;
    if (key === null || cache === null) return { pageOutput: { cacheControl } };
    if (answeredFromCache(cache, key)) return ANSWERED;
    // Without a shared tier all of it happens in this turn; with one, once the deployment's copy is read.
    const { lookUpShared } = cache;
    if (!lookUpShared) return renderOrKeep(cache, key, undefined);
    return lookUpShared(key).then((seenElsewhere) => (answeredFromCache(cache, key) ? ANSWERED : renderOrKeep(cache, key, seenElsewhere)));

    /** A kept page answered, fresh or stale: the request's page-cache result says which. */
    function answeredFromCache(cache: PageCache, key: string): boolean {
      const hit = answerFromPageCache(cache, key, req, res, sharedCacheControl);
      if (hit) res.locals.pageCache = hit.result;
      return hit !== undefined;
    }

    /** A miss: this request renders the page, and keeps it when the cache admits it. */
    function renderOrKeep(cache: PageCache, key: string, seenElsewhere: boolean | undefined): Stage<'pageOutput'> {
      // When it replaces a stale page and produces none, another request may try.
      const refreshing = cache.claimRefresh(key);
      res.setHeader('x-page-cache', 'miss');
      const admitted = cache.admits(key, refreshing, seenElsewhere);
      options.metrics.countPageRender(admitted);
      res.locals.pageCache = admitted ? 'admitted' : 'miss';
      // A page asked for once is rendered as with the page cache off (streamed to a person), and not kept.
      if (!admitted) return { pageOutput: { cacheControl } };
      // A purge while it renders: the page may show what was purged, so it is not kept.
      const renderedSince = cache.purgeCount();
      let stored = false;
      const pageOutput: PageOutput = {
        cacheControl,
        capture(html, contentSecurityPolicy) {
          stored = true;
          // The data it was built from stays in the last-good store while the page is kept.
          res.locals.upstream?.keepSources();
          // Kept once rendered: by then the steps after this one have set the site and its purge keys.
          return cache.store(key, html, {
            labels: options.labelsOf(req, res),
            contentSecurityPolicy,
            purgeKeys: res.locals.purgeKeys?.surrogateKey(),
            renderedSince,
          });
        },
        answerWithKeptPage() {
          if (!answerWithLastGood(cache, key, req, res)) return false;
          // Read when the request finishes (the access-log line and metrics), after this answer.
          lookupScopeOf(req, res).fellBack.add('kept-page');
          res.locals.pageCache = 'last_resort';
          return true;
        },
      };
      if (refreshing) res.on('close', () => stored || cache.release(key));
      return { pageOutput };
    }
  };
}
