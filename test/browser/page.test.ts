/**
 * The rest of the client in a real browser: the progress bar, the theme toggle, analytics and
 * pixels, the bundle's caching, and no console error on any page.
 */
import type { Page } from 'playwright-core';
import request from 'supertest';
import type { FakeWindow } from './support/fakes';
import { PIXEL_PATH, useHarness, type Host } from './support/harness';

const harness = useHarness();

interface BarSighting {
  readonly path: string;
  /** Whether the page had finished loading: a bar on a loaded page was started by a navigation away. */
  readonly loaded: boolean;
  readonly background: string;
  readonly height: string;
  readonly zIndex: string;
  readonly position: string;
  readonly top: string;
}

/**
 * Records every progress bar the pages of this visit add, with its computed style, in
 * sessionStorage (kept across the same-origin navigation the bar announces): Playwright cannot
 * evaluate in a page whose navigation is under way.
 */
async function recordBars(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof HTMLElement) || node.id !== 'nav-progress') continue;
          const style = getComputedStyle(node);
          const seen = JSON.parse(sessionStorage.getItem('bars') ?? '[]') as unknown[];
          seen.push({ path: location.pathname, loaded: document.readyState === 'complete', background: style.backgroundColor, height: style.height, zIndex: style.zIndex, position: style.position, top: style.top });
          sessionStorage.setItem('bars', JSON.stringify(seen));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Resolves in an idle callback asked for now: after every idle callback the page asked for before. */
// Headless Chromium sometimes gives a page no idle period at all (puppeteer#10350), so the wait
// has a deadline; it is later than the client's own (3 s, src/client/schedule.ts), so a task the
// page asked for first still runs first.
const afterIdle = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 5000 })));

const barsSeen = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('bars') ?? '[]') as BarSighting[]);

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForSelector('#nav-progress', { state: 'detached' });
}

describe('navigation progress bar', () => {
  it.each([
    ['localhost', 'the default site', 'rgb(47, 171, 240)'],
    ['sub.example.com', 'another site', 'rgb(0, 0, 0)'],
  ] as const)('on %s (%s) a link click shows it in %s, 3.5px high at z-index 1600, gone once the next page has loaded', async (host, _label, colour) => {
    const { page } = await harness.open();
    await recordBars(page);
    await page.goto(harness.url(host, '/'));
    await settled(page);
    await page.locator('#home-articles a').first().click();
    await page.waitForURL((url) => url.pathname !== '/');
    await settled(page);
    expect(await barsSeen(page)).toContainEqual({ path: '/', loaded: true, background: colour, height: '3.5px', zIndex: '1600', position: 'fixed', top: '0px' });
  });

  it('does not start on a modified click or on a hash link', async () => {
    const { page } = await harness.open();
    await page.goto(harness.url('sub.example.com', '/'));
    await settled(page);
    // The page's own record that the link got a Control-click: waiting for the tab Chromium opens
    // for it timed out now and then (in 2 of 4 full runs, and in 1 of 5 runs of this file with
    // the page idle first), the tab never reported to the context.
    const clickedWithControl = page.evaluate(() => new Promise<boolean>((resolve) => document.addEventListener('click', (event) => resolve(event.ctrlKey), { once: true, capture: true })));
    await page.locator('#home-articles a').first().click({ modifiers: ['Control'] });
    expect(await clickedWithControl).toBe(true);
    await page.focus('.skip-link');
    await page.keyboard.press('Enter');
    // The fragment navigation reaches Playwright as a later frame event, not before press() returns.
    await page.waitForURL((url) => url.hash === '#main');
    expect(await page.$('#nav-progress')).toBeNull();
  });

  it('starts on back/forward to another page of the site', async () => {
    const { page } = await harness.open();
    await recordBars(page);
    await page.goto(harness.url('sub.example.com', '/'));
    await settled(page);
    await page.locator('#home-articles a').first().click();
    await page.waitForURL((url) => url.pathname !== '/');
    await settled(page);
    const articlePath = new URL(page.url()).pathname;
    expect((await barsSeen(page)).filter((bar) => bar.path === articlePath && bar.loaded)).toEqual([]);

    await page.goBack();
    await settled(page);
    expect((await barsSeen(page)).filter((bar) => bar.path === articlePath && bar.loaded)).toHaveLength(1);
  });
});

