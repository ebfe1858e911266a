/**
 * Every error the app answers with, declared once: its status, what the visitor reads, and the
 * level and event it is logged with (none: an expected answer, not logged). Pages fail with a
 * PageError that render/error-pages.tsx, the one error handler of the Express chain, renders;
 * answers given outside Express (the admission 503, the 414, the metrics port) and the 405 are
 * plain text written by `sendPlainError`; /purge's and /site's refusals are JSON (`jsonAnswer`); a request
 * Node's parser refused gets a bare status line on its socket (`rawErrorAnswer`); the readiness
 * probe's 503 is written by front-door/probes.ts with the probes' own headers.
 */
import type { ServerResponse } from 'node:http';
import { NO_STORE, PRIVATE } from './cache-control';
import { LOG_EVENTS, type LogEvent } from './log-events';

interface ErrorAnswer {
  readonly status: number;
  /** The error page's title (plain-text answers send only the message). */
  readonly title: string;
  readonly message: string;
  readonly log?: LogEvent;
  /** Seconds a client should wait before retrying (Retry-After). */
  readonly retryAfterSeconds?: number;
  /** The methods answered (Allow), for a 405. */
  readonly allow?: string;
  /** The authentication scheme asked for (WWW-Authenticate), for a 401. */
  readonly challenge?: string;
}

const SOMETHING_WENT_WRONG = { status: 500, title: 'Something went wrong', message: 'Please try again in a moment.' } as const;

