/**
 * Renders a page with renderToPipeableStream (React's Node build), in one of two ways
 * (decision 0180):
 * - streamed (people): the shell leaves as soon as it is ready (onShellReady), compressed and
 *   flushed per part; Suspense boundaries (new articles) follow in the same response;
 * - complete (crawlers, page-cache fills, error pages): the whole document once everything is
 *   ready (onAllReady), one body with a Content-Length, nothing left for scripts to reveal.
 * A render that does not finish in time is aborted.
 *
 * What a render leaves behind: React keeps each render's request, with the callbacks it was
 * given, after the response is over: until the event loop's check phase (its own setImmediate),
 * and on a keep-alive connection until the next request (the connection's idle timer is set
 * inside React's work and keeps that async context). Under load young collections fall inside
 * both spans, so what those callbacks reach is promoted; idle, it lives as long as the
 * connection (docs/performance.md). So the callbacks are made where the element, the request
 * and the response are out of scope, or reach them through a variable cleared on close.
 *
 * What React writes into never emits 'close' (`emitClose: false`): React's close listener builds
 * an Error, stack trace and all, for every response, a finished one too. A client that leaves is
 * seen on the response, whose close handler aborts the render. React's listeners stay on what it
 * wrote into and reach the whole render, so they are dropped once that is destroyed: otherwise a
 * render outlives young collections, is promoted, and only full collections free it.
 */
import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { pipeline, Transform, Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createStreamEncoder, encodeBody, preferredEncoding } from '../http/encoding';
import type { CachedPage } from '../page-cache/page-cache';
import { LOG_EVENTS } from '../http/log-events';

/** Drops React's listeners from what it wrote into, after an error its destroy emits has reached them. */
function dropListenersOnceDestroyed(stream: Writable): void {
  setImmediate(() => stream.removeAllListeners());
}

/** A render that did not finish within its time. */
export class RenderAbortedError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`render aborted after ${timeoutMs} ms`);
    this.name = 'RenderAbortedError';
  }
}

/**
 * Why a streamed render is stopped when its client has gone: expected, not an error. React
 * hands an abort's reason to onError for every part left unfinished; without one it makes an
 * Error of its own, which was logged as render.error with its stack.
 */
const CLIENT_LEFT = Object.freeze({ reason: 'the client closed the connection' });

/**
 * Close listeners a streamed response carries: pipeline() adds seven of its own to the
 * response, on top of admission, metrics, the access log and the render's own. A fixed number
 * per response, not a leak; the leak detector keeps watching above it.
 */
const STREAMED_RESPONSE_MAX_LISTENERS = 16;

export interface RenderOptions {
  readonly abortAfterMs: number;
  readonly log: Logger;
}

/**
 * What both renders do when something fails: a failed shell goes to `shellFailed` (the render
 * has nothing to send; the error handler answers), a failed part is logged and React renders
 * the nearest Suspense fallback in its place.
 */
function failureCallbacks(log: Logger, shellFailed: (error: unknown) => void, partFailed?: () => void): Pick<RenderToPipeableStreamOptions, 'onShellError' | 'onError'> {
  return {
    onShellError: shellFailed,
    onError(error) {
      partFailed?.();
      // A render stopped on purpose: its time ran out (reported once, as render.aborted) or its client left.
      if (error === CLIENT_LEFT || error instanceof RenderAbortedError) return;
      log.error({ event: LOG_EVENTS.RENDER_ERROR.event, err: error }, 'error while rendering');
    },
  };
}

/**
 * The whole document as UTF-8 bytes, once every Suspense boundary is done; rejects when the
 * shell fails or the render does not finish within `abortAfterMs` (the error handler answers).
 */
export function renderToDocument(element: ReactElement, options: RenderOptions): Promise<Buffer> {
  // The callbacks below reach neither the element nor the finished document (see the top of this file).
  const { promise, resolve, reject } = Promise.withResolvers<Buffer>();
  const { log, abortAfterMs } = options;
  let aborted = false;
  let chunks: Buffer[] = [];
  const collector = new Writable({
    emitClose: false,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      clearTimeout(abortTimer);
      resolve(Buffer.concat(chunks));
      chunks = [];
      callback();
    },
    destroy(error, callback) {
      dropListenersOnceDestroyed(this);
      callback(error);
    },
  });
  const stream = renderToPipeableStream(element, {
    // React outlines a boundary that follows more than this many bytes of markup (its default,
    // 12,800, is passed on a long article), to be revealed by an inline script later: in a
    // complete document that is only a hidden copy, extra bytes and a script the CSP blocks.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onAllReady() {
      // An aborted render has been answered already; what React finishes with is not wanted.
      if (!aborted) stream.pipe(collector);
    },
    ...failureCallbacks(log, (error) => {
      clearTimeout(abortTimer);
      reject(error);
    }),
  });
  const abortTimer = setTimeout(() => {
    aborted = true;
    const error = new RenderAbortedError(abortAfterMs);
    reject(error);
    stream.abort(error);
  }, abortAfterMs);
  return promise;
}

/**
 * Sends a complete document in the best encoding the client accepts: a kept page's stored form,
 * or the document compressed now in one call. Compression is negotiated, so caches must keep
 * the encodings apart.
 */
export function sendDocument(req: Request, res: Response, html: Buffer, status: number, kept: CachedPage | undefined): void {
  res.vary('Accept-Encoding');
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const body = encoding === 'identity' ? html : (kept?.body(encoding) ?? encodeBody(html, encoding, 'once'));
  if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
  res.status(status);
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('content-length', body.length);
  res.end(body);
}

