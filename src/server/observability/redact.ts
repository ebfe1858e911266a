/**
 * What a log line may say about URLs, hosts and errors, and how long it may be (docs/support.md).
 * Pure: the logger's serializers and write hook apply these, so no caller has to remember them.
 * - A URL loses its userinfo (backend credentials) and its query values (tokens, search terms,
 *   visitors' ids); the parameter names stay, so support still sees which call it was.
 * - A host a visitor sent loses its userinfo (`user:secret@`) and is capped.
 * - An expected failure is `{ type, code, message }`: a short line, no stack (support cannot act
 *   on a stack, and one per failed request was most of an outage's log). That is an upstream
 *   failure, or a listener that could not bind (a port in use, no permission): the machine's
 *   state, not a bug. Any other error is a bug and keeps its stack.
 * - A line is at most 2 KB: a longer one has its long strings shortened.
 */
import pino from 'pino';
import { UpstreamError } from '../content/upstream-error';

/** A short message is enough to tell failures apart; the URL is in the line's `url` field. */
const MAX_MESSAGE_LENGTH = 300;
/** A bug's stack: the frames that matter are the first ones. */
const MAX_STACK_LENGTH = 1200;
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

/** A listener that could not bind its address (EADDRINUSE, EACCES, EADDRNOTAVAIL): expected, not a bug. */
function isListenFailure(error: Error): error is Error & { code: string } {
  const { syscall, code } = error as { syscall?: unknown; code?: unknown };
  return syscall === 'listen' && typeof code === 'string';
}

/** pino's `err` serializer: expected failures in brief, bugs with their stack; URLs redacted in both. */
export function errorForLog(error: unknown): unknown {
  if (error instanceof UpstreamError) {
    // The URL is the line's own `url` field: the message need not repeat it.
    const message = error.message.split(`: ${error.url}`).join('');
    return { type: error.name, code: upstreamCodeOf(error), message: redactUrlsIn(message).slice(0, MAX_MESSAGE_LENGTH) };
  }
  if (!(error instanceof Error)) return error;
  if (isListenFailure(error)) return { type: error.name, code: error.code, message: error.message.slice(0, MAX_MESSAGE_LENGTH) };
  const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(error) };
  for (const field of ['message', 'stack'] as const) {
    const value = serialized[field];
    if (typeof value === 'string') serialized[field] = redactUrlsIn(value).slice(0, field === 'stack' ? MAX_STACK_LENGTH : MAX_MESSAGE_LENGTH);
  }
  return serialized;
}

/** Enough of a bad host to recognise it; a valid one is at most 253 characters. */
const MAX_HOST_LENGTH = 100;

/** A Host or X-Forwarded-Host value as a log line may show it: no userinfo, capped. */
export function hostForLog(raw: string): string {
  const at = raw.lastIndexOf('@');
  const withoutUserinfo = at < 0 ? raw : `[userinfo]${raw.slice(at)}`;
  return withoutUserinfo.length > MAX_HOST_LENGTH ? `${withoutUserinfo.slice(0, MAX_HOST_LENGTH)}…` : withoutUserinfo;
}

/** No log line is longer, newline included (docs/support.md). */
export const MAX_LOG_LINE_BYTES = 2048;
/** What a string keeps of itself in a line that was too long, tried in turn. */
const SHORTENED_STRING_LENGTHS = [200, 40];
/** The fields a line keeps when shortening its strings was not enough. */
const ESSENTIAL_FIELDS = ['level', 'time', 'reqId', 'event', 'host', 'siteKey', 'status', 'msg'];

function shortenedStrings(value: unknown, maxLength: number): unknown {
  if (typeof value === 'string') return value.length > maxLength ? `${value.slice(0, maxLength)}…` : value;
  if (Array.isArray(value)) return value.map((item) => shortenedStrings(item, maxLength));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shortenedStrings(item, maxLength)]));
  return value;
}

const fits = (line: string, maxBytes: number) => Buffer.byteLength(line) <= maxBytes;

/**
 * A JSON log line (with its newline) within `maxBytes`: as it is when it fits; else with its long
 * strings shortened and `truncated: true`; else only its essential fields. Lines that fit, all
 * but a bug's few, are returned after one length check.
 */
export function lineWithin(line: string, maxBytes = MAX_LOG_LINE_BYTES): string {
  // A UTF-16 code unit is at most 3 bytes of UTF-8: most lines need no byte count.
  if (line.length * 3 <= maxBytes || fits(line, maxBytes)) return line;
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return `${JSON.stringify({ truncated: true, msg: line.slice(0, 200) })}\n`;
  }
  for (const maxLength of SHORTENED_STRING_LENGTHS) {
    const shortened = `${JSON.stringify({ ...(shortenedStrings(fields, maxLength) as object), truncated: true })}\n`;
    if (fits(shortened, maxBytes)) return shortened;
  }
  const essential = Object.fromEntries(ESSENTIAL_FIELDS.filter((key) => key in fields).map((key) => [key, shortenedStrings(fields[key], 100)]));
  return `${JSON.stringify({ ...essential, truncated: true })}\n`;
}
