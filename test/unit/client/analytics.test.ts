import { gtagUrl, pixelUrls, wireAnalytics } from '../../../src/client/analytics';
import { closeTestWindows, testWindow } from './window';

afterEach(() => {
  closeTestWindows();
  jest.useRealTimers();
});

describe('gtagUrl', () => {
  it('asks for the site code, encoded', () => {
    expect(gtagUrl('G-SUBA')).toBe('https://www.googletagmanager.com/gtag/js?id=G-SUBA');
    expect(gtagUrl('G-1&x=<y>')).toBe('https://www.googletagmanager.com/gtag/js?id=G-1%26x%3D%3Cy%3E');
  });
});

describe('pixelUrls', () => {
  it('resolves pixels against the page and keeps only http(s) ones', () => {
    const pixels = [
      { name: 'relative', url: '/p.gif' },
      { name: 'absolute', url: 'https://pixel.example.net/t?id=1' },
      { name: 'script', url: 'javascript:alert(1)' },
      { name: 'data', url: 'data:image/gif;base64,R0lGOD' },
      { name: 'broken', url: 'http://[oops' },
    ];
    expect(pixelUrls(pixels, 'https://sub.example.com/article-1')).toEqual(['https://sub.example.com/p.gif', 'https://pixel.example.net/t?id=1']);
  });
});

describe('wireAnalytics', () => {
  /**
   * jsdom has no requestIdleCallback, so the module falls back to a 1 ms timer after load:
   * with fake timers (set before the window is made) that timer runs when the test says.
   */
  const loaded = (window: Window) => new Promise((resolve) => window.addEventListener('load', resolve));
  const afterLoadAndIdle = async (window: Window) => {
    await loaded(window);
    jest.advanceTimersByTime(1);
  };
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  const gtagScripts = (document: Document) => [...document.querySelectorAll('script')].map((script) => script.src);

  it('queues js and config for the site code and loads gtag.js once the page has loaded', async () => {
    const { window, document } = testWindow('<html><head></head><body></body></html>');
    const configured = wireAnalytics(window, { gaCode: 'G-SUBA', pixels: [] });
    expect(gtagScripts(document)).toEqual([]);
    await loaded(window);
    expect(gtagScripts(document)).toEqual([]); // loaded, but the idle callback has not run yet
    jest.advanceTimersByTime(1);
    await Promise.resolve(); // gtag.js waits for consent to be ready (at once here: no consent platform)
    expect(gtagScripts(document)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-SUBA']);
    const dataLayer = (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((args) => [...args]);
    expect(dataLayer[0]?.[0]).toBe('js');
    expect(dataLayer[1]).toEqual(['config', 'G-SUBA']);
    // What vitals.ts sends with: the page's gtag, once config is queued.
    await expect(configured).resolves.toBe((window as unknown as { gtag: unknown }).gtag);
  });

  it('loads nothing when the code is null and there are no pixels (as on /fortified-portal)', async () => {
    const { window, document } = testWindow('<html><head></head><body></body></html>');
    // No property: nothing for field vitals to be sent to either.
    expect(wireAnalytics(window, { gaCode: null, pixels: [] })).toBeNull();
    expect(wireAnalytics(window, { gaCode: null, pixels: [{ name: 'p', url: '/p.gif' }] })).toBeNull();
    await afterLoadAndIdle(window);
    expect(gtagScripts(document)).toEqual([]);
    expect((window as unknown as { dataLayer?: unknown }).dataLayer).toBeUndefined();
  });
});
