/**
 * A page-cache hit, decided and sent in one place. Both the fast path in front of Express
 * (fast-path.ts) and the Express step (middleware/page-cache.ts) answer hits with these.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import fresh from 'fresh';
import { preferredEncoding } from '../encoding';
import type { CachedPage, PageCache } from './page-cache';
import { pageCacheKeyOf } from './rules';

/** Only the encoding differs between visitors of a URL: the saved theme is applied in the browser. */
export const HTML_VARY = 'Accept-Encoding';

/**
 * The page-cache key of a request for a resolved host, read from its target (the raw target
 * without the base path); null: never cached.
 */
export function pageCacheKeyOfRequest(req: IncomingMessage, host: string, url: string): string | null {
  const queryStart = url.indexOf('?');
  return pageCacheKeyOf({
    host,
    path: queryStart < 0 ? url : url.slice(0, queryStart),
    query: queryStart < 0 ? {} : parseQuery(url.slice(queryStart + 1)),
  });
}

/**
 * Answers from the page cache when it holds a page that may answer as it is, and returns that
 * page (undefined: not answered): the best encoding the client takes, or a 304 when the
 * client's copy is current.
 */
export function answerFromPageCache(cache: PageCache, key: string, req: IncomingMessage, res: ServerResponse, cacheControl: string): CachedPage | undefined {
  const page = cache.servablePage(key);
  if (!page) return undefined;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', cacheControl);
  res.setHeader('vary', HTML_VARY);
  res.setHeader('etag', page.etag);
  res.setHeader('x-page-cache', 'hit');
  if (fresh(req.headers, { etag: page.etag })) {
    res.statusCode = 304;
    res.end();
    return page;
  }
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const body = page[encoding];
  if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
  return page;
}
