import type { RequestHandler } from 'express';
import type { CachedPage, PageCache } from '../page-cache/page-cache';
import { cacheControlOf, pageCacheKeyOf, type CdnTimes } from '../page-cache/rules';
import { HTML_VARY, writeCachedPage } from '../page-cache/send';
import { savedThemeOf } from '../render/theme';
import { queryOf } from '../request-query';
import { routeLabelOf, siteLabelOf } from './request-metrics';

/** What the render step needs to know about caching its page. */
export interface PageOutput {
  /** Cache-Control for the answer, by its status. */
  cacheControl(status: number): string;
  /** Keeps the whole HTML of a 200 page that may be kept; the kept page has its compressed forms. */
  capture?: (html: Buffer) => CachedPage;
}

/**
 * Answers shared pages from the page cache before any site or content lookup; on a miss it
 * lets the page render and keeps the result. Personal pages (search, campaign ids, ad preview)
 * are never cached, here or by a CDN.
 */
export function pageCaching(options: { cache: PageCache | null; cdn: CdnTimes }): RequestHandler {
  return function serveFromPageCache(req, res, next) {
    const { host } = res.locals;
    if (!host) throw new Error('page caching ran before host resolution');
    const key = pageCacheKeyOf({ host, path: req.path, query: queryOf(req), theme: savedThemeOf(req.headers.cookie) });
    const cacheControl = (status: number) => cacheControlOf(key !== null, status, options.cdn);
    res.setHeader('vary', HTML_VARY);
    if (key === null || options.cache === null) {
      res.locals.pageOutput = { cacheControl };
      next();
      return;
    }
    const cache = options.cache;
    const lookup = cache.lookup(key);
    if (lookup.serve) {
      writeCachedPage(req, res, lookup.page, cacheControl(200));
      return;
    }
    let stored = false;
    res.locals.pageOutput = {
      cacheControl,
      capture(html) {
        stored = true;
        return cache.store(key, html, { route: routeLabelOf(req.path, res.locals.route?.rule.name), site: siteLabelOf(res.locals.site) });
      },
    };
    // This request was to refresh a stale page; if it produced none, another may try.
    if (lookup.page) res.on('close', () => stored || cache.release(key));
    res.setHeader('x-page-cache', 'miss');
    next();
  };
}
