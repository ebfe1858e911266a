/** Ads in a real browser: slots, side rails by width, reveal on render, the test unit, no ads where none belong. */
import type { Page } from 'playwright-core';
import { ADSENSE_URL, GPT_URL } from '../../src/client/ads';
import { AD_SLOT_TYPES, TEST_AD_UNIT_PATH } from '../../src/shared/ads';
import { PIXEL_GIF, type FakeGptLog, type FakeWindow } from './support/fakes';
import { PIXEL_PATH, useHarness } from './support/harness';

const harness = useHarness();

async function gptAfterLoad(page: Page): Promise<FakeGptLog> {
  await page.waitForFunction(() => (window as unknown as FakeWindow).__gpt?.servicesEnabled === true);
  return page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as FakeWindow).__gpt)) as FakeGptLog);
}

const displayOf = (page: Page, selector: string) => page.$eval(selector, (element) => getComputedStyle(element).display);

describe('side rails', () => {
  it.each([
    ['/', 1537, true],
    ['/', 1536, false],
    ['/article-1', 1237, true],
    ['/article-1', 1236, false],
  ])('%s at %ipx wide: shown and defined = %p', async (path, width, shown) => {
    const { page } = await harness.open({ viewport: { width, height: 900 } });
    await page.goto(harness.url('sub.example.com', path));
    const gpt = await gptAfterLoad(page);
    expect(await displayOf(page, '.siderail-left')).toBe(shown ? 'block' : 'none');
    expect(gpt.defined.some((slot) => slot.id === 'ad-siderail_left')).toBe(shown);
    expect(gpt.displayed.includes('ad-siderail_left')).toBe(shown);
    // The other slots do not depend on the width.
    expect(gpt.defined.map((slot) => slot.id)).toEqual(expect.arrayContaining(['ad-banner_1', 'ad-popup']));
  });
});

describe('side rails', () => {
  it('are hidden by CSS alone, before (and without) any script', async () => {
    for (const [width, display] of [[1536, 'none'], [1537, 'block']] as const) {
      const { page } = await harness.open({ viewport: { width, height: 900 }, javaScriptEnabled: false });
      await page.goto(harness.url('sub.example.com', '/'));
      expect(await displayOf(page, '.siderail-left')).toBe(display);
    }
  });

  it('are re-checked on resize: defined when the window grows past the width, destroyed when it shrinks', async () => {
    const { page } = await harness.open({ viewport: { width: 1536, height: 900 } });
    await page.goto(harness.url('sub.example.com', '/'));
    expect((await gptAfterLoad(page)).defined.map((slot) => slot.id)).not.toContain('ad-siderail_left');

    await page.setViewportSize({ width: 1537, height: 900 });
    await page.waitForFunction(() => (window as unknown as FakeWindow).__gpt?.displayed.includes('ad-siderail_left'));
    expect(await displayOf(page, '.siderail-left')).toBe('block');

    await page.setViewportSize({ width: 1400, height: 900 });
    await page.waitForFunction(() => (window as unknown as FakeWindow).__gpt?.destroyed.includes('ad-siderail_left'));
    expect(await displayOf(page, '.siderail-left')).toBe('none');
    expect((await gptAfterLoad(page)).defined.map((slot) => slot.id)).not.toContain('ad-siderail_left');
  });
});

describe('popup and anchor', () => {
  it.each([
    ['sub.example.com', 'popup', '.ad-popup-wrap'],
    ['example.com', 'anchor', '.ad-anchor-wrap'],
  ] as const)('on %s the %s stays hidden until its slot renders non-empty, then is flex', async (host, type, wrapper) => {
    const { page } = await harness.open();
    await page.goto(harness.url(host, '/'));
    const gpt = await gptAfterLoad(page);
    expect(gpt.displayed).toContain(`ad-${type}`);
    expect(await displayOf(page, wrapper)).toBe('none');

    await page.evaluate((id) => (window as unknown as FakeWindow).__gpt?.render(id, true), `ad-${type}`);
    expect(await displayOf(page, wrapper)).toBe('none');

    await page.evaluate((id) => (window as unknown as FakeWindow).__gpt?.render(id, false), `ad-${type}`);
    expect(await displayOf(page, wrapper)).toBe('flex');
  });
});

