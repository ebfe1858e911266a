/** The few ways a page can fail on purpose, each with its status. Anything else is a 500. */
export type PageErrorCode = 'BAD_REQUEST' | 'NOT_FOUND' | 'UPSTREAM_UNAVAILABLE';

const STATUS: Readonly<Record<PageErrorCode, number>> = {
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  UPSTREAM_UNAVAILABLE: 503,
};

/** Seconds a client should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 30;

export class PageError extends Error {
  readonly status: number;
  constructor(readonly code: PageErrorCode, message: string) {
    super(message);
    this.name = 'PageError';
    this.status = STATUS[code];
  }
}

export const badRequest = (message: string) => new PageError('BAD_REQUEST', message);
export const notFound = (message = 'There is no page at this address.') => new PageError('NOT_FOUND', message);
export const unavailable = (message = 'This page cannot be shown right now.') => new PageError('UPSTREAM_UNAVAILABLE', message);
