/**
 * A site's consent platform (`config.cmp_src`) in the page's CSP. Its script needs no entry
 * ('strict-dynamic' admits what the trusted bundle inserts), but what the script then does
 * does: fetch its configuration and log consent (connect-src), show its dialog in a frame
 * (frame-src), and style it (style-src, font-src). Those directives also admit the platform's
 * origin; every other page keeps the one static policy.
 */
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { contentSecurityPolicy, cspHeaderOf, type CspDirectives } from './security';

const PLATFORM_DIRECTIVES = ['script-src', 'connect-src', 'frame-src', 'style-src', 'font-src'] as const;

/** The policy with the platform's origin added. Pure. */
export function withConsentPlatform(directives: CspDirectives, origin: string): CspDirectives {
  const widened: Record<string, readonly string[]> = { ...directives };
  for (const name of PLATFORM_DIRECTIVES) widened[name] = [...(directives[name] ?? []), origin];
  return widened;
}

/**
 * On pages where Google tags may run (the app-state's consent is set) of a site with a consent
 * platform: the CSP that admits the platform's origin. Runs after site settings; a streamed page
 * adds its nonce to it (render/page.tsx), and the page cache keeps it with the page (page-cache/hit.ts).
 */
export function consentPlatformCsp(options: { loaderHash: string }): RequestHandler {
  const directives = contentSecurityPolicy(options.loaderHash);
  // A few platforms serve every site; bounded all the same.
  const headerByOrigin = new LRUCache<string, string>({ max: 256 });
  return function admitConsentPlatform(_req, res, next) {
    const { site, route } = res.locals;
    const cmpSrc = site?.publisher.consent.cmpSrc;
    if (cmpSrc && route?.kind === 'page' && route.rule.analytics) {
      const origin = new URL(cmpSrc).origin;
      let header = headerByOrigin.get(origin);
      if (header === undefined) {
        header = cspHeaderOf(withConsentPlatform(directives, origin));
        headerByOrigin.set(origin, header);
      }
      res.setHeader('content-security-policy', header);
    }
    next();
  };
}
