/** Host and site-key rules (docs/interface.md, Host and site key). Pure. */
import { isIP } from 'node:net';

/** The longest host name DNS allows. */
export const MAX_HOST_LENGTH = 253;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A last label that URL parsers read as a number, making the whole host an IPv4 address. */
const NUMERIC_LABEL = /^(?:\d+|0x[0-9a-f]*)$/;

/**
 * The host a request is for: lower-cased, port and trailing dot removed.
 * null when it is not a valid DNS name or IP literal (empty, spaces, a path, userinfo, too long).
 */
export function normalizeHost(raw: string | undefined): string | null {
  if (!raw || raw.length > MAX_HOST_LENGTH + 8) return null;
  const value = raw.toLowerCase();
  let host: string;
  let port: string | undefined;
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    if (close < 0) return null;
    host = value.slice(1, close);
    const rest = value.slice(close + 1);
    if (rest !== '' && !rest.startsWith(':')) return null;
    port = rest ? rest.slice(1) : undefined;
    if (isIP(host) !== 6) return null;
  } else {
    const colon = value.indexOf(':');
    host = colon < 0 ? value : value.slice(0, colon);
    port = colon < 0 ? undefined : value.slice(colon + 1);
    if (host.endsWith('.')) host = host.slice(0, -1);
    if (host === '' || host.length > MAX_HOST_LENGTH) return null;
    const labels = host.split('.');
    if (!labels.every((label) => LABEL.test(label))) return null;
    // `99999999999999999999` or `0x7f.1` are no DNS names, and no IPv4 literal either.
    if (NUMERIC_LABEL.test(labels[labels.length - 1] ?? '') && isIP(host) !== 4) return null;
  }
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) <= 65535)) return null;
  return host;
}

/**
 * The host a site query (GET /site?host=, front-door/site-query.ts) asks about, normalized as a
 * request's host is, or what is wrong with the parameter: missing, repeated, too long, malformed.
 */
export function queriedHostOf(value: string | readonly string[] | undefined): { readonly host: string } | { readonly error: string } {
  if (value === undefined || value === '') return { error: 'give the host to look up: GET /site?host=<host>' };
  if (typeof value !== 'string') return { error: 'give one host, not several' };
  if (value.length > MAX_HOST_LENGTH) return { error: `the host is over ${MAX_HOST_LENGTH} characters` };
  const host = normalizeHost(value);
  return host ? { host } : { error: 'the host is no valid host name (letters, digits, hyphens and dots, or an IP address; a port may follow)' };
}

/** The second-to-last label; localhost, single-label hosts and IP literals use the default key. */
export function siteKeyOf(host: string, defaultSiteKey: string): string {
  if (isIP(host) !== 0) return defaultSiteKey;
  const labels = host.split('.');
  if (labels.length < 2) return defaultSiteKey;
  return labels[labels.length - 2] ?? defaultSiteKey;
}

export interface SiteAddress {
  readonly host: string;
  readonly siteKey: string;
}

/** The host and site key of a raw Host value (null when missing or malformed). */
export function siteAddressOf(raw: string | undefined, defaultSiteKey: string): SiteAddress | null {
  const host = normalizeHost(raw);
  return host ? { host, siteKey: siteKeyOf(host, defaultSiteKey) } : null;
}

export const DEFAULT_BRAND_COLOR = '#2FABF0';
export const OTHER_BRAND_COLOR = '#000000';

export function brandColorOf(siteKey: string, defaultSiteKey: string): string {
  return siteKey === defaultSiteKey ? DEFAULT_BRAND_COLOR : OTHER_BRAND_COLOR;
}

/** What host selection reads of a request: its parsed headers and the raw list (repeats visible). */
export interface HostHeaders {
  readonly headers: { readonly host?: string | undefined; readonly 'x-forwarded-host'?: string | string[] | undefined };
  /** Name, value, name, value...: Node keeps only the first `Host` in `headers`. */
  readonly rawHeaders: readonly string[];
}

/** More than one `Host` header: which one names the site is ambiguous (request smuggling), so none does. */
export function hasRepeatedHost(rawHeaders: readonly string[]): boolean {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.length === 4 && rawHeaders[i]?.toLowerCase() === 'host') count += 1;
  }
  return count > 1;
}

/** Where a request's host came from: the header that named it and its raw value. */
export interface RequestHostSource {
  readonly header: 'host' | 'x-forwarded-host';
  /** undefined when absent, or when `Host` is repeated (ambiguous: no value names the site). */
  readonly value: string | undefined;
  readonly repeated: boolean;
}

/**
 * The raw host of a request and the header it came from: X-Forwarded-Host (its first value)
 * when the peer is a trusted proxy, else Host; no value (a bad host) when `Host` is repeated.
 * The same rule as Express's `req.host`; read once per request, by its envelope (front-door/envelope.ts).
 */
export function requestHostSourceOf(req: HostHeaders, peerIsTrusted: boolean): RequestHostSource {
  if (hasRepeatedHost(req.rawHeaders)) return { header: 'host', value: undefined, repeated: true };
  const forwarded = req.headers['x-forwarded-host'];
  const value = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  if (peerIsTrusted && value) return { header: 'x-forwarded-host', value: value.split(',')[0]?.trim(), repeated: false };
  return { header: 'host', value: req.headers.host, repeated: false };
}
