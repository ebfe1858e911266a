/**
 * A page-cache hit, decided and sent in one place. Both the fast path in front of Express
 * (front-door/fast-path.ts) and the Express step (page-cache/step.ts) answer hits with these.
 */
import { PRIVATE } from '../http/cache-control';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import { preferredEncoding } from '../http/encoding';
import type { CachedPage, PageCache } from './page-cache';
import { purgeKeyHeaders } from './purge-keys';

/** Only the encoding differs between visitors of a URL: the saved theme is applied in the browser. */
export const HTML_VARY = 'Accept-Encoding';

/**
 * A kept page as the last good copy, when its refresh failed (decision 0325): a degraded answer,
 * private and without an ETag (never a 304), in the best encoding the client takes.
 */
export function answerWithKeptPage(page: CachedPage, req: IncomingMessage, res: ServerResponse, leadingHeaders: readonly string[] = []): void {
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const body = page.body(encoding);
  const headers = [...leadingHeaders, 'content-type', 'text/html; charset=utf-8', 'cache-control', PRIVATE, 'vary', HTML_VARY, 'x-page-cache', 'last-resort'];
  if (page.contentSecurityPolicy) headers.push('content-security-policy', page.contentSecurityPolicy);
  if (encoding !== 'identity') headers.push('content-encoding', encoding);
  headers.push('content-length', String(body.length));
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Answers from the page cache when it holds a page that may answer as it is (a stale one too
 * when `staleWillDo`), and returns that page (undefined: not answered): the best encoding the
 * client takes, or a 304 when the client's copy is current.
 */
export function answerFromPageCache(cache: PageCache, key: string, req: IncomingMessage, res: ServerResponse, cacheControl: string, staleWillDo = false, leadingHeaders: readonly string[] = []): CachedPage | undefined {
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
    return page;
  }
  const body = page.body(encoding);
  if (encoding !== 'identity') headers.push('content-encoding', encoding);
  headers.push('content-length', String(body.length));
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return page;
}
