/** Writes a cached page: the best encoding the client takes, or 304 when its copy is current. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import type { CachedPage } from './page-cache';
import { preferredEncoding } from './rules';

/** The saved theme (a cookie) changes a page's bytes; nothing else of the visitor does. */
export const HTML_VARY = 'Accept-Encoding, Cookie';

export function writeCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, cacheControl: string): void {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', cacheControl);
  res.setHeader('vary', HTML_VARY);
  res.setHeader('etag', page.etag);
  res.setHeader('x-page-cache', 'hit');
  if (fresh(req.headers, { etag: page.etag })) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}
