/**
 * Stand-ins for the third-party scripts, served by request interception (the real hosts are
 * unreachable here). They behave like the real ones where our code depends on it: GPT runs
 * its `cmd` queue on load and then runs pushes at once, and reports `slotRenderEnded` only
 * when the test says so (`window.__gpt.render(id, isEmpty)`), so each outcome is chosen.
 */

export const FAKE_GPT = `(() => {
  const gt = window.googletag = window.googletag || { cmd: [] };
  const listeners = [];
  const slots = [];
  const log = window.__gpt = { config: {}, defined: [], displayed: [], destroyed: [], servicesEnabled: false, privacy: {}, requests: [],
    render(id, isEmpty) {
      const slot = slots.find((s) => s.getSlotElementId() === id);
      if (!slot) throw new Error('fake gpt: no slot ' + id);
      for (const listener of listeners) listener({ slot, isEmpty, size: isEmpty ? null : slot.sizes[0], serviceName: 'publisher_ads' });
    } };
  const pubads = {
    addEventListener(type, listener) { if (type === 'slotRenderEnded') listeners.push(listener); return pubads; },
    setPrivacySettings(settings) { Object.assign(log.privacy, settings); return pubads; },
  };
  gt.pubads = () => pubads;
  gt.setConfig = (config) => { Object.assign(log.config, config); };
  gt.enableServices = () => { log.servicesEnabled = true; };
  gt.sizeMapping = () => {
    const mapping = [];
    const builder = { addSize(viewport, sizes) { mapping.push([viewport, sizes]); return builder; }, build: () => mapping };
    return builder;
  };
  gt.defineSlot = (path, sizes, id) => {
    if (slots.some((s) => s.getSlotElementId() === id)) return null;
    const entry = { path, sizes, id, mapping: null };
    const slot = {
      sizes,
      getSlotElementId: () => id,
      getAdUnitPath: () => path,
      defineSizeMapping(mapping) { entry.mapping = mapping; return slot; },
      addService() { return slot; },
    };
    slots.push(slot);
    log.defined.push(entry);
    return slot;
  };
  gt.destroySlots = (list) => {
    for (const slot of list) {
      slots.splice(slots.indexOf(slot), 1);
      log.destroyed.push(slot.getSlotElementId());
      log.defined = log.defined.filter((entry) => entry.id !== slot.getSlotElementId());
    }
    return true;
  };
  gt.display = (id) => {
    if (!log.servicesEnabled) throw new Error('fake gpt: display before enableServices');
    log.displayed.push(id);
    // What the ad request for the slot carries: npa=1 while non-personalised ads are asked for.
    log.requests.push({ id, npa: log.privacy.nonPersonalizedAds === true });
  };
  const queued = Array.isArray(gt.cmd) ? gt.cmd : [];
  gt.cmd = { push: (...commands) => { for (const command of commands) command(); return commands.length; } };
  gt.apiReady = true;
  gt.pubadsReady = true;
  for (const command of queued) command();
})();`;

/** gtag.js reads the data layer; the fake records that it ran and what the page had queued. */
export const FAKE_GTAG = `window.__gtag = { loaded: true, queued: (window.dataLayer || []).map((args) => Array.from(args)) };`;

export const FAKE_ADSENSE = `window.__adsense = true;`;

/** A 1x1 transparent GIF for pixel beacons. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** What the fakes leave on `window`, for the tests' page.evaluate() calls. */
export interface FakeGptLog {
  readonly config: Record<string, unknown>;
  readonly defined: { path: string; sizes: number[][]; id: string; mapping: [number[], number[][]][] | null }[];
  readonly displayed: string[];
  readonly destroyed: string[];
  readonly servicesEnabled: boolean;
  /** The privacy settings set so far (setPrivacySettings). */
  readonly privacy: { nonPersonalizedAds?: boolean };
  /** One per display: the slot and whether its ad request carried the non-personalised flag. */
  readonly requests: { id: string; npa: boolean }[];
  render(id: string, isEmpty: boolean): void;
}

export interface FakeWindow {
  __gpt?: FakeGptLog;
  __gtag?: { loaded: boolean; queued: unknown[][] };
  __adsense?: boolean;
  googletag?: unknown;
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  __cmp?: { loaded: boolean; dataLayerAtLoad: unknown[][] };
}

/** The consent platform of the fixture's example.com (config.cmp_src). */
export const FIXTURE_CMP_SRC = 'https://cmp.example/cmp.js';

/**
 * A consent platform as a site would configure one: on load it records what the data layer
 * held (the consent default must be there already) and grants every purpose, as after a
 * visitor's "accept all".
 */
export const FAKE_CMP = `(() => {
  window.__cmp = { loaded: true, dataLayerAtLoad: (window.dataLayer || []).map((args) => Array.from(args)) };
  window.gtag('consent', 'update', { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' });
})();`;
