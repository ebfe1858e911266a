/**
 * Security headers (contract/app.md, Routes; docs/decisions/0002 and 0060): a hash-based strict
 * CSP, HSTS, nosniff, a referrer policy and frame-ancestors, set by helmet on every answer.
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Third-party hosts the ad and analytics scripts (Google Publisher Tag, AdSense, gtag) fetch
 * from or frame. Scripts need no host here: 'strict-dynamic' trusts what the hashed loader adds.
 */
export const AD_AND_ANALYTICS_HOSTS = [
  'https://securepubads.g.doubleclick.net',
  'https://pagead2.googlesyndication.com',
  'https://tpc.googlesyndication.com',
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.doubleclick.net',
  'https://*.googlesyndication.com',
  'https://*.adtrafficquality.google',
  'https://www.google.com',
] as const;

export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/**
 * The policy, a pure function of the loader's hash. Only the hashed inline loader runs, and
 * what it adds ('strict-dynamic'); `https:` and 'unsafe-inline' are fallbacks for browsers
 * without 'strict-dynamic' and are ignored by every browser that has it.
 */
export function contentSecurityPolicy(loaderHash: string): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': [`'${loaderHash}'`, "'strict-dynamic'", 'https:', "'unsafe-inline'"],
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
}

/** helmet with the policy above; built once, not per request. */
export function securityHeaders(options: { loaderHash: string }): RequestHandler {
  const directives = contentSecurityPolicy(options.loaderHash);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(directives).map(([name, sources]) => [name, [...sources]])),
    },
    // Cross-origin ad frames and images do not send CORP headers; requiring them would blank ads.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