describe('theme toggle', () => {
  it('switches the class and aria-pressed; on reload the saved choice is applied to the same bytes', async () => {
    const { page } = await harness.open();
    await page.goto(harness.url('dark.test', '/'));
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    expect(await page.getAttribute('html', 'class')).toBe('dark');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    await toggle.click();
    expect(await page.getAttribute('html', 'class')).toBe('light');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');

    const reloaded = await page.reload();
    const html = (await reloaded?.text()) ?? '';
    // The server sends the site's theme to everyone; the browser applies the visitor's choice.
    expect(html).toMatch(/<html lang="en" class="dark"/);
    expect(await page.getAttribute('html', 'class')).toBe('light');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('applies the saved theme before first paint, by the head script alone (no flash of the site theme)', async () => {
    const { page, context } = await harness.open();
    await context.addCookies([{ name: 'theme', value: 'light', url: harness.url('dark.test', '/') }]);
    // Without the client bundle, only the inline head script can change the class.
    await page.route('**/assets/client-*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    // The class when the body starts: nothing of the page is painted before that.
    await page.addInitScript(() => {
      new MutationObserver((_mutations, observer) => {
        if (!document.body) return;
        sessionStorage.setItem('classAtBody', document.documentElement.className);
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const response = await page.goto(harness.url('dark.test', '/'));
    expect((await response?.text()) ?? '').toMatch(/<html lang="en" class="dark"/);
    expect(await page.evaluate(() => sessionStorage.getItem('classAtBody'))).toBe('light');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await context.clearCookies();
    await page.goto(harness.url('dark.test', '/'));
    expect(await page.evaluate(() => sessionStorage.getItem('classAtBody'))).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(background);
  });

  it('keeps the choice per site', async () => {
    const { page } = await harness.open();
    await page.goto(harness.url('sub.example.com', '/'));
    await page.getByRole('button', { name: 'Dark mode' }).click();
    expect(await page.getAttribute('html', 'class')).toBe('dark');
    await page.goto(harness.url('example.com', '/'));
    expect(await page.getAttribute('html', 'class')).toBe('light');
    await page.goto(harness.url('sub.example.com', '/article-1'));
    expect(await page.getAttribute('html', 'class')).toBe('dark');
  });
});

describe('analytics', () => {
  it('loads gtag.js after load with the site code, and fires the pixels', async () => {
    const visit = await harness.open();
    const pixel = visit.page.waitForRequest((req) => req.url().endsWith(PIXEL_PATH));
    await visit.page.goto(harness.url('sub.example.com', '/'));
    await visit.page.waitForFunction(() => (window as unknown as FakeWindow).__gtag?.loaded === true);
    await pixel;
    expect(visit.thirdParty.filter((url) => url.includes('googletagmanager'))).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-SUBA']);
    const queued = await visit.page.evaluate(() => (window as unknown as FakeWindow).__gtag?.queued);
    expect(queued).toContainEqual(['config', 'G-SUBA']);
    expect(visit.pixels).toEqual([harness.url('sub.example.com', PIXEL_PATH)]);
  });

  it('loads nothing on /fortified-portal', async () => {
    const visit = await harness.open();
    await visit.page.goto(harness.url('sub.example.com', '/fortified-portal'));
    // Analytics would run after load when idle: idle callbacks run in the order they were asked
    // for, so one of ours asked for after load runs after it.
    await afterIdle(visit.page);
    expect(visit.thirdParty).toEqual([]);
    expect(visit.pixels).toEqual([]);
    expect(await visit.page.evaluate(() => (window as unknown as FakeWindow).dataLayer)).toBeUndefined();
  });
});

describe('every page', () => {
  const pages: [Host, string][] = [
    ['localhost', '/'],
    ['localhost', '/category/alpha'],
    ['sub.example.com', '/'],
    ['sub.example.com', '/article-1'],
    ['sub.example.com', '/category/alpha'],
    ['sub.example.com', '/?s=question'],
    ['sub.example.com', '/?testDisplayAd=on'],
    ['sub.example.com', '/no-such-article'],
    ['sub.example.com', '/fortified-portal'],
    ['sub.example.com', '/login'],
    ['sub.example.com', '/dashboard'],
    ['example.com', '/article-13'],
    ['dark.test', '/'],
    ['unknown.test', '/'],
  ];

  it.each(pages)('%s%s runs the bundle and logs no console error', async (host, path) => {
    const { page } = await harness.open({ viewport: { width: 1600, height: 900 } });
    const response = await page.goto(harness.url(host, path));
    await page.waitForLoadState('load');
    await afterIdle(page);
    // The loader's element is there, and the bundle ran: it wires the toggle, and a click flips the theme.
    expect(await page.$$eval('script[type="module"][src^="/assets/client-"]', (scripts) => scripts.length)).toBe(1);
    const toggle = page.locator('#theme-toggle');
    if (await toggle.count()) {
      const before = await page.getAttribute('html', 'class');
      await toggle.click();
      expect(await page.getAttribute('html', 'class')).not.toBe(before);
    }
    // A 404 page's own status is the one console line the browser always prints for it.
    const errors = await harness.closeVisits();
    const documentStatus = `console: Failed to load resource: the server responded with a status of 404 (Not Found) (${harness.url(host, path)})`;
    expect(errors).toEqual(response?.status() === 404 ? [documentStatus] : []);
  });

  it('the CSP lets the ad and analytics scripts frame and call their hosts', async () => {
    const res = await request(harness.testApp.app).get('/').set('Host', 'sub.example.com');
    const directives = new Map(String(res.headers['content-security-policy']).split(';').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('script-src')).toContain("'strict-dynamic'");
    for (const host of ['https://*.doubleclick.net', 'https://*.googlesyndication.com']) expect(directives.get('frame-src')).toContain(host);
    for (const host of ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com', 'https://*.doubleclick.net']) {
      expect(directives.get('connect-src')).toContain(host);
    }
  });

  it('the bundle is served content-hashed and immutable for a year', async () => {
    const { page } = await harness.open();
    await page.goto(harness.url('sub.example.com', '/'));
    const src = await page.$eval('script[type="module"][src^="/assets/client-"]', (script) => script.getAttribute('src'));
    expect(src).toMatch(/^\/assets\/client-[A-Z0-9]{8}\.js$/);
    const res = await request(harness.testApp.app).get(src ?? '');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });
});
