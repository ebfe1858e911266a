/**
 * Every error the app answers with, declared once: its status, what the visitor reads, and the
 * level and event it is logged with (none: an expected answer, not logged). Pages fail with a
 * PageError that middleware/errors.tsx, the one error handler of the Express chain, renders;
 * answers given outside Express (the admission 503, the metrics port) and the 405 are plain text
 * written by `sendPlainError`.
 */
import type { ServerResponse } from 'node:http';

interface ErrorAnswer {
  readonly status: number;
  /** The error page's title (plain-text answers send only the message). */
  readonly title: string;
  readonly message: string;
  readonly log?: { readonly level: 'warn' | 'error'; readonly event: string };
  /** Seconds a client should wait before retrying (Retry-After). */
  readonly retryAfterSeconds?: number;
  /** The methods answered (Allow), for a 405. */
  readonly allow?: string;
}

const SOMETHING_WENT_WRONG = { status: 500, title: 'Something went wrong', message: 'Please try again in a moment.' } as const;

export const ERRORS = {
  BAD_REQUEST: { status: 400, title: 'Bad request', message: 'This request could not be understood.' },
  NOT_FOUND: { status: 404, title: 'Page not found', message: 'There is no page at this address.' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed', message: 'Method not allowed', allow: 'GET, HEAD' },
  /** A request target over edge/request-target.ts's bound. */
  URI_TOO_LONG: { status: 414, title: 'Address too long', message: 'This address is too long.' },
  UPSTREAM_UNAVAILABLE: { status: 503, title: 'Temporarily unavailable', message: 'This page cannot be shown right now.', retryAfterSeconds: 30 },
  /** Too many requests in progress and waiting (admission.ts); logged at most once per interval, with a count. */
  OVERLOADED: { status: 503, title: 'Busy', message: 'Busy, try again shortly', retryAfterSeconds: 1, log: { level: 'warn', event: 'load.shed' } },
  RENDER_ABORTED: { ...SOMETHING_WENT_WRONG, log: { level: 'error', event: 'render.aborted' } },
  /** A bug: logged with its stack. */
  UNEXPECTED: { ...SOMETHING_WENT_WRONG, log: { level: 'error', event: 'request.failed' } },
  /** The error page itself failed: a fixed HTML page (middleware/errors.tsx). */
  ERROR_PAGE_FAILED: { ...SOMETHING_WENT_WRONG, log: { level: 'error', event: 'request.failed' } },
  /** A response that failed after its head was sent: it can only be cut off. */
  FAILED_MIDWAY: { ...SOMETHING_WENT_WRONG, log: { level: 'error', event: 'response.failed_midway' } },
  METRICS_UNAVAILABLE: { status: 500, title: 'Metrics unavailable', message: 'Metrics could not be collected' },
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
      'cache-control', 'private, no-store',
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
