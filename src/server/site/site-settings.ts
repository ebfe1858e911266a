import { isAdSlotType } from '../../shared/ads';
import { unavailable } from '../http/errors';
import { lookupScopeOf } from '../content/lookup-scope';
import { reportOnce } from '../memory/report-once';
import { redirectToCanonicalHost } from './canonical-redirect';
import type { SiteLoaderDeps } from './site';
import { createSiteLoader } from './site-loader';
import { ANSWERED, type Step, type Stage } from '../http/steps';
import { LOG_EVENTS } from '../http/log-events';

/**
 * Settings resolution and merge: the site for the request's host. When not even the global
 * setting can be had, the request fails with a 503; a host that is not its site's canonical
 * host is redirected there (site/canonical-redirect.ts).
 */
export function siteSettings(deps: SiteLoaderDeps): Step<Stage<'host' | 'siteKey' | 'upstream'>, Stage<'site'>> {
  // settings.unknown_ad_slot and settings.invalid_field are logged once per site and value, not on every request.
  const isFirstReport = reportOnce();
  const sites = createSiteLoader(deps);
  return async function resolveSiteSettings(req, res, { host, siteKey, upstream }) {
    const lookup = lookupScopeOf(req, res);
    const resolution = await sites.resolve(upstream.api, host, lookup);
    if (!resolution) throw unavailable('No site settings could be loaded for this address.');
    // Another host of a site with a canonical host is redirected before any other upstream call.
    if (redirectToCanonicalHost(req, res, host, resolution.canonicalHost)) return ANSWERED;
    const site = await sites.complete(upstream.api, resolution, host, siteKey, lookup);
    for (const slot of site.setting.config.ad_slots) {
      if (isAdSlotType(slot) || !isFirstReport(`${site.setting._id}|${slot}`)) continue;
      req.log.warn({ event: LOG_EVENTS.SETTINGS_UNKNOWN_AD_SLOT.event, slot, settingId: site.setting._id }, 'unknown ad slot type ignored');
    }
    for (const { field, value } of site.invalid) {
      if (!isFirstReport(`${site.setting._id}|${field}|${value}`)) continue;
      req.log.warn({ event: LOG_EVENTS.SETTINGS_INVALID_FIELD.event, field, value, settingId: site.setting._id }, 'malformed publisher setting ignored');
    }
    return { site };
  };
}