/**
 * What React writes a streamed page into (see the top of this file): chunks go on to `next`
 * with its backpressure, and React's flush after each part reaches a compressor. Corked while
 * React writes its first pass (the shell, or the whole page when it is ready), the pass goes on
 * as one chunk: one write of the response instead of eight, each with its chunk framing
 * (docs/performance.md). Once it is over, it lets go of `next`.
 */
class QuietSink extends Writable {
  /** React asked for a flush while the sink was corked: it is passed on once the chunks are. */
  private flushWhenUncorked = false;

  constructor(private next: (Writable & { flush?: () => void }) | undefined) {
    super({ emitClose: false, decodeStrings: false });
  }

  override _write(chunk: Buffer | string, encoding: BufferEncoding, callback: () => void): void {
    this.whenPassed(this.next?.write(chunk, encoding) ?? true, callback);
  }

  /** What React wrote while the sink was corked, passed on as one chunk. */
  override _writev(chunks: { chunk: Buffer | string; encoding: BufferEncoding }[], callback: () => void): void {
    const joined = Buffer.concat(chunks.map(({ chunk, encoding }) => (typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk)));
    this.whenPassed(this.next?.write(joined) ?? true, callback);
    if (this.flushWhenUncorked) {
      this.flushWhenUncorked = false;
      this.next?.flush?.();
    }
  }

  /** The next stage's backpressure: `callback` once it has taken the chunk. */
  private whenPassed(accepted: boolean, callback: () => void): void {
    if (accepted) callback();
    else this.next?.once('drain', callback);
  }

  override _final(callback: () => void): void {
    this.next?.end();
    this.next = undefined;
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.next = undefined;
    dropListenersOnceDestroyed(this);
    callback(error);
  }

  flush(): void {
    if (this.writableCorked) this.flushWhenUncorked = true;
    else this.next?.flush?.();
  }
}

export interface StreamOptions extends RenderOptions {
  /** For the scripts that reveal parts arriving after the shell; none when nothing is loading. */
  readonly nonce: string | undefined;
  /**
   * Called once every part has rendered and none failed, before the response's last byte: the
   * response ends when it settles, so a page kept here answers the next request.
   */
  readonly whenWhole?: (() => Promise<void>) | undefined;
}

/**
 * Streams a page: headers and shell at onShellReady, then each Suspense boundary as it
 * finishes, through a compressor that React flushes after every part. Rejects only when the
 * shell fails or times out before anything was sent (the error handler answers then); once the
 * shell is out, an abort ends the response with the boundaries' fallbacks in place. Resolves
 * when the response is over.
 */
export function streamDocument(req: Request, res: Response, element: ReactElement, status: number, options: StreamOptions): Promise<void> {
  // The callbacks below reach the response only through `open`, dropped once it closes (see the top of this file).
  let open: { res: Response; whenWhole: StreamOptions['whenWhole'] } | undefined = { res, whenWhole: options.whenWhole };
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const { log, abortAfterMs, nonce } = options;
  let shellSent = false;
  let allReady = false;
  let partFailed = false;
  const { promise, resolve, reject } = Promise.withResolvers<void>();
  // Holds the end of the response until `whenWhole` has settled; every byte before it passes at once.
  const heldEnd = (whenWhole: () => Promise<void>): Transform =>
    new Transform({
      transform: (chunk: Buffer, _encoding, callback) => callback(null, chunk),
      flush(callback) {
        if (!allReady || partFailed) return callback();
        whenWhole().then(
          () => callback(),
          (error: unknown) => {
            log.error({ event: LOG_EVENTS.RENDER_ERROR.event, err: error }, 'error after the page was streamed');
            callback();
          },
        );
      },
    });
  const stream = renderToPipeableStream(element, {
    ...(nonce ? { nonce } : {}),
    // A part already rendered goes in place, however long the page before it: outlining it
    // would need a script to reveal it (React's default outlines past 12,800 bytes).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onAllReady() {
      // Rendering is over; what is left is the client reading it.
      clearTimeout(abortTimer);
      allReady = true;
    },
    onShellReady() {
      if (!open) return;
      const { res: response, whenWhole } = open;
      shellSent = true;
      response.status(status);
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.vary('Accept-Encoding');
      response.setMaxListeners(STREAMED_RESPONSE_MAX_LISTENERS);
      if (encoding !== 'identity') response.setHeader('content-encoding', encoding);
      // React flushes the compressor after each part, so it comes first; a client that leaves
      // ends the pipeline, and the close handler below stops the render.
      const stages: Writable[] = [...(encoding === 'identity' ? [] : [createStreamEncoder(encoding)]), ...(whenWhole ? [heldEnd(whenWhole)] : [])];
      const [next = response] = stages;
      if (stages.length > 0) pipeline([...stages, response], () => undefined);
      // React writes what is ready in one pass, chunk by chunk: corked, the pass leaves as one write.
      const sink = new QuietSink(next);
      sink.cork();
      stream.pipe(sink);
      sink.uncork();
    },
    ...failureCallbacks(
      log,
      (error) => {
        clearTimeout(abortTimer);
        reject(error);
      },
      () => (partFailed = true),
    ),
  });
  const abortTimer = setTimeout(() => {
    const error = new RenderAbortedError(abortAfterMs);
    if (shellSent) log.error({ event: LOG_EVENTS.RENDER_ABORTED.event, timeoutMs: abortAfterMs, shellSent }, 'render took too long and was aborted');
    else reject(error);
    stream.abort(error);
  }, abortAfterMs);
  res.on('close', () => {
    clearTimeout(abortTimer);
    if (!open?.res.writableFinished) stream.abort(CLIENT_LEFT);
    open = undefined;
    resolve();
  });
  return promise;
}
