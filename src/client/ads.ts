/// <reference types="google-publisher-tag" />
/**
 * Ads with Google Publisher Tag (docs/architecture.md, The client): which slots to define, with which
 * sizes and size mapping, from the app-state and the window; then a thin GPT wiring.
 */
import { AD_SIZES, AD_SLOT_TYPES, MOBILE_BREAKPOINT, SIDERAIL_MIN_WIDTH, adElementId, type AdSize, type AdSlotType } from '../shared/ads';
import type { AppState } from '../shared/app-state';
import { isMobile } from '../shared/user-agent';
import type { Consent } from './consent';
import { loadScript, whenLoadedOrNear } from './schedule';

export const GPT_URL = 'https://securepubads.g.doubleclick.net/tag/js/gpt.js';
export const ADSENSE_URL = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

/** Viewport -> sizes, largest viewport first, as GPT's sizeMapping().addSize() takes them. */
export type SizeMapping = readonly (readonly [AdSize, readonly AdSize[]])[];

export interface SlotPlan {
  readonly type: AdSlotType;
  readonly path: string;
  readonly elementId: string;
  readonly sizes: readonly AdSize[];
  readonly mapping: SizeMapping;
}

const SIDERAILS: readonly AdSlotType[] = ['siderail_left', 'siderail_right'];
/** Hidden until their slot renders non-empty, then shown as flex. */
const REVEALED_ON_RENDER: readonly AdSlotType[] = ['popup', 'anchor'];

/**
 * How near the viewport a slot is when the libraries load before `load`: one viewport ahead,
 * so the ad request is under way before the slot is in view (GPT's lazy load then fetches
 * within two viewports, `fetchMarginPercent`).
 */
const SLOT_NEAR_MARGIN = '100% 0px';

export function isSiderail(type: AdSlotType): boolean {
  return SIDERAILS.includes(type);
}

export function revealsOnRender(type: AdSlotType): boolean {
  return REVEALED_ON_RENDER.includes(type);
}

/**
 * The media query under which side rails show on a route ("wider than" the spec's width), the
 * same one styles.css uses so CSS and script always agree; null where rails never show.
 */
export function siderailQuery(route: string): string | null {
  const width = route === 'home' ? SIDERAIL_MIN_WIDTH.home : route === 'article' || route === 'category' ? SIDERAIL_MIN_WIDTH.other : null;
  return width === null ? null : `(min-width: ${width + 1}px)`;
}

/** Sizes that fit a viewport narrower than the breakpoint (drops the 728x90 anchor). */
function mobileSizes(sizes: readonly AdSize[]): readonly AdSize[] {
  return sizes.filter(([width]) => width < MOBILE_BREAKPOINT[0]);
}

/** A mobile browser gets the mobile sizes whatever its viewport (mobile omits 728x90). */
export function sizesFor(type: AdSlotType, mobile: boolean): readonly AdSize[] {
  return mobile ? mobileSizes(AD_SIZES[type]) : AD_SIZES[type];
}

/** At 640x480 and up every size of the slot; below it the mobile sizes. */
export function sizeMappingFor(type: AdSlotType, mobile: boolean): SizeMapping {
  const sizes = sizesFor(type, mobile);
  return [
    [MOBILE_BREAKPOINT, sizes],
    [[0, 0], mobileSizes(sizes)],
  ];
}

/** `adSenseParent/<type>`, or Google's test unit as it is under ?testDisplayAd=on. */
export function unitPathFor(state: Pick<AppState, 'adUnitPath' | 'testAds'>, type: AdSlotType): string | null {
  if (!state.adUnitPath) return null;
  return state.testAds ? state.adUnitPath : `${state.adUnitPath.replace(/\/+$/, '')}/${type}`;
}

/** A slot left empty (no fill, or the library never ran): taken out, or its space kept, quiet. */
export type EmptySlotOutcome = 'collapse' | 'quiet';

export interface EmptySlotFacts {
  readonly type: AdSlotType;
  /** The container's top edge, from the viewport's top (getBoundingClientRect().top). */
  readonly top: number;
  readonly viewportHeight: number;
}

/**
 * Google's guidance on layout shift from ads: collapsing a slot moves what follows it. So a
 * slot collapses only where that moves nothing the visitor sees: a fixed one (side rail, popup,
 * anchor: nothing flows around it) or one whose top is below the viewport; any other keeps its
 * space, quiet (no label, no box). Pure.
 */
export function emptySlotOutcome({ type, top, viewportHeight }: EmptySlotFacts): EmptySlotOutcome {
  return isSiderail(type) || revealsOnRender(type) || top >= viewportHeight ? 'collapse' : 'quiet';
}

/**
 * The classes the client gives a slot's container (styles.css): `filled` once an ad rendered in
 * it (only then is it a labelled box), `collapsed` when it stays empty where taking it out
 * moves nothing. Without either, as the server sends it, it is a quiet reserved space: so no
 * labelled box stays where JavaScript is off or gpt.js never answers.
 */
export const SLOT_CLASS = { filled: 'ad-filled', collapsed: 'ad-collapsed' } as const;

export interface PlanInput {
  readonly state: Pick<AppState, 'adSlots' | 'adUnitPath' | 'testAds'>;
  /** Slot types whose container is in the page. */
  readonly containers: readonly AdSlotType[];
  /** Whether the window is wider than the route's side-rail width now. */
  readonly railsFit: boolean;
  readonly mobile: boolean;
}

