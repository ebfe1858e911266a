/// <reference types="google-publisher-tag" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { ADSENSE_URL, GPT_URL, SLOT_CLASS, emptySlotOutcome, siderailQuery, sizeMappingFor, sizesFor, slotPlans, unitPathFor, wireAds } from '../../../src/client/ads';
import { AD_SLOT_TYPES, TEST_AD_UNIT_PATH, type AdSlotType } from '../../../src/shared/ads';
import type { AppState } from '../../../src/shared/app-state';
import { closeTestWindows, testWindow } from './window';

afterEach(closeTestWindows);

const state = (overrides: Partial<AppState> = {}): AppState => ({
  hostKey: 'example',
  brandColor: '#000000',
  gaCode: null,
  menu: { categories: [], other: [] },
  adSlots: ['banner_1', 'popup', 'siderail_left'],
  adUnitPath: '/123/sub',
  testAds: false,
  adSense: false,
  basePath: '',
  dark: 'light',
  campaign: null,
  route: 'home',
  pixels: [],
  consent: { regions: ['DE'], cmpSrc: null },
  ...overrides,
});

describe('unit paths', () => {
  it('are adSenseParent/<type>, or the test unit itself under ?testDisplayAd=on', () => {
    expect(unitPathFor({ adUnitPath: '/123/sub', testAds: false }, 'banner_1')).toBe('/123/sub/banner_1');
    expect(unitPathFor({ adUnitPath: '/123/sub/', testAds: false }, 'anchor')).toBe('/123/sub/anchor');
    expect(unitPathFor({ adUnitPath: TEST_AD_UNIT_PATH, testAds: true }, 'popup')).toBe(TEST_AD_UNIT_PATH);
    expect(unitPathFor({ adUnitPath: null, testAds: false }, 'popup')).toBeNull();
  });
});

describe('sizes and size mappings', () => {
  it('break at 640x480: every size above, no 728x90 anchor below', () => {
    expect(sizeMappingFor('anchor', false)).toEqual([
      [[640, 480], [[728, 90], [320, 100], [320, 50], [300, 50]]],
      [[0, 0], [[320, 100], [320, 50], [300, 50]]],
    ]);
    expect(sizeMappingFor('banner_2', false)).toEqual([
      [[640, 480], [[336, 280], [300, 250]]],
      [[0, 0], [[336, 280], [300, 250]]],
    ]);
    expect(sizeMappingFor('siderail_right', false)[0]).toEqual([[640, 480], [[120, 600], [160, 600]]]);
  });

  it('a mobile browser never gets the 728x90 anchor, whatever its viewport', () => {
    expect(sizesFor('anchor', true)).toEqual([[320, 100], [320, 50], [300, 50]]);
    expect(sizeMappingFor('anchor', true).flatMap(([, sizes]) => sizes)).not.toContainEqual([728, 90]);
    expect(sizesFor('popup', true)).toEqual([[336, 280], [300, 250]]);
  });
});

describe('side-rail queries', () => {
  /** The width at which a query starts to match, as a browser evaluates min-width. */
  const minWidthOf = (query: string | null) => Number(/min-width: (\d+)px/.exec(query ?? '')?.[1]);

  it('match only windows wider than 1536px on / and 1236px on articles and categories', () => {
    expect(minWidthOf(siderailQuery('home'))).toBe(1537);
    expect(minWidthOf(siderailQuery('article'))).toBe(1237);
    expect(minWidthOf(siderailQuery('category'))).toBe(1237);
    for (const route of ['search', 'login', 'not-found', 'fortified-portal']) expect(siderailQuery(route)).toBeNull();
  });

  it('are the very queries styles.css uses to show rails before any script runs', () => {
    const css = readFileSync(path.resolve(__dirname, '../../../src/client/styles.css'), 'utf8');
    // The browser's own CSS object model (jsdom's) reads the stylesheet.
    const sheet = new JSDOM(`<style>${css}</style>`).window.document.styleSheets[0];
    const rules = [...(sheet?.cssRules ?? [])]
      .filter((rule): rule is CSSMediaRule => 'media' in rule && 'cssRules' in rule)
      .flatMap((media) =>
        [...media.cssRules]
          .filter((rule): rule is CSSStyleRule => 'selectorText' in rule && (rule as CSSStyleRule).style.display === 'block')
          .map((rule) => ({ query: media.media.mediaText, selectors: rule.selectorText })),
      )
      .filter((rule) => rule.selectors.includes('.siderail'));
    const routesShown = (query: string | null) => rules.filter((rule) => rule.query === query).flatMap((rule) => [...rule.selectors.matchAll(/data-route="([a-z-]+)"\] \.siderail/g)].map((m) => m[1]));
    expect(routesShown(siderailQuery('home'))).toEqual(['home']);
    expect(routesShown(siderailQuery('article')).sort()).toEqual(['article', 'category']);
    expect(rules.flatMap((rule) => [...rule.selectors.matchAll(/\.siderail\b/g)])).toHaveLength(3);
  });
});

