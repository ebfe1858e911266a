/**
 * What a failed content-API call means for a page (the spec's error catalogue, section 8), in
 * one place: each function runs one call and, on an upstream failure, logs the contract's event
 * and returns the spec's fallback (no record, an empty list) or fails the page (503). Only
 * upstream failures are caught: any other error is a bug and goes on to the error handler (500).
 * The event is logged only by the lookup that made the failed call: a lookup that failed without
 * a call of its own (a remembered failure, a shared call, the circuit open) is counted in the
 * origin's summary line instead (outage-log.ts), so one line stands for one failed call.
 */
import type { Logger } from 'pino';
import { unavailable } from '../http/errors';
import { UpstreamError } from './upstream-error';

/**
 * The parts of a page that can fall back after a failed lookup (decision 0160): the site's
 * settings (a failed lookup counts as "no record", so the host may fall through to the global
 * setting), its menu, a list (home, category, search, card categories) and the new articles;
 * `purged`: some data was a last-good copy older than a purge that named it; `kept-page`: the
 * page's refresh failed and the page cache's copy answered (decision 0325).
 */
export type PagePart = 'settings' | 'menu' | 'list' | 'new-articles' | 'purged' | 'kept-page';

/** What a request's lookups report to: its logger, and the parts of its page that fell back. */
export interface LookupScope {
  readonly log: Logger;
  readonly fellBack: Set<PagePart>;
}

/** An upstream failure this lookup got without making a call: counted in the outage summary, not logged. */
export function isFailureWithoutCall(error: unknown): boolean {
  return error instanceof UpstreamError && !error.madeCall;
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

/** Site lookup failure: warn `site.lookup_failed`, result undefined ("no record"). */
export async function siteRecordOrNone<T>({ log, fellBack }: LookupScope, host: string, call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    fellBack.add('settings');
    if (isFailureWithoutCall(error)) return undefined;
    // A request's logger already names its host; a line must not carry the key twice.
    const hostField = log.bindings().host === host ? {} : { host };
    log.warn({ event: 'site.lookup_failed', ...hostField, ...failureFields(error) }, 'site lookup failed; treated as no record');
    return undefined;
  }
}

/** Any other content-API call: error `upstream.fetch_failed`, the fallback (an empty list). */
export async function listOrEmpty<T>({ log, fellBack }: LookupScope, part: 'menu' | 'list', call: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    fellBack.add(part);
    if (!isFailureWithoutCall(error)) log.error({ event: 'upstream.fetch_failed', ...failureFields(error) }, 'content API call failed; treated as empty');
    return fallback;
  }
}

/** findnew: its own events for a non-OK status and for invalid JSON; the list is then empty. */
export async function findNewOrEmpty<T>({ log, fellBack }: LookupScope, call: () => Promise<readonly T[]>): Promise<readonly T[]> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    fellBack.add('new-articles');
    if (isFailureWithoutCall(error)) return [];
    if (error.kind === 'status') {
      log.error({ event: 'article.findnew.http_error', status: error.status, url: error.url, kind: error.kind }, 'findnew answered a non-OK status');
    } else if (error.kind === 'invalid_json') {
      log.error({ event: 'article.findnew.invalid_json', body: (error.body ?? '').slice(0, 200), url: error.url, kind: error.kind }, 'findnew answered invalid JSON');
    } else {
      log.error({ event: 'upstream.fetch_failed', ...failureFields(error) }, 'findnew call failed; treated as empty');
    }
    return [];
  }
}

/** A call the page cannot do without: logs `upstream.fetch_failed`; the page is a 503. */
export async function requiredOrUnavailable<T>({ log }: LookupScope, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (!isFailureWithoutCall(error)) log.error({ event: 'upstream.fetch_failed', ...failureFields(error) }, 'content API call failed; page unavailable');
    throw unavailable();
  }
}
