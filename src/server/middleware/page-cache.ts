import { answerFromPageCache, answerWithKeptPage, HTML_VARY } from '../page-cache/hit';
import type { PageCache, PageOutput } from '../page-cache/page-cache';
import { cacheControlOf, type CdnTimes } from '../page-cache/rules';
import type { Stage } from '../request/locals';
import { lookupScopeOf } from '../request/lookup-scope';
import { routeLabelOf, siteLabelOf } from './request-logging';
import { ANSWERED, type Step } from './steps';

/**
 * Answers shared pages from the page cache before any site or content lookup; on a miss it
 * lets the page render and keeps the result. Personal pages (search, campaign ids, ad preview)
 * are never cached, here or by a CDN.
 */
export function pageCaching(options: { cache: PageCache | null; cdn: CdnTimes }): Step<Stage<'host' | 'route'>, Stage<'pageOutput'>> {
  const sharedCacheControl = cacheControlOf(true, 200, options.cdn);
  return function serveFromPageCache(req, res, { route }) {
    // The key the fast path looked up too, made once by the request's envelope (request/envelope.ts).
    const key = req.envelope.pageCacheKey;
    const cacheControl = (status: number) => cacheControlOf(key !== null, status, options.cdn);
    res.setHeader('vary', HTML_VARY);
    const cache = options.cache;
    if (key === null || cache === null) return { pageOutput: { cacheControl } };
    const page = answerFromPageCache(cache, key, req, res, sharedCacheControl);
    if (page) {
      res.locals.pageCache = cache.isFresh(page) ? 'hit' : 'stale';
      return ANSWERED;
    }
    // This request renders the page; when it replaces a stale one and produces none, another may try.
    const refreshing = cache.claimRefresh(key);
    res.setHeader('x-page-cache', 'miss');
    // A page asked for once is rendered as with the page cache off (streamed to a person), and not kept.
    const admitted = cache.admits(key, refreshing);
    res.locals.pageCache = admitted ? 'admitted' : 'miss';
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
          labels: { route: routeLabelOf(req.envelope, route.rule.name), site: siteLabelOf(res.locals.site) },
          contentSecurityPolicy,
          purgeKeys: res.locals.purgeKeys?.surrogateKey(),
          renderedSince,
        });
      },
      answerWithKeptPage() {
        const page = cache.lastGood(key);
        if (!page) return false;
        lookupScopeOf(req, res).fellBack.add('kept-page');
        res.locals.pageCache = 'last_resort';
        answerWithKeptPage(page, req, res);
        return true;
      },
    };
    if (refreshing) res.on('close', () => stored || cache.release(key));
    return { pageOutput };
  };
}