/** One slot per rendered container the app-state lists; side rails only while they fit. */
export function slotPlans({ state, containers, railsFit, mobile }: PlanInput): SlotPlan[] {
  const plans: SlotPlan[] = [];
  for (const type of AD_SLOT_TYPES) {
    const path = unitPathFor(state, type);
    if (!path || !state.adSlots.includes(type) || !containers.includes(type) || (isSiderail(type) && !railsFit)) continue;
    plans.push({ type, path, elementId: adElementId(type), sizes: sizesFor(type, mobile), mapping: sizeMappingFor(type, mobile) });
  }
  return plans;
}

interface GptWindow {
  googletag?: { cmd: Array<() => void> | googletag.CommandArray };
}

interface AdSenseWindow {
  adsbygoogle?: unknown[] & { requestNonPersonalizedAds?: 0 | 1 };
}

/** Marks a slot's container filled (a labelled box), or empty (collapsed, or left quiet). */
function markSlot(win: Window, type: AdSlotType, isEmpty: boolean): void {
  const element = win.document.getElementById(adElementId(type));
  if (!element) return;
  element.classList.remove(...Object.values(SLOT_CLASS));
  if (!isEmpty) element.classList.add(SLOT_CLASS.filled);
  else if (emptySlotOutcome({ type, top: element.getBoundingClientRect().top, viewportHeight: win.innerHeight }) === 'collapse') element.classList.add(SLOT_CLASS.collapsed);
}

/**
 * Loads GPT (and AdSense when asked) only when the page has ad containers to fill, once consent
 * allows Google tags and the article has come first (after `load`, or as a slot comes near);
 * ads are requested non-personalised until consent grants personalisation. A slot is a labelled
 * box only once an ad renders in it; one left empty by no fill or a blocked library collapses
 * where that moves nothing the visitor sees.
 */
export function wireAds(win: Window, state: AppState, consent: Consent): void {
  const doc = win.document;
  const containers = AD_SLOT_TYPES.filter((type) => state.adSlots.includes(type) && doc.getElementById(adElementId(type)));
  if (containers.length === 0 || !state.adUnitPath) return;
  const mobile = isMobile(win.navigator.userAgent);
  const railQuery = siderailQuery(state.route);
  const rails = railQuery ? win.matchMedia(railQuery) : null;

  const gptWindow = win as Window & GptWindow;
  gptWindow.googletag ??= { cmd: [] };
  gptWindow.googletag.cmd.push(() => {
    const gpt = gptWindow.googletag as typeof googletag;
    const privacy = () => gpt.pubads().setPrivacySettings({ nonPersonalizedAds: !consent.personalisedAds() });
    privacy();
    consent.onUpdate(privacy);
    // GPT never collapses a slot itself: where that would move what the visitor sees is ours to say (markSlot).
    gpt.setConfig({ singleRequest: true, collapseDiv: 'DISABLED', lazyLoad: { fetchMarginPercent: 200, renderMarginPercent: 100, mobileScaling: 2 } });
    gpt.pubads().addEventListener('slotRenderEnded', (event) => {
      const type = containers.find((candidate) => adElementId(candidate) === event.slot.getSlotElementId());
      if (!type) return;
      markSlot(win, type, event.isEmpty);
      const wrapper = doc.getElementById(event.slot.getSlotElementId())?.parentElement;
      if (revealsOnRender(type) && wrapper) wrapper.style.display = event.isEmpty ? '' : 'flex';
    });
    gpt.enableServices();

    const defined = new Map<AdSlotType, googletag.Slot>();
    const sync = () => {
      const plans = slotPlans({ state, containers, railsFit: rails?.matches ?? false, mobile });
      const gone = [...defined].filter(([type]) => !plans.some((plan) => plan.type === type));
      if (gone.length > 0) gpt.destroySlots(gone.map(([, slot]) => slot));
      for (const [type] of gone) defined.delete(type);
      const added: string[] = [];
      for (const plan of plans) {
        if (defined.has(plan.type)) continue;
        const slot = gpt.defineSlot(plan.path, plan.sizes.map(([w, h]) => [w, h]), plan.elementId);
        if (!slot) continue;
        const mapping = gpt.sizeMapping();
        for (const [viewport, sizes] of plan.mapping) mapping.addSize([viewport[0], viewport[1]], sizes.map(([w, h]) => [w, h]));
        slot.defineSizeMapping(mapping.build() ?? []).addService(gpt.pubads());
        defined.set(plan.type, slot);
        added.push(plan.elementId);
      }
      // All new slots are defined before the first display, so one request fetches them all.
      for (const id of added) gpt.display(id);
    };
    sync();
    // Re-checked whenever the window crosses the side-rail width (the CSS query's own change).
    rails?.addEventListener('change', sync);
  });
  if (state.adSense) {
    const adSense = ((win as Window & AdSenseWindow).adsbygoogle ??= []);
    const personalisation = () => (adSense.requestNonPersonalizedAds = consent.personalisedAds() ? 0 : 1);
    personalisation();
    consent.onUpdate(personalisation);
  }
  const slotElements = containers.flatMap((type) => doc.getElementById(adElementId(type)) ?? []);
  whenLoadedOrNear(win, slotElements, SLOT_NEAR_MARGIN, () => {
    void consent.ready.then(() => {
      // Blocked (an ad blocker) or failed: no slot will fill.
      loadScript(doc, GPT_URL).addEventListener('error', () => {
        for (const type of containers) markSlot(win, type, true);
      });
      if (state.adSense) loadScript(doc, ADSENSE_URL);
    });
  });
}
