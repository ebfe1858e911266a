/**
 * What a failed content-API call means for a page (the spec's error catalogue, section 8), in
 * one place: each function runs one call and, on an upstream failure, logs the contract's event
 * and returns the spec's fallback (no record, an empty list) or fails the page (503). Only
 * upstream failures are caught: any other error is a bug and goes on to the error handler (500).
 */
import type { Logger } from 'pino';
import { unavailable } from '../errors';
import { UpstreamError } from './upstream-error';

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
export async function siteRecordOrNone<T>(log: Logger, host: string, call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // A request's logger already names its host; a line must not carry the key twice.
    const hostField = log.bindings().host === host ? {} : { host };
    log.warn({ event: 'site.lookup_failed', ...hostField, ...failureFields(error) }, 'site lookup failed; treated as no record');
    return undefined;
  }
}

/** Any other content-API call: error `upstream.fetch_failed`, the fallback (an empty list). */
export async function listOrEmpty<T>(log: Logger, call: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    log.error({ event: 'upstream.fetch_failed', ...failureFields(error) }, 'content API call failed; treated as empty');
    return fallback;
  }
}

/** findnew: its own events for a non-OK status and for invalid JSON; the list is then empty. */
export async function findNewOrEmpty<T>(log: Logger, call: () => Promise<readonly T[]>): Promise<readonly T[]> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.kind === 'status') {
      log.error({ event: 'article.findnew.http_error', status: error.status, url: error.url }, 'findnew answered a non-OK status');
    } else if (error.kind === 'invalid_json') {
      log.error({ event: 'article.findnew.invalid_json', body: (error.body ?? '').slice(0, 200), url: error.url }, 'findnew answered invalid JSON');
    } else {
      log.error({ event: 'upstream.fetch_failed', ...failureFields(error) }, 'findnew call failed; treated as empty');
    }
    return [];
  }
}

/** A call the page cannot do without: logs `upstream.fetch_failed`; the page is a 503. */
export async function requiredOrUnavailable<T>(log: Logger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    log.error({ event: 'upstream.fetch_failed', ...failureFields(error) }, 'content API call failed; page unavailable');
    throw unavailable();
  }
}