describe('slot plans', () => {
  const all = AD_SLOT_TYPES;

  it('one slot per rendered container the app-state lists', () => {
    const plans = slotPlans({ state: state(), containers: ['banner_1', 'popup', 'siderail_left'], railsFit: true, mobile: false });
    expect(plans.map((plan) => [plan.type, plan.path, plan.elementId])).toEqual([
      ['banner_1', '/123/sub/banner_1', 'ad-banner_1'],
      ['popup', '/123/sub/popup', 'ad-popup'],
      ['siderail_left', '/123/sub/siderail_left', 'ad-siderail_left'],
    ]);
  });

  it('leaves out side rails while they do not fit, and types without a container', () => {
    const plans = slotPlans({ state: state({ adSlots: all }), containers: ['banner_1', 'siderail_left', 'siderail_right'], railsFit: false, mobile: false });
    expect(plans.map((plan) => plan.type)).toEqual(['banner_1']);
  });

  it('nothing without a unit path', () => {
    expect(slotPlans({ state: state({ adUnitPath: null }), containers: all, railsFit: true, mobile: false })).toEqual([]);
  });

  it('under ?testDisplayAd=on every slot uses the test unit', () => {
    const plans = slotPlans({ state: state({ adSlots: all, adUnitPath: TEST_AD_UNIT_PATH, testAds: true }), containers: all, railsFit: true, mobile: false });
    expect(plans).toHaveLength(7);
    expect(new Set(plans.map((plan) => plan.path))).toEqual(new Set([TEST_AD_UNIT_PATH]));
  });
});

/** A minimal stand-in for the GPT library, run when the test "loads" gpt.js. */
function installFakeGpt(window: Window) {
  const defined: string[] = [];
  const displayed: string[] = [];
  const destroyed: string[] = [];
  const configs: googletag.config.PageSettingsConfig[] = [];
  const privacy: googletag.PrivacySettingsConfig[] = [];
  let onRender: ((event: { slot: { getSlotElementId(): string }; isEmpty: boolean }) => void) | undefined;
  const slotFor = (id: string) => ({ getSlotElementId: () => id, defineSizeMapping: () => slotFor(id), addService: () => slotFor(id) });
  const gpt = {
    setConfig: (config: googletag.config.PageSettingsConfig) => void configs.push(config),
    pubads: () => ({
      addEventListener: (_type: string, listener: typeof onRender) => void (onRender = listener),
      setPrivacySettings: (settings: googletag.PrivacySettingsConfig) => void privacy.push(settings),
    }),
    enableServices: () => undefined,
    sizeMapping: () => {
      const builder = { addSize: () => builder, build: () => [] };
      return builder;
    },
    defineSlot: (_path: string, _sizes: unknown, id: string) => (defined.push(id), slotFor(id)),
    destroySlots: (slots: { getSlotElementId(): string }[]) => slots.forEach((slot) => destroyed.push(slot.getSlotElementId())),
    display: (id: string) => void displayed.push(id),
  };
  const holder = window as unknown as { googletag: { cmd: (() => void)[] } };
  Object.assign(holder.googletag, gpt);
  for (const command of holder.googletag.cmd) command();
  return { defined, displayed, destroyed, configs, privacy, render: (id: string, isEmpty: boolean) => onRender?.({ slot: slotFor(id), isEmpty }) };
}

function shellPage(types: readonly AdSlotType[]) {
  const container = (type: AdSlotType) => `<div class="wrap-${type}"><div id="ad-${type}"></div></div>`;
  return `<html><head></head><body>${types.map(container).join('')}</body></html>`;
}

