import type { RequestHandler } from 'express';
import { isAdSlotType } from '../../shared/ads';
import { unavailable } from '../errors';
import { lookupScopeOf } from '../lookup-scope';
import { loadSite, type SiteLoaderDeps } from '../site/load-site';

const MAX_REMEMBERED_UNKNOWN_SLOTS = 1000;

/**
 * Settings resolution and merge: the site for the request's host. When not even the global
 * setting can be had, the request fails with a 503.
 */
export function siteSettings(deps: Omit<SiteLoaderDeps, 'api'>): RequestHandler {
  // settings.unknown_ad_slot is logged once per site and slot, not on every request.
  const reportedUnknownSlots = new Set<string>();
  return async function resolveSiteSettings(req, res, next) {
    const { host, siteKey, upstream } = res.locals;
    if (!host || !siteKey || !upstream) throw new Error('site settings ran before host resolution or the request-upstream middleware');
    const site = await loadSite({ ...deps, api: upstream.api }, host, siteKey, lookupScopeOf(req, res));
    if (!site) throw unavailable('No site settings could be loaded for this address.');
    for (const slot of site.setting.config.ad_slots) {
      const id = `${site.setting._id}|${slot}`;
      if (isAdSlotType(slot) || reportedUnknownSlots.has(id) || reportedUnknownSlots.size >= MAX_REMEMBERED_UNKNOWN_SLOTS) continue;
      reportedUnknownSlots.add(id);
      req.log.warn({ event: 'settings.unknown_ad_slot', slot, settingId: site.setting._id }, 'unknown ad slot type ignored');
    }
    res.locals.site = site;
    next();
  };
}
