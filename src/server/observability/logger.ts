/** pino on stdout, and the request's line in it (docs/interface.md, Logs; written by front-door/envelope.ts). */
import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';
import { errorForLog, lineWithin, urlForLog } from './redact';

/**
 * stdout, written asynchronously: while one write is under way, new lines gather and go out
 * together, so a busy process does not make one write per line, and a quiet one still shows
 * each line at once. `flushSync` writes what is left before the process exits.
 */
export function stdoutDestination(): LogDestination {
  const destination = pino.destination({ dest: 1, sync: false });
  let closing = false;
  let closed = false;
  destination.once('close', () => (closed = true));
  return {
    write(line: string) {
      if (!closing) destination.write(line);
    },
    flushSync() {
      if (!closed) destination.flushSync();
    },
    // A write of earlier lines may still be under way: flushSync would put what follows before them.
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        destination.once('close', () => resolve());
        destination.end();
      }),
  };
}

export interface LogDestination extends DestinationStream {
  /** Writes what is buffered now (at exit); a no-op once closed. */
  flushSync(): void;
  /** Writes every line so far, in order, then closes; lines written after are dropped. */
  close(): Promise<void>;
}

/** Header values that are credentials or a visitor's session, wherever a line carries headers. */
const SECRET_HEADERS = ['cookie', 'authorization', 'proxy-authorization', 'set-cookie'];
const REDACTED_PATHS = ['headers', 'req.headers', 'res.headers'].flatMap((parent) => SECRET_HEADERS.map((name) => `${parent}["${name}"]`));

/**
 * Support must never find credentials or a visitor's data in the logs: secret headers are
 * censored, URL fields lose their userinfo and query values, errors are serialized by
 * errorForLog, and no line is longer than 2 KB (redact.ts).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: errorForLog, url: urlForLog, contentApiUrl: urlForLog, campaignApiUrl: urlForLog },
      hooks: { streamWrite: lineWithin },
    },
    destination,
  );
}

/** A load balancer's x-request-id is reused when it is well-formed; otherwise a fresh UUID. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id: the load balancer's x-request-id when the peer is a trusted proxy
 * (TRUST_PROXY) and the value is well-formed, otherwise a fresh UUID: any other client could
 * name its requests after someone else's.
 */
export function requestIdOf(header: string | string[] | undefined, peerIsTrusted: boolean): string {
  return peerIsTrusted && typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * The one line every request leaves (docs/interface.md, Logs), whichever way answered it: put
 * together in one place, front-door/envelope.ts (finishRequest).
 */
export interface RequestLine {
  readonly reqId: string;
  /** `metrics` when the metrics port answered (absent: the public port). */
  readonly port?: 'metrics' | undefined;
  /** The host and site key, once the way that answered resolved them. */
  readonly host?: string | undefined;
  readonly siteKey?: string | undefined;
  readonly method: string | undefined;
  readonly path: string;
  readonly status: number;
  readonly responseTime: number;
  /** Which setting served the request (`global`: the network's default), when one was resolved. */
  readonly settingSource?: string | undefined;
  /** Set when the page cache answered. */
  readonly pageCache?: 'hit' | undefined;
  /** Set when the client left before the answer was complete. */
  readonly aborted?: true | undefined;
  /** Set on the 503 of a request turned away unstarted under overload (its cause: the `load.shed` line). */
  readonly shed?: true | undefined;
  /** The parts of the page that fell back after a failed lookup (the answer was degraded). */
  readonly fellBack?: readonly string[] | undefined;
}

/**
 * 5xx answers are errors for support (their cause is on the request's event lines, same reqId),
 * except /readyz's 503 while draining (the instance telling its balancer it is stopping) and the
 * 503 of a request shed under overload: one `load.shed` line every 10 s says why, and a flood
 * must not bury the errors that have a cause of their own.
 */
export function requestLineLevelOf(line: Pick<RequestLine, 'path' | 'status' | 'shed'>): 'error' | 'info' {
  return line.status >= 500 && line.path !== '/readyz' && !line.shed ? 'error' : 'info';
}

export function logRequestCompleted(logger: Logger, line: RequestLine): void {
  logger[requestLineLevelOf(line)](line, 'request completed');
}

/** Longer paths are no page of ours; their start is enough to recognise them. */
const MAX_LOGGED_PATH_LENGTH = 512;

/** The path of a request target, without its query (visitors' values), capped for the logs. */
export function logPathOf(url: string | undefined): string {
  const target = url ?? '/';
  const queryStart = target.indexOf('?');
  const path = queryStart < 0 ? target : target.slice(0, queryStart);
  return path.length > MAX_LOGGED_PATH_LENGTH ? `${path.slice(0, MAX_LOGGED_PATH_LENGTH)}…` : path;
}
