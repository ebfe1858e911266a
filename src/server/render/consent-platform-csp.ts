/**
 * A site's consent platform (`config.cmp_src`) in the page's CSP. Its script needs no entry
 * ('strict-dynamic' admits what the trusted bundle inserts), but what the script then does
 * does (security.ts, contentSecurityPolicy); every other page keeps the one static policy.
 */
import { contentSecurityPolicy, cspHeaderOf } from '../http/security';
import type { Step, Stage } from '../http/steps';

/**
 * On pages where Google tags may run (the app-state's consent is set) of a site with a consent
 * platform: the CSP that admits the platform's origin. Runs after site settings; a streamed page
 * builds its policy with the same origin and its nonce (render/page.tsx), and the page cache
 * keeps the policy with the page (page-cache/hit.ts).
 */
export function consentPlatformCsp(options: { loaderHash: string }): Step<Stage<'site' | 'route'>, Pick<Express.Locals, 'consentOrigin'>> {
  return function admitConsentPlatform(_req, res, { site, route }) {
    const cmpSrc = site.publisher.consent.cmpSrc;
    if (!cmpSrc || route.kind !== 'page' || !route.rule.analytics) return {};
    const consentOrigin = new URL(cmpSrc).origin;
    res.setHeader('content-security-policy', cspHeaderOf(contentSecurityPolicy(options.loaderHash, { consentOrigin })));
    return { consentOrigin };
  };
}