describe('slots', () => {
  it('configures GPT through setConfig and defines each slot with its path, sizes and 640x480 mapping', async () => {
    const { page } = await harness.open({ viewport: { width: 1280, height: 800 } });
    await page.goto(harness.url('example.com', '/'));
    const gpt = await gptAfterLoad(page);
    expect(gpt.config).toEqual({ singleRequest: true, collapseDiv: 'DISABLED', lazyLoad: expect.objectContaining({ fetchMarginPercent: expect.any(Number) }) });
    const anchor = gpt.defined.find((slot) => slot.id === 'ad-anchor');
    expect(anchor).toEqual({
      path: '/123/example/anchor',
      id: 'ad-anchor',
      sizes: [[728, 90], [320, 100], [320, 50], [300, 50]],
      mapping: [
        [[640, 480], [[728, 90], [320, 100], [320, 50], [300, 50]]],
        [[0, 0], [[320, 100], [320, 50], [300, 50]]],
      ],
    });
    expect(gpt.defined.find((slot) => slot.id === 'ad-banner_1')?.sizes).toEqual([[336, 280], [300, 250]]);
    expect(gpt.displayed.sort()).toEqual(['ad-anchor', 'ad-banner_1']);
  });

  it('a mobile browser never asks for the 728x90 anchor', async () => {
    const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const { page } = await harness.open({ userAgent, viewport: { width: 1024, height: 768 } });
    await page.goto(harness.url('example.com', '/'));
    const anchor = (await gptAfterLoad(page)).defined.find((slot) => slot.id === 'ad-anchor');
    expect(anchor?.sizes).toEqual([[320, 100], [320, 50], [300, 50]]);
    expect(anchor?.mapping?.flatMap(([, sizes]) => sizes)).not.toContainEqual([728, 90]);
  });

  it('banner containers keep their height before any ad arrives', async () => {
    const { page } = await harness.open();
    await page.goto(harness.url('sub.example.com', '/'));
    await gptAfterLoad(page);
    const box = await page.locator('#ad-banner_1').boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(280);
  });

  it('?testDisplayAd=on fills every slot with Google test unit, even on a site with ads disabled', async () => {
    const visit = await harness.open({ viewport: { width: 1600, height: 900 } });
    await visit.page.goto(harness.url('dark.test', '/?testDisplayAd=on'));
    const gpt = await gptAfterLoad(visit.page);
    expect(gpt.defined.map((slot) => slot.id).sort()).toEqual(AD_SLOT_TYPES.map((type) => `ad-${type}`).sort());
    expect(new Set(gpt.defined.map((slot) => slot.path))).toEqual(new Set([TEST_AD_UNIT_PATH]));
    expect(visit.thirdParty.filter((url) => url.includes('adsbygoogle'))).toEqual([]);
  });
});

describe('ad scripts', () => {
  it.each([
    ['noads.example.com', '/', 'a site whose parent disables ads'],
    ['dark.test', '/', 'a site with ads disabled'],
    ['sub.example.com', '/login', 'a route without ads'],
    ['sub.example.com', '/?s=question', 'the search view'],
  ] as const)('%s%s (%s) requests no ad script at all', async (host, path, _why) => {
    const visit = await harness.open();
    // The pixel beacon is the bundle's last act (after load, when idle): by then ads were wired.
    const pixel = visit.page.waitForRequest((request) => request.url().endsWith(PIXEL_PATH));
    await visit.page.goto(harness.url(host, path));
    await pixel;
    expect(visit.thirdParty.filter((url) => /doubleclick|googlesyndication/.test(url))).toEqual([]);
    expect(await visit.page.evaluate(() => (window as unknown as FakeWindow).googletag)).toBeUndefined();
  });

  it('loads AdSense only where the site asks for it', async () => {
    const withAdSense = await harness.open();
    await withAdSense.page.goto(harness.url('sub.example.com', '/'));
    await withAdSense.page.waitForFunction(() => (window as unknown as FakeWindow).__adsense === true);
    const without = await harness.open();
    await without.page.goto(harness.url('example.com', '/'));
    await gptAfterLoad(without.page);
    expect(without.thirdParty.filter((url) => url.includes('adsbygoogle'))).toEqual([]);
  });
});

/** The three ad routes, on a site with banner, popup and side-rail slots. */
const AD_ROUTES = ['/', '/article-1', '/category/alpha'] as const;