export const ERRORS = {
  BAD_REQUEST: { status: 400, title: 'Bad request', message: 'This request could not be understood.' },
  NOT_FOUND: { status: 404, title: 'Page not found', message: 'There is no page at this address.' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed', message: 'Method not allowed', allow: 'GET, HEAD' },
  /** A request target over front-door/request-target.ts's bound. */
  URI_TOO_LONG: { status: 414, title: 'Address too long', message: 'This address is too long.' },
  UPSTREAM_UNAVAILABLE: { status: 503, title: 'Temporarily unavailable', message: 'This page cannot be shown right now.', retryAfterSeconds: 30 },
  /** Too many requests in progress and waiting (admission.ts); logged at most once per interval, with a count. */
  OVERLOADED: { status: 503, title: 'Busy', message: 'Busy, try again shortly', retryAfterSeconds: 1, log: LOG_EVENTS.LOAD_SHED },
  RENDER_ABORTED: { ...SOMETHING_WENT_WRONG, log: LOG_EVENTS.RENDER_ABORTED },
  /** A bug: logged with its stack. */
  UNEXPECTED: { ...SOMETHING_WENT_WRONG, log: LOG_EVENTS.REQUEST_FAILED },
  /** The error page itself failed: a fixed HTML page (render/error-pages.tsx). */
  ERROR_PAGE_FAILED: { ...SOMETHING_WENT_WRONG, log: LOG_EVENTS.REQUEST_FAILED },
  /** A response that failed after its head was sent: it can only be cut off. */
  FAILED_MIDWAY: { ...SOMETHING_WENT_WRONG, log: LOG_EVENTS.RESPONSE_FAILED_MIDWAY },
  METRICS_UNAVAILABLE: { status: 500, title: 'Metrics unavailable', message: 'Metrics could not be collected' },
  /** /readyz once shutdown has begun (front-door/health.ts): the balancer stops sending traffic. */
  NOT_READY: { status: 503, title: 'Shutting down', message: 'shutting down' },
  // POST /purge on the metrics port (purge/purge-route.ts), answered as JSON: { error: message }.
  PURGE_METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed', message: 'POST only', allow: 'POST' },
  /** A missing or wrong token; logged at most once per interval, with a count. */
  PURGE_UNAUTHORIZED: { status: 401, title: 'Unauthorized', message: 'missing or wrong bearer token', challenge: 'Bearer', log: LOG_EVENTS.PURGE_REFUSED },
  /** An oversized or malformed body; the message says what is wrong with it. */
  PURGE_BAD_REQUEST: { status: 400, title: 'Bad request', message: 'malformed purge request', log: LOG_EVENTS.PURGE_REFUSED },
  /** A body not complete within METRICS_PORT_BODY_TIMEOUT_MS; the message names the bound. */
  PURGE_BODY_TIMEOUT: { status: 408, title: 'Request Timeout', message: 'the body did not arrive in time', log: LOG_EVENTS.PURGE_REFUSED },
  // GET /site on the metrics port (front-door/site-query.ts), answered as JSON: { error: message }.
  SITE_QUERY_METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed', message: 'GET or HEAD only', allow: 'GET, HEAD' },
  /** A missing or wrong token; logged at most once per interval, with a count. */
  SITE_QUERY_UNAUTHORIZED: { status: 401, title: 'Unauthorized', message: 'missing or wrong bearer token', challenge: 'Bearer', log: LOG_EVENTS.SITE_QUERY_REFUSED },
  /** No host, several, or one that is no valid host name; the message says which. Answered to the caller, not logged. */
  SITE_QUERY_BAD_REQUEST: { status: 400, title: 'Bad request', message: 'malformed site query' },
  // A request Node's parser refused (front-door/listeners.ts): a bare status line, its title the reason phrase.
  HEADERS_TOO_LARGE: { status: 431, title: 'Request Header Fields Too Large', message: 'Request Header Fields Too Large' },
  CHUNK_EXTENSIONS_TOO_LARGE: { status: 413, title: 'Payload Too Large', message: 'Payload Too Large' },
  REQUEST_TIMEOUT: { status: 408, title: 'Request Timeout', message: 'Request Timeout' },
  UNPARSABLE_REQUEST: { status: 400, title: 'Bad Request', message: 'Bad Request' },
} as const satisfies Readonly<Record<string, ErrorAnswer>>;

export type ErrorCode = keyof typeof ERRORS;

/** The way a page can fail on purpose, answered with its catalogue entry and this message. */
export type PageErrorCode = 'BAD_REQUEST' | 'NOT_FOUND' | 'UPSTREAM_UNAVAILABLE';

export class PageError extends Error {
  readonly status: number;
  constructor(readonly code: PageErrorCode, message: string = ERRORS[code].message) {
    super(message);
    this.name = 'PageError';
    this.status = ERRORS[code].status;
  }
}

export const badRequest = (message: string) => new PageError('BAD_REQUEST', message);
export const notFound = (message?: string) => new PageError('NOT_FOUND', message);
export const unavailable = (message?: string) => new PageError('UPSTREAM_UNAVAILABLE', message);

/** The head and body of a plain-text error answer; `headers` are added first (the security headers). */
export function plainErrorAnswer(code: ErrorCode, headers: readonly string[] = []): { readonly status: number; readonly headers: string[]; readonly body: Buffer } {
  const answer: ErrorAnswer = ERRORS[code];
  const body = Buffer.from(answer.message);
  return {
    status: answer.status,
    headers: [
      ...headers,
      ...(answer.retryAfterSeconds === undefined ? [] : ['retry-after', String(answer.retryAfterSeconds)]),
      ...(answer.allow === undefined ? [] : ['allow', answer.allow]),
      'cache-control', PRIVATE,
      'content-type', 'text/plain; charset=utf-8',
      'content-length', String(body.length),
    ],
    body,
  };
}

/** Writes a plain-text error answer (its body left out for HEAD). */
export function sendPlainError(res: ServerResponse, answer: ReturnType<typeof plainErrorAnswer>, method: string | undefined): void {
  res.writeHead(answer.status, answer.headers);
  res.end(method === 'HEAD' ? undefined : answer.body);
}

/** A JSON answer (the form /purge answers in), never kept by a cache; `headers` are added last. */
export function jsonAnswer(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): { readonly status: number; readonly headers: Record<string, string>; readonly body: string } {
  const text = JSON.stringify(body);
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': NO_STORE, 'content-length': String(Buffer.byteLength(text)), ...headers }, body: text };
}

/** Writes a JSON answer (its body left out for HEAD). */
export function sendJsonAnswer(res: ServerResponse, answer: ReturnType<typeof jsonAnswer>, method?: string): void {
  res.writeHead(answer.status, answer.headers).end(method === 'HEAD' ? undefined : answer.body);
}

/** An error as JSON, `{ error: message }`, with its Allow or WWW-Authenticate header; `headers` are added last. */
export function jsonErrorAnswer(code: ErrorCode, message?: string, headers: Readonly<Record<string, string>> = {}): ReturnType<typeof jsonAnswer> {
  const answer: ErrorAnswer = ERRORS[code];
  return jsonAnswer(answer.status, { error: message ?? answer.message }, {
    ...(answer.allow === undefined ? {} : { allow: answer.allow }),
    ...(answer.challenge === undefined ? {} : { 'www-authenticate': answer.challenge }),
    ...headers,
  });
}

/** The whole answer to a request Node's parser refused, written to its socket: status line, then the connection closes. */
export function rawErrorAnswer(code: ErrorCode): string {
  const answer = ERRORS[code];
  return `HTTP/1.1 ${answer.status} ${answer.title}\r\nConnection: close\r\n\r\n`;
}
