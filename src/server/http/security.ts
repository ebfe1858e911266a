/**
 * Security headers (docs/interface.md, Routes; docs/decisions/0002 and 0060): a hash-based strict
 * CSP, HSTS, nosniff, a referrer policy and frame-ancestors, set by helmet on every answer.
 */
import type { Request, Response } from 'express';
import { createHash, randomFillSync } from 'node:crypto';
import helmet from 'helmet';
import { SAVED_THEME_SCRIPT } from '../../shared/saved-theme';

/**
 * Third-party hosts GPT, AdSense and gtag.js talk to (connect-src) or frame (frame-src): ad
 * requests and SafeFrames (*.doubleclick.net, *.googlesyndication.com), ad-quality checks,
 * GA4 collection (Google's published list: *.google-analytics.com, *.analytics.google.com,
 * *.googletagmanager.com) and Google Signals (*.google.com). Scripts need no host here:
 * 'strict-dynamic' trusts whatever the trusted bundle inserts.
 */
export const AD_AND_ANALYTICS_HOSTS = [
  'https://*.doubleclick.net',
  'https://*.googlesyndication.com',
  'https://*.adtrafficquality.google',
  'https://*.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.google.com',
] as const;

export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/** The hash of the inline script that applies the saved theme before first paint, computed once. */
export const SAVED_THEME_SCRIPT_HASH = `sha256-${createHash('sha256').update(SAVED_THEME_SCRIPT).digest('base64')}`;

/** What a page's policy depends on besides the loader's hash. */
export interface CspNeeds {
  /** A site's consent platform (`config.cmp_src`): its origin in the directives its script needs. */
  readonly consentOrigin?: string | undefined;
  /** A streamed page's nonce, which React puts on the inline scripts that reveal Suspense boundaries. */
  readonly nonce?: string | undefined;
}

/** What a consent platform's script does: fetch its configuration and log consent, show its dialog in a frame, style it. */
const CONSENT_PLATFORM_DIRECTIVES = ['script-src', 'connect-src', 'frame-src', 'style-src', 'font-src'] as const;

/**
 * The policy, a pure function of the loader's hash and the page's needs. Only the hashed inline
 * loader runs (and a streamed page's nonce), and what it adds ('strict-dynamic'); `https:` and
 * 'unsafe-inline' are fallbacks for browsers without 'strict-dynamic' and are ignored by every
 * browser that has it.
 */
export function contentSecurityPolicy(loaderHash: string, needs: CspNeeds = {}): CspDirectives {
  const nonce = needs.nonce === undefined ? [] : [`'nonce-${needs.nonce}'`];
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': [`'${loaderHash}'`, `'${SAVED_THEME_SCRIPT_HASH}'`, ...nonce, "'strict-dynamic'", 'https:', "'unsafe-inline'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    // Ad scripts set inline styles, also inside the same-origin frames that inherit this policy.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Ad creatives and the global setting's pixels are images from any https host.
    'img-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'", ...AD_AND_ANALYTICS_HOSTS],
    'frame-src': [...AD_AND_ANALYTICS_HOSTS],
    'font-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  const { consentOrigin } = needs;
  if (consentOrigin !== undefined) {
    for (const name of CONSENT_PLATFORM_DIRECTIVES) directives[name] = [...(directives[name] ?? []), consentOrigin];
  }
  return directives;
}

/** The Content-Security-Policy header value of a policy (CSP 3 serialization: `name source ...`, joined by ';'). */
export function cspHeaderOf(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

/** A nonce's random bits: 128, as CSP 3 asks at least. */
const NONCE_BYTES = 16;
/**
 * Random bytes for the next nonces, drawn from the system's CSPRNG 64 nonces at a time: a draw
 * costs about the same for 1 KiB as for 16 bytes, so a draw per streamed page would pay it
 * whole; crypto.randomUUID pools its randomness the same way.
 */
const noncePool = Buffer.alloc(NONCE_BYTES * 64);
let nextNonceAt = noncePool.length;

/** A new nonce for a streamed page (base64, 128 random bits). */
export function newNonce(): string {
  if (nextNonceAt === noncePool.length) {
    randomFillSync(noncePool);
    nextNonceAt = 0;
  }
  const nonce = noncePool.toString('base64', nextNonceAt, nextNonceAt + NONCE_BYTES);
  nextNonceAt += NONCE_BYTES;
  return nonce;
}

/** Where a nonce goes in the policy: in script-src, just before 'strict-dynamic' (contentSecurityPolicy). */
const BEFORE_NONCE = " 'strict-dynamic'";

/**
 * A policy's header (cspHeaderOf) with a streamed page's nonce: the same as the header of the
 * policy made with the nonce, without making the policy again for every streamed page.
 */
export function cspHeaderWithNonce(header: string, nonce: string): string {
  return header.replace(BEFORE_NONCE, () => ` 'nonce-${nonce}'${BEFORE_NONCE}`);
}

/**
 * Every answer's security headers: the static policy, and helmet's other headers (HSTS,
 * nosniff, referrer policy, ...). None depends on the request, so they are computed once, here,
 * and every answer gets the same list (the page-cache fast path included).
 */
export function securityHeadersOf(loaderHash: string): [string, string][] {
  const headers = new Map<string, string>();
  // helmet only sets and removes headers; a recording stand-in for the response is enough.
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet({
    // Built per need by contentSecurityPolicy, above.
    contentSecurityPolicy: false,
    // Cross-origin ad frames and images do not send CORP headers; requiring them would blank ads.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })({} as Request, recorder as unknown as Response, () => undefined);
  return [['content-security-policy', cspHeaderOf(contentSecurityPolicy(loaderHash))], ...headers];
}