describe('ads after the article', () => {
  it.each(AD_ROUTES)('%s: gpt.js and AdSense are requested only after load', async (path) => {
    const visit = await harness.open();
    await visit.page.goto(harness.url('sub.example.com', path));
    await visit.page.waitForFunction(() => (window as unknown as FakeWindow).__adsense === true);
    await gptAfterLoad(visit.page);
    const adScripts = [...visit.readyStateAt].filter(([url]) => /doubleclick|googlesyndication/.test(url));
    expect(adScripts.map(([url]) => url).sort()).toEqual([ADSENSE_URL, GPT_URL]);
    expect(adScripts.map(([, readyState]) => readyState)).toEqual(['complete', 'complete']);
  });

  /**
   * An article with every slot, in a short window, whose lead image does not arrive until the
   * test says: `load` waits for it. Returns once the bundle has run (it queues GPT's commands at once).
   */
  async function openWithLoadHeld() {
    const visit = await harness.open({ viewport: { width: 1280, height: 400 } });
    let releaseLoad = () => undefined as void;
    const imageHeld = new Promise<void>((resolve) => (releaseLoad = resolve));
    await visit.context.route('https://cdn.example.com/**', async (route) => {
      await imageHeld;
      await route.fulfill({ status: 200, contentType: 'image/gif', body: PIXEL_GIF });
    });
    await visit.page.goto(harness.url('rich.test', '/lead-image-answer?testDisplayAd=on'), { waitUntil: 'domcontentloaded' });
    await visit.page.waitForFunction(() => Array.isArray((window as unknown as { googletag?: { cmd?: unknown } }).googletag?.cmd));
    expect(await visit.page.evaluate(() => document.readyState)).not.toBe('complete');
    return { visit, releaseLoad };
  }

  it('before load, a slot the visitor scrolls towards loads them at once', async () => {
    const { visit, releaseLoad } = await openWithLoadHeld();
    const gptRequested = visit.page.waitForRequest((request) => request.url() === GPT_URL);
    await visit.page.locator('#ad-banner_3').scrollIntoViewIfNeeded();
    await gptRequested;
    expect(visit.readyStateAt.get(GPT_URL)).not.toBe('complete');
    releaseLoad();
  });

  it('a slot already in view when the page opens does not load them before load', async () => {
    const { visit, releaseLoad } = await openWithLoadHeld();
    // Two frames: any intersection report of the first layout has been delivered by then.
    await visit.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(visit.thirdParty.filter((url) => url === GPT_URL)).toEqual([]);
    releaseLoad();
    await gptAfterLoad(visit.page);
    expect(visit.readyStateAt.get(GPT_URL)).toBe('complete');
  });
});

/** Sums the page's layout shifts (what CLS adds up), from the first paint on. */
const observeLayoutShifts = () => {
  const page = window as unknown as { __shifts: number };
  page.__shifts = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) page.__shifts += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};
/** The shifts so far, once the frames that could report one have been drawn. */
const layoutShifts = (page: Page) =>
  page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve((window as unknown as { __shifts: number }).__shifts))))));

/** What a visitor sees of a slot: its height, and whether it is still a labelled box. */
const slotLook = (page: Page, id: string) =>
  page.$eval(`#${id}`, (element) => {
    const style = getComputedStyle(element);
    return { display: style.display, height: element.getBoundingClientRect().height, label: getComputedStyle(element, '::before').content, background: style.backgroundColor };
  });

describe('a slot with no unit path', () => {
  it('is not in the page, and no ad script loads', async () => {
    const visit = await harness.open();
    const pixel = visit.page.waitForRequest((request) => request.url().endsWith(PIXEL_PATH));
    await visit.page.goto(harness.url('nounit.test', '/'));
    await pixel;
    expect(await visit.page.$$('[data-ad-slot]')).toEqual([]);
    expect(visit.thirdParty.filter((url) => /doubleclick|googlesyndication/.test(url))).toEqual([]);
  });
});

