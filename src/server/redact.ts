/**
 * What a log line may say about URLs and errors (README, Logs for support). Pure: the logger's
 * serializers apply these, so no caller has to remember them.
 * - A URL loses its userinfo (backend credentials) and its query values (tokens, search terms,
 *   visitors' ids); the parameter names stay, so support still sees which call it was.
 * - An expected upstream failure is `{ type, code, message }`: a short line, no stack (support
 *   cannot act on a stack, and one per failed request was most of an outage's log). Any other
 *   error is a bug and keeps its stack.
 */
import pino from 'pino';
import { UpstreamError } from './upstream/upstream-error';

/** A short message is enough to tell failures apart; the URL is in the line's `url` field. */
const MAX_MESSAGE_LENGTH = 300;
/** An absolute URL inside free text (an error message, a stack). */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/** The URL without userinfo and without query values; text that is no URL is returned as it is. */
export function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  const names = [...new Set(url.searchParams.keys())];
  const query = names.length > 0 ? `?${names.map(encodeURIComponent).join('&')}` : '';
  // `origin` is "null" for schemes without one; such URLs carry no host to keep.
  const origin = url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
  return `${origin}${url.pathname}${query}`;
}

/** pino's serializer for URL fields (`url`, `contentApiUrl`, ...): strings redacted, anything else as it is. */
export function urlForLog(value: unknown): unknown {
  return typeof value === 'string' ? redactUrl(value) : value;
}

/** Every URL inside a text redacted (messages and stacks quote the URL they failed on). */
export function redactUrlsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (found) => redactUrl(found));
}

/** A stable code for an upstream failure: the system's (ECONNREFUSED, ENOTFOUND), else its kind. */
function upstreamCodeOf(error: UpstreamError): string {
  const cause = error.cause as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = cause?.code ?? cause?.cause?.code;
  return typeof code === 'string' ? code : `UPSTREAM_${error.kind.toUpperCase()}`;
}

/** pino's `err` serializer: expected upstream failures in brief, bugs with their stack; URLs redacted in both. */
export function errorForLog(error: unknown): unknown {
  if (error instanceof UpstreamError) {
    // The URL is the line's own `url` field: the message need not repeat it.
    const message = error.message.split(`: ${error.url}`).join('');
    return { type: error.name, code: upstreamCodeOf(error), message: redactUrlsIn(message).slice(0, MAX_MESSAGE_LENGTH) };
  }
  if (!(error instanceof Error)) return error;
  const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(error) };
  for (const field of ['message', 'stack'] as const) {
    const value = serialized[field];
    if (typeof value === 'string') serialized[field] = redactUrlsIn(value);
  }
  return serialized;
}
