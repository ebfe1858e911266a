/**
 * The one place that asks the page cache for a page to answer with, and answers with it: a hit
 * (fresh or stale) or a last good copy. Both the fast path in front of Express
 * (front-door/fast-path.ts) and the Express step (page-cache/step.ts) ask through these.
 */
import { PRIVATE } from '../http/cache-control';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import { preferredEncoding } from '../http/encoding';
import type { CachedPage, PageCache } from './page-cache';
import { purgeKeyHeaders } from './purge-keys';

/** Only the encoding differs between visitors of a URL: the saved theme is applied in the browser. */
export const HTML_VARY = 'Accept-Encoding';

/** A page that answered from the cache, and whether it was fresh ('hit') or past its freshness ('stale'). */
export interface PageHit {
  readonly page: CachedPage;
  readonly result: 'hit' | 'stale';
}

/**
 * Answers with the key's last good copy when the cache holds one (a kept page past its stale
 * time, or one whose refresh failed, decision 0325), and returns it (undefined: not answered): a
 * degraded answer, private and without an ETag (never a 304), in the best encoding the client takes.
 */
export function answerWithLastGood(cache: PageCache, key: string, req: IncomingMessage, res: ServerResponse, leadingHeaders: readonly string[] = []): CachedPage | undefined {
  const page = cache.lastGood(key);
  if (!page) return undefined;
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const body = page.body(encoding);
  const headers = [...leadingHeaders, 'content-type', 'text/html; charset=utf-8', 'cache-control', PRIVATE, 'vary', HTML_VARY, 'x-page-cache', 'last-resort'];
  if (page.contentSecurityPolicy) headers.push('content-security-policy', page.contentSecurityPolicy);
  if (encoding !== 'identity') headers.push('content-encoding', encoding);
  headers.push('content-length', String(body.length));
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return page;
}

/**
 * Answers from the page cache when it holds a page that may answer as it is (a stale one too
 * when `staleWillDo`), and returns that page with its result (undefined: not answered): the best
 * encoding the client takes, or a 304 when the client's copy is current.
 */
export function answerFromPageCache(cache: PageCache, key: string, req: IncomingMessage, res: ServerResponse, cacheControl: string, staleWillDo = false, leadingHeaders: readonly string[] = []): PageHit | undefined {
  const page = cache.servablePage(key, staleWillDo);
  if (!page) return undefined;
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const etag = page.etags[encoding];
  // One writeHead with every header: Node serializes them in one pass.
  const headers = [...leadingHeaders, 'content-type', 'text/html; charset=utf-8', 'cache-control', cacheControl, 'vary', HTML_VARY, 'etag', etag, 'x-page-cache', 'hit'];
  if (page.contentSecurityPolicy) headers.push('content-security-policy', page.contentSecurityPolicy);
  if (page.purgeKeys) headers.push(...purgeKeyHeaders(page.purgeKeys));
  if (fresh(req.headers, { etag })) {
    res.writeHead(304, headers);
    res.end();
  } else {
    const body = page.body(encoding);
    if (encoding !== 'identity') headers.push('content-encoding', encoding);
    headers.push('content-length', String(body.length));
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
  // Fresh or stale as of the answer, once it is sent.
  return { page, result: cache.isFresh(page) ? 'hit' : 'stale' };
}
