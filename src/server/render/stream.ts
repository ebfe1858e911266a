/**
 * Renders a React element as the HTML answer with renderToPipeableStream. All data is loaded
 * before rendering and there are no Suspense boundaries, so the shell is the whole document:
 * React writes all of it at once when it is ready. It is gathered into one buffer and sent with
 * one `end()` (a Content-Length and one socket write instead of a chunk per 4 KB of React's
 * output; decision 0080), compressed in one call for clients that accept it (decision 0110).
 * A stuck render is aborted.
 *
 * renderToPipeableStream comes from React's `server.bun` build, which writes its output as
 * strings: the Node build encodes every small piece into 4 KB byte views first, which cost a
 * quarter of an uncached request here, while a gathered document needs one encoding (decision 0120).
 */
import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server.bun';
import { EventEmitter } from 'node:events';
import { encodeBody } from '../encode';
import type { CachedPage } from '../page-cache/page-cache';
import { preferredEncoding } from '../page-cache/rules';

export const RENDER_ABORT_MS = 5000;

const FALLBACK_500 = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>Please try again in a moment. <a href="/">Go to the home page</a></p></main></body></html>';

/**
 * A destination for React that keeps what it is given and hands over the whole document at
 * the end, encoded once. React only writes to it, listens for drain, error and close, and ends
 * it; a full stream.Writable would add a callback and a state update per chunk for nothing.
 */
class DocumentCollector extends EventEmitter implements NodeJS.WritableStream {
  readonly writable = true;
  private readonly chunks: string[] = [];
  constructor(private readonly done: (html: Buffer) => void) {
    super();
  }
  write(chunk: Uint8Array | string): boolean {
    // The server.bun build writes strings only; bytes would mean a different build is in use.
    if (typeof chunk !== 'string') throw new TypeError('DocumentCollector expects the string output of react-dom/server.bun');
    this.chunks.push(chunk);
    return true;
  }
  end(): this {
    const html = this.chunks.join('');
    // Only ASCII has as many UTF-8 bytes as characters; its UTF-8 is its Latin-1, which is
    // copied rather than encoded (most pages; decision 0120).
    this.done(Buffer.from(html, Buffer.byteLength(html) === html.length ? 'latin1' : 'utf8'));
    return this;
  }
}

/**
 * The body in the best encoding the client accepts: a kept page's stored form, or the document
 * compressed now. Compression is negotiated, so caches must keep the encodings apart.
 */
function encodedBody(req: Request, res: Response, html: Buffer, kept: CachedPage | undefined): Buffer {
  res.vary('Accept-Encoding');
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  if (encoding === 'identity') return html;
  res.setHeader('content-encoding', encoding);
  return kept ? kept[encoding] : encodeBody(html, encoding, 'once');
}

/**
 * `capture`, when given, keeps the whole document once React has written all of it (never a
 * partial one from an aborted render): the page cache stores it with its compressed forms,
 * which this answer then uses.
 */
export function streamHtml(req: Request, res: Response, element: ReactElement, status: number, capture?: (html: Buffer) => CachedPage): Promise<void> {
  const log = req.log;
  return new Promise((resolve) => {
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(abortTimer);
      resolve();
    };
    const sendFallback = () => {
      if (!res.headersSent) res.status(500).type('html').send(FALLBACK_500);
      finish();
    };
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        stream.pipe(
          new DocumentCollector((html) => {
            if (settled) return;
            const body = encodedBody(req, res, html, capture?.(html));
            res.status(status);
            res.setHeader('content-type', 'text/html; charset=utf-8');
            res.setHeader('content-length', body.length);
            res.end(body);
          }),
        );
      },
      onShellError(error) {
        log.error({ event: 'render.failed', err: error }, 'page render failed');
        sendFallback();
      },
      onError(error) {
        log.error({ event: 'render.error', err: error }, 'error while rendering');
      },
    });
    const abortTimer = setTimeout(() => {
      log.error({ event: 'render.aborted', timeoutMs: RENDER_ABORT_MS }, 'render took too long and was aborted');
      stream.abort();
      sendFallback();
    }, RENDER_ABORT_MS);
    res.on('finish', finish);
    res.on('close', finish);
  });
}
