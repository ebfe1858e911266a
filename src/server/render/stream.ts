/**
 * Streams a React element as the HTML answer. All data is loaded before rendering and there
 * are no Suspense boundaries, so the shell is the whole document: status and headers are set
 * when it is ready, before the first byte. A stuck render is aborted.
 */
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { PassThrough } from 'node:stream';

export const RENDER_ABORT_MS = 5000;

const FALLBACK_500 = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>Please try again in a moment. <a href="/">Go to the home page</a></p></main></body></html>';

/**
 * `capture`, when given, receives the whole document once React has written all of it
 * (never a partial one from an aborted render): the page cache keeps it.
 */
export function streamHtml(res: Response, element: ReactElement, status: number, log: Logger, capture?: (html: Buffer) => void): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    let aborted = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(abortTimer);
      resolve();
    };
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        res.status(status);
        res.setHeader('content-type', 'text/html; charset=utf-8');
        if (!capture) {
          stream.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        const tee = new PassThrough();
        tee.on('data', (chunk: Buffer) => chunks.push(chunk));
        tee.on('end', () => aborted || capture(Buffer.concat(chunks)));
        tee.pipe(res);
        stream.pipe(tee);
      },
      onShellError(error) {
        log.error({ event: 'render.failed', err: error }, 'page render failed');
        if (!res.headersSent) res.status(500).type('html').send(FALLBACK_500);
        finish();
      },
      onError(error) {
        log.error({ event: 'render.error', err: error }, 'error while rendering');
      },
    });
    const abortTimer = setTimeout(() => {
      log.error({ event: 'render.aborted', timeoutMs: RENDER_ABORT_MS }, 'render took too long and was aborted');
      aborted = true;
      stream.abort();
    }, RENDER_ABORT_MS);
    res.on('finish', finish);
    res.on('close', finish);
  });
}