const scriptsOf = (document: Document) => [...document.querySelectorAll('script')].map((script) => script.src);

/** A consent that is ready at once and that a test can grant, as a consent platform would. */
function testConsent(ready: Promise<void> = Promise.resolve()) {
  let granted = false;
  const listeners: (() => void)[] = [];
  return {
    ready,
    personalisedAds: () => granted,
    onUpdate: (listener: () => void) => void listeners.push(listener),
    grant() {
      granted = true;
      for (const listener of listeners) listener();
    },
  };
}

/** Lets the promise callbacks queued so far run (the scripts load once consent is ready). */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The libraries load after `load` and an idle moment: jsdom has no requestIdleCallback, so a
 * 1 ms timer, which fake timers (set before the window is made) run when the test says.
 */
const useFakeTimers = () => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
const loaded = (window: Window) => (window.document.readyState === 'complete' ? Promise.resolve() : new Promise((resolve) => window.addEventListener('load', resolve)));
const afterLoadAndIdle = async (window: Window) => {
  await loaded(window);
  jest.advanceTimersByTime(1);
  await settled();
};
afterEach(() => jest.useRealTimers());

describe('an empty slot', () => {
  it('collapses below the viewport, where nothing the visitor sees moves', () => {
    expect(emptySlotOutcome({ type: 'banner_2', top: 800, viewportHeight: 800 })).toBe('collapse');
    expect(emptySlotOutcome({ type: 'banner_3', top: 2400, viewportHeight: 800 })).toBe('collapse');
  });
  it('stays a quiet space in the viewport or above it, where collapsing would shift what is seen', () => {
    expect(emptySlotOutcome({ type: 'banner_1', top: 120, viewportHeight: 800 })).toBe('quiet');
    expect(emptySlotOutcome({ type: 'banner_2', top: 799, viewportHeight: 800 })).toBe('quiet');
    expect(emptySlotOutcome({ type: 'banner_2', top: -600, viewportHeight: 800 })).toBe('quiet');
  });
  it('collapses wherever it is when it is fixed (side rails, popup, anchor): nothing flows around it', () => {
    for (const type of ['siderail_left', 'siderail_right', 'popup', 'anchor'] as const) expect(emptySlotOutcome({ type, top: 100, viewportHeight: 800 })).toBe('collapse');
  });
});

