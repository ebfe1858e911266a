/**
 * What a failed content-API call means for a page (the spec's error catalogue, section 8), in
 * one place: one function awaits an answer and, on an upstream failure, logs the contract's
 * event and returns the spec's fallback (no record, an empty list) or fails the page (503). Only
 * upstream failures are caught: any other error is a bug and goes on to the error handler (500).
 * The event is logged only by the lookup that made the failed call: a lookup that failed without
 * a call of its own (a remembered failure, a shared call, the circuit open), or whose call failed
 * while the origin's circuit was open, is counted in the origin's summary line instead
 * (outage-log.ts), so one line stands for one failed call while the circuit is closed.
 */
import type { Logger } from 'pino';
import { unavailable } from '../http/errors';
import { UpstreamError } from './upstream-error';
import { LOG_EVENTS } from '../http/log-events';

/**
 * The parts of a page that can fall back after a failed lookup (decision 0160): the site's
 * settings (a failed lookup counts as "no record", so the host may fall through to the global
 * setting), its menu, a list (home, category, search, card categories) and the new articles;
 * `purged`: some data was a last-good copy older than a purge that named it; `kept-page`: the
 * page's refresh failed and the page cache's copy answered (decision 0325).
 */
export type FallbackPart = 'settings' | 'menu' | 'list' | 'new-articles' | 'purged' | 'kept-page';

/** What a request's lookups report to: its logger, and the parts of its page that fell back. */
export interface LookupScope {
  readonly log: Logger;
  readonly fellBack: Set<FallbackPart>;
}

/** An upstream failure this lookup got without making a call (a refusal, a shared or remembered failure). */
export function isFailureWithoutCall(error: unknown): boolean {
  return error instanceof UpstreamError && !error.madeCall;
}

/**
 * An upstream failure that writes no line of its own, the origin's summary counting it: one
 * without a call, or a call that failed while its origin's circuit was open (the circuit's
 * line stands for it, origin-guard.ts).
 */
export function isSummarizedFailure(error: unknown): boolean {
  return error instanceof UpstreamError && (!error.madeCall || error.summarized);
}

export function failureFields(error: unknown): Record<string, unknown> {
  if (error instanceof UpstreamError) {
    const fields: Record<string, unknown> = { url: error.url, kind: error.kind };
    if (error.kind === 'status') fields.status = error.status;
    else fields.err = error;
    return fields;
  }
  return { err: error };
}

/**
 * What a failed lookup means: the part of the page that falls back (none: the page cannot do
 * without the answer, and is a 503), and the contract's line for a failed call the lookup made.
 */
export interface FailureRule<Part extends FallbackPart | null = FallbackPart | null> {
  readonly part: Part;
  report(log: Logger, error: UpstreamError): void;
}

function fetchFailed(message: string): (log: Logger, error: UpstreamError) => void {
  return (log, error) => log.error({ event: LOG_EVENTS.UPSTREAM_FETCH_FAILED.event, ...failureFields(error) }, message);
}

/** The spec's rules (section 8), one per kind of lookup. */
export const ON_FAILURE = {
  /** A site lookup: warn `site.lookup_failed`, "no record" (the host may fall through to the global setting). */
  settings: {
    part: 'settings',
    report(log, error) {
      log.warn({ event: LOG_EVENTS.SITE_LOOKUP_FAILED.event, ...failureFields(error) }, 'site lookup failed; treated as no record');
    },
  },
  /** The menu's categories: error `upstream.fetch_failed`, an empty menu. */
  menu: { part: 'menu', report: fetchFailed('content API call failed; treated as empty') },
  /** A list (home, category, search, card categories): error `upstream.fetch_failed`, an empty list. */
  list: { part: 'list', report: fetchFailed('content API call failed; treated as empty') },
  /** findnew: its own events for a non-OK status and for invalid JSON; the list is then empty. */
  newArticles: {
    part: 'new-articles',
    report(log, error) {
      if (error.kind === 'status') {
        log.error({ event: LOG_EVENTS.FINDNEW_HTTP_ERROR.event, status: error.status, url: error.url, kind: error.kind }, 'findnew answered a non-OK status');
      } else if (error.kind === 'invalid_json') {
        log.error({ event: LOG_EVENTS.FINDNEW_INVALID_JSON.event, body: (error.body ?? '').slice(0, 200), url: error.url, kind: error.kind }, 'findnew answered invalid JSON');
      } else {
        log.error({ event: LOG_EVENTS.UPSTREAM_FETCH_FAILED.event, ...failureFields(error) }, 'findnew call failed; treated as empty');
      }
    },
  },
  /** A call the page cannot do without: error `upstream.fetch_failed`; the page is a 503. */
  required: { part: null, report: fetchFailed('content API call failed; page unavailable') },
} as const satisfies Record<string, FailureRule>;

/**
 * The one fallback of the content path: `answer`, or after an upstream failure, `fallback` (or
 * a 503 for a required answer), the part noted in the request's scope and the rule's line
 * logged. `answer` is the call already made, so this step is only on the answer's way back.
 */
export function orFallback<T>(scope: LookupScope, rule: FailureRule<null>, answer: Promise<T>): Promise<T>;
export function orFallback<T, F>(scope: LookupScope, rule: FailureRule<FallbackPart>, answer: Promise<T>, fallback: F): Promise<T | F>;
export async function orFallback<T, F>({ log, fellBack }: LookupScope, rule: FailureRule, answer: Promise<T>, fallback?: F): Promise<T | F | undefined> {
  try {
    return await answer;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (rule.part) fellBack.add(rule.part);
    if (!isSummarizedFailure(error)) rule.report(log, error);
    if (!rule.part) throw unavailable();
    return fallback;
  }
}
