/** pino on stdout, and the request logging (contract/app.md, Logs). */
import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { RequestHandler } from 'express';

/**
 * stdout, written asynchronously: while one write is under way, new lines gather and go out
 * together, so a busy process does not make one write per line, and a quiet one still shows
 * each line at once. `flushSync` writes what is left before the process exits.
 */
export function stdoutDestination(): DestinationStream & { flushSync(): void } {
  return pino.destination({ dest: 1, sync: false });
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      // Support must never find a visitor's cookies or credentials in the logs.
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization'], censor: '[redacted]' },
    },
    destination,
  );
}

/** A load balancer's x-request-id is reused when it is well-formed; otherwise a fresh UUID. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * The one line every request leaves (contract/app.md, Logs), whichever path answered it. The
 * request id, host and site key are given only to a logger that does not carry them already.
 */
export interface RequestLine {
  readonly reqId?: string;
  readonly host?: string | undefined;
  readonly siteKey?: string | undefined;
  readonly method: string | undefined;
  readonly path: string;
  readonly status: number;
  readonly responseTime: number;
  /** Set when the page cache answered. */
  readonly pageCache?: 'hit';
  /** Set when the client left before the answer was complete. */
  readonly aborted?: true;
}

export function logRequestCompleted(logger: Logger, line: RequestLine): void {
  // 5xx answers are errors for support; their cause is on the request's event lines (same reqId).
  if (line.status >= 500) logger.error(line, 'request completed');
  else logger.info(line, 'request completed');
}

/** The path of a request target, without its query, capped for the logs. */
export function logPathOf(url: string | undefined): string {
  const target = url ?? '/';
  const queryStart = target.indexOf('?');
  return (queryStart < 0 ? target : target.slice(0, queryStart)).slice(0, 2048);
}

/**
 * The request id (a well-formed x-request-id from the load balancer, or a fresh one), a logger
 * for the request's event lines (`req.log`, carrying `reqId`), and the request line when the
 * answer is done. Hand-written rather than pino-http, which builds several child loggers and
 * serializes the request for every request even when told to be quiet: measured here, that
 * cost about a third of the throughput of an uncached page.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return function logRequest(req, res, next) {
    const started = performance.now();
    const reqId = requestIdOf(req.headers['x-request-id']);
    res.setHeader('x-request-id', reqId);
    req.log = logger.child({ reqId });
    const path = logPathOf(req.originalUrl);
    let logged = false;
    const complete = () => {
      if (logged) return;
      logged = true;
      // The request's logger carries reqId, host and site key, serialized once when they were bound.
      logRequestCompleted(req.log, {
        method: req.method,
        path,
        status: res.statusCode,
        responseTime: Math.round(performance.now() - started),
        ...(res.writableFinished ? {} : { aborted: true as const }),
      });
    };
    res.once('finish', complete);
    res.once('close', complete);
    next();
  };
}