describe('wireAds', () => {
  it('loads no script when the page has no slot to fill', async () => {
    const { window, document } = testWindow(shellPage([]));
    wireAds(window, state({ adSlots: [], adUnitPath: null }), testConsent());
    wireAds(window, state(), testConsent());
    await settled();
    expect(scriptsOf(document)).toEqual([]);
    expect((window as unknown as { googletag?: unknown }).googletag).toBeUndefined();
  });

  it('loads gpt.js (and AdSense when asked) after load and an idle moment, and defines the slots once GPT runs its queue', async () => {
    useFakeTimers();
    const { window, document } = testWindow(shellPage(['banner_1', 'popup', 'siderail_left']), { matching: ['(min-width: 1537px)'] });
    wireAds(window, state({ adSense: true }), testConsent());
    await settled();
    expect(scriptsOf(document)).toEqual([]);
    await afterLoadAndIdle(window);
    expect(scriptsOf(document)).toEqual([GPT_URL, ADSENSE_URL]);
    const gpt = installFakeGpt(window);
    expect(gpt.configs).toEqual([{ singleRequest: true, collapseDiv: 'DISABLED', lazyLoad: { fetchMarginPercent: 200, renderMarginPercent: 100, mobileScaling: 2 } }]);
    expect(gpt.defined).toEqual(['ad-banner_1', 'ad-popup', 'ad-siderail_left']);
    expect(gpt.displayed).toEqual(gpt.defined);
  });

  it('defines side rails when the window grows past the width and destroys them when it shrinks', () => {
    const { window, media } = testWindow(shellPage(['banner_1', 'siderail_left']), { url: 'https://sub.example.com/article-1' });
    wireAds(window, state({ route: 'article', adSlots: ['banner_1', 'siderail_left'] }), testConsent());
    const gpt = installFakeGpt(window);
    expect(gpt.defined).toEqual(['ad-banner_1']);
    media.get('(min-width: 1237px)')?.set(true);
    expect(gpt.displayed).toEqual(['ad-banner_1', 'ad-siderail_left']);
    media.get('(min-width: 1237px)')?.set(false);
    expect(gpt.destroyed).toEqual(['ad-siderail_left']);
  });

  it('shows the popup and anchor wrappers as flex only after a non-empty render', () => {
    const { window, document } = testWindow(shellPage(['banner_1', 'popup', 'anchor']));
    wireAds(window, state({ adSlots: ['banner_1', 'popup', 'anchor'] }), testConsent());
    const gpt = installFakeGpt(window);
    const wrapper = (type: AdSlotType) => (document.querySelector(`.wrap-${type}`) as HTMLElement).style.display;
    gpt.render('ad-popup', true);
    expect(wrapper('popup')).toBe('');
    gpt.render('ad-popup', false);
    gpt.render('ad-anchor', false);
    gpt.render('ad-banner_1', false);
    expect([wrapper('popup'), wrapper('anchor'), wrapper('banner_1')]).toEqual(['flex', 'flex', '']);
  });

  it('waits for consent to be ready (the consent platform first) before loading any Google script', async () => {
    useFakeTimers();
    const { window, document } = testWindow(shellPage(['banner_1']));
    let ready = () => undefined as void;
    wireAds(window, state({ adSense: true }), testConsent(new Promise<void>((resolve) => (ready = resolve))));
    await afterLoadAndIdle(window);
    expect(scriptsOf(document)).toEqual([]);
    ready();
    await settled();
    expect(scriptsOf(document)).toEqual([GPT_URL, ADSENSE_URL]);
  });

  it('a slot becomes a labelled box (filled) only once an ad renders in it; an empty render keeps a quiet space (in view here) or collapses (fixed)', () => {
    const { window, document } = testWindow(shellPage(['banner_1', 'siderail_left']), { matching: ['(min-width: 1537px)'] });
    wireAds(window, state({ adSlots: ['banner_1', 'siderail_left'] }), testConsent());
    const gpt = installFakeGpt(window);
    const classes = (type: AdSlotType) => [...(document.getElementById(`ad-${type}`) as HTMLElement).classList];
    expect([classes('banner_1'), classes('siderail_left')]).toEqual([[], []]);
    gpt.render('ad-banner_1', true);
    gpt.render('ad-siderail_left', true);
    expect([classes('banner_1'), classes('siderail_left')]).toEqual([[], [SLOT_CLASS.collapsed]]);
    gpt.render('ad-banner_1', false);
    gpt.render('ad-siderail_left', false);
    expect([classes('banner_1'), classes('siderail_left')]).toEqual([[SLOT_CLASS.filled], [SLOT_CLASS.filled]]);
    gpt.render('ad-banner_1', true);
    expect(classes('banner_1')).toEqual([]);
  });

  it('a library that does not load (blocked) leaves every slot empty, not a labelled box', async () => {
    useFakeTimers();
    const { window, document } = testWindow(shellPage(['banner_1', 'popup']));
    wireAds(window, state({ adSlots: ['banner_1', 'popup'] }), testConsent());
    await afterLoadAndIdle(window);
    document.querySelector(`script[src="${GPT_URL}"]`)?.dispatchEvent(new (window as unknown as typeof globalThis).Event('error'));
    expect(document.getElementById('ad-banner_1')?.classList.contains(SLOT_CLASS.filled)).toBe(false);
    expect(document.getElementById('ad-popup')?.classList.contains(SLOT_CLASS.collapsed)).toBe(true);
  });

  it('requests non-personalised ads (GPT and AdSense) until consent grants personalisation', async () => {
    const { window } = testWindow(shellPage(['banner_1']));
    const consent = testConsent();
    wireAds(window, state({ adSense: true }), consent);
    const adSense = (window as unknown as { adsbygoogle: { requestNonPersonalizedAds?: number } }).adsbygoogle;
    expect(adSense.requestNonPersonalizedAds).toBe(1);
    const gpt = installFakeGpt(window);
    expect(gpt.privacy).toEqual([{ nonPersonalizedAds: true }]);
    expect(gpt.displayed).toEqual(['ad-banner_1']);
    consent.grant();
    expect(gpt.privacy).toEqual([{ nonPersonalizedAds: true }, { nonPersonalizedAds: false }]);
    expect(adSense.requestNonPersonalizedAds).toBe(0);
  });
});
