/**
 * Renders a React element to a whole HTML document with renderToPipeableStream (React's Node
 * build). All data is loaded before rendering and there are no Suspense boundaries, so React
 * writes the whole document once it is ready (onAllReady); the bytes are gathered and sent as
 * one body with a Content-Length. A render that does not finish in time is aborted.
 */
import type { Response, Request } from 'express';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { encodeBody, preferredEncoding } from '../encoding';
import type { CachedPage } from '../page-cache/page-cache';

/** A render that did not finish within its time; the error handler answers it with a 500. */
export class RenderAbortedError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`render aborted after ${timeoutMs} ms`);
    this.name = 'RenderAbortedError';
  }
}

/** The whole document as UTF-8 bytes; rejects when the render fails or does not finish within `abortAfterMs`. */
export function renderToDocument(element: ReactElement, options: { abortAfterMs: number; log: Logger }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const collector = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(abortTimer);
        resolve(Buffer.concat(chunks));
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        stream.pipe(collector);
      },
      onShellError(error) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error) {
        options.log.error({ event: 'render.error', err: error }, 'error while rendering');
      },
    });
    const abortTimer = setTimeout(() => {
      reject(new RenderAbortedError(options.abortAfterMs));
      stream.abort();
    }, options.abortAfterMs);
  });
}

/**
 * Sends a rendered document in the best encoding the client accepts: a kept page's stored
 * form, or the document compressed now in one call. Compression is negotiated, so caches must
 * keep the encodings apart.
 */
export function sendDocument(req: Request, res: Response, html: Buffer, status: number, kept: CachedPage | undefined): void {
  res.vary('Accept-Encoding');
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const body = encoding === 'identity' ? html : (kept?.[encoding] ?? encodeBody(html, encoding, 'once'));
  if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
  res.status(status);
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