describe('a slot left empty', () => {
  it.each(AD_ROUTES)('%s, no fill: no labelled box; in view a quiet space of the same height, below the viewport collapsed; CLS stays 0', async (path) => {
    const visit = await harness.open({ viewport: { width: 1600, height: 700 } });
    await visit.page.addInitScript(observeLayoutShifts);
    await visit.page.goto(harness.url('sub.example.com', `${path}?testDisplayAd=on`));
    await gptAfterLoad(visit.page);
    const before = await slotLook(visit.page, 'ad-banner_1');
    expect(before).toEqual({ display: 'flex', height: expect.any(Number), label: 'none', background: 'rgba(0, 0, 0, 0)' });
    for (const type of AD_SLOT_TYPES) await visit.page.evaluate((id) => (window as unknown as FakeWindow).__gpt?.render(id, true), `ad-${type}`);

    const banner = await slotLook(visit.page, 'ad-banner_1');
    expect(banner).toEqual({ display: 'flex', height: before.height, label: 'none', background: 'rgba(0, 0, 0, 0)' });
    expect((await slotLook(visit.page, 'ad-banner_3')).display).toBe('none');
    expect((await slotLook(visit.page, 'ad-siderail_left')).display).toBe('none');
    expect(await displayOf(visit.page, '.ad-popup-wrap')).toBe('none');
    expect(await layoutShifts(visit.page)).toBe(0);
  });

  it('blocked (the library never loads): no labelled box, and CLS stays 0', async () => {
    const visit = await harness.open({ viewport: { width: 1600, height: 700 } });
    await visit.page.addInitScript(observeLayoutShifts);
    await visit.context.route(GPT_URL, (route) => route.abort('blockedbyclient'));
    const blocked = visit.page.waitForEvent('requestfailed', (request) => request.url() === GPT_URL);
    await visit.page.goto(harness.url('sub.example.com', '/article-1?testDisplayAd=on'));
    await blocked;
    await visit.page.waitForFunction(() => document.getElementById('ad-banner_3')?.classList.contains('ad-collapsed'));
    expect((await slotLook(visit.page, 'ad-banner_1')).label).toBe('none');
    expect((await slotLook(visit.page, 'ad-banner_3')).display).toBe('none');
    expect(await layoutShifts(visit.page)).toBe(0);
    // The one console line is the browser's own, about the blocked request.
    expect(await harness.closeVisits()).toEqual([expect.stringContaining(`ERR_BLOCKED_BY_CLIENT.Inspector (${GPT_URL})`)]);
  });

  it.each(AD_ROUTES)('%s with JavaScript off: every slot a quiet space (no label, no box), the banners keeping their height', async (path) => {
    const { page } = await harness.open({ viewport: { width: 1600, height: 700 }, javaScriptEnabled: false });
    await page.goto(harness.url('sub.example.com', `${path}?testDisplayAd=on`));
    for (const type of ['banner_1', 'banner_3', 'siderail_left'] as const) {
      const look = await slotLook(page, `ad-${type}`);
      expect({ type, label: look.label, background: look.background }).toEqual({ type, label: 'none', background: 'rgba(0, 0, 0, 0)' });
    }
    expect((await slotLook(page, 'ad-banner_1')).height).toBeGreaterThanOrEqual(280);
  });

  it('gpt.js never answers: no labelled box once the page has done all it does, and CLS stays 0', async () => {
    const visit = await harness.open({ viewport: { width: 1600, height: 700 } });
    await visit.page.addInitScript(observeLayoutShifts);
    const gptAsked = new Promise<void>((resolve) => void visit.context.route(GPT_URL, () => resolve()));
    const pixel = visit.page.waitForRequest((request) => request.url().endsWith(PIXEL_PATH));
    await visit.page.goto(harness.url('sub.example.com', '/article-1?testDisplayAd=on'));
    await Promise.all([gptAsked, pixel]);
    for (const type of ['banner_1', 'banner_3', 'siderail_left'] as const) expect((await slotLook(visit.page, `ad-${type}`)).label).toBe('none');
    expect((await slotLook(visit.page, 'ad-banner_1')).background).toBe('rgba(0, 0, 0, 0)');
    expect(await layoutShifts(visit.page)).toBe(0);
  });

  it('filled: the box stays where it was (nothing moves)', async () => {
    const visit = await harness.open({ viewport: { width: 1600, height: 700 } });
    await visit.page.addInitScript(observeLayoutShifts);
    await visit.page.goto(harness.url('sub.example.com', '/?testDisplayAd=on'));
    await gptAfterLoad(visit.page);
    for (const type of AD_SLOT_TYPES) await visit.page.evaluate((id) => (window as unknown as FakeWindow).__gpt?.render(id, false), `ad-${type}`);
    expect((await slotLook(visit.page, 'ad-banner_1')).label).not.toBe('none');
    expect(await layoutShifts(visit.page)).toBe(0);
  });
});
