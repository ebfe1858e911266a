/** Field Core Web Vitals in a real browser: LCP, CLS, INP and TTFB go to the site's GA4 property, only where analytics runs. */
import type { Page } from 'playwright-core';
import type { FakeWindow } from './support/fakes';
import { useHarness } from './support/harness';

const harness = useHarness();

const METRICS = ['CLS', 'INP', 'LCP', 'TTFB'];

/** The data layer's commands, as arrays. */
const dataLayerOf = (page: Page) => page.evaluate(() => ((window as unknown as FakeWindow).dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)));
const vitalsEventsOf = async (page: Page) => (await dataLayerOf(page)).filter(([command, name]) => command === 'event' && METRICS.includes(String(name)));
const reported = (page: Page, names: readonly string[]) =>
  page.waitForFunction(
    (wanted) => wanted.every((name) => ((window as unknown as FakeWindow).dataLayer ?? []).some((args) => Array.from(args as ArrayLike<unknown>)[0] === 'event' && Array.from(args as ArrayLike<unknown>)[1] === name)),
    names,
  );

/**
 * What switching tabs or closing the page does for web-vitals: the document becomes hidden,
 * when CLS and INP are final. Headless Chromium never hides a page, so visibilityState is set
 * as web-vitals' own tests set it. (LCP is final on a trusted click, key or hide, so here the
 * click finalises it.)
 */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });

describe('a page view', () => {
  it('sends LCP, CLS, INP (after an interaction) and TTFB to the data layer as GA4 events, after the config', async () => {
    const visit = await harness.open();
    await visit.page.goto(harness.url('sub.example.com', '/article-1'));
    await visit.page.waitForFunction(() => (window as unknown as FakeWindow).__gtag?.loaded === true);
    await reported(visit.page, ['TTFB']);
    await visit.page.click('h1');
    await reported(visit.page, ['LCP']);
    // web-vitals takes in the click's event timing when the page is next idle: after that idle moment, hide.
    await visit.page.evaluate(
      () =>
        new Promise((resolve) =>
          new PerformanceObserver((_list, observer) => {
            observer.disconnect();
            requestIdleCallback(() => resolve(undefined));
          }).observe({ type: 'first-input', buffered: true }),
        ),
    );
    await hide(visit.page);
    await reported(visit.page, METRICS);

    const dataLayer = await dataLayerOf(visit.page);
    const config = dataLayer.findIndex(([command, id]) => command === 'config' && id === 'G-SUBA');
    const events = await vitalsEventsOf(visit.page);
    expect(events.map(([, name]) => name).sort()).toEqual(METRICS);
    for (const event of events) {
      expect(dataLayer.findIndex((args) => JSON.stringify(args) === JSON.stringify(event))).toBeGreaterThan(config);
      expect(event[2]).toEqual({
        value: expect.any(Number),
        metric_id: expect.stringMatching(/^v\d+-/),
        metric_value: expect.any(Number),
        metric_delta: expect.any(Number),
        metric_rating: expect.stringMatching(/^(good|needs-improvement|poor)$/),
        // Headless Chromium's user agent says Chrome (and Safari): not Safari, by the spec's rule; no mobile token.
        browser_family: 'other',
        device_class: 'desktop',
      });
    }
    // Each metric instance has its own id. CLS is rated good: in about one run of five headless
    // Chromium reports a shift of 0.012 on this page (seen before 2026-11-28's changes; its
    // source did not show in 16 loads with a layout-shift observer), so the value is not pinned to 0.
    expect(new Set(events.map((event) => (event[2] as { metric_id: string }).metric_id)).size).toBe(4);
    const cls = events.find(([, name]) => name === 'CLS')?.[2] as { value: number; metric_rating: string };
    expect(cls.metric_rating).toBe('good');
    expect(cls.value).toBeLessThan(0.05);
  });

  it("carries the segment of the browser's own user agent: an iPhone's Safari is safari and mobile", async () => {
    const iphoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const visit = await harness.open({ userAgent: iphoneSafari });
    await visit.page.goto(harness.url('sub.example.com', '/'));
    await reported(visit.page, ['TTFB']);
    const [ttfb] = await vitalsEventsOf(visit.page);
    expect(ttfb?.[2]).toMatchObject({ browser_family: 'safari', device_class: 'mobile' });
  });

  it('without an interaction sends no INP', async () => {
    const visit = await harness.open();
    await visit.page.goto(harness.url('sub.example.com', '/'));
    await visit.page.waitForFunction(() => (window as unknown as FakeWindow).__gtag?.loaded === true);
    await hide(visit.page);
    // CLS and INP are reported in the same visibilitychange: once CLS is there, INP would be too.
    await reported(visit.page, ['CLS', 'TTFB']);
    expect((await vitalsEventsOf(visit.page)).map(([, name]) => name)).not.toContain('INP');
  });
});

describe('/fortified-portal', () => {
  it('measures and sends nothing: no data layer, after an interaction and the page hidden', async () => {
    const visit = await harness.open();
    await visit.page.goto(harness.url('sub.example.com', '/fortified-portal'));
    // The client bundle ran here as everywhere.
    expect(await visit.page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/client-[^/]+\.js$/.test(entry.name)))).toBe(true);
    await visit.page.click('body');
    await hide(visit.page);
    await visit.page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined))));
    expect(await visit.page.evaluate(() => (window as unknown as FakeWindow).dataLayer)).toBeUndefined();
    expect(visit.thirdParty).toEqual([]);
  });
});
