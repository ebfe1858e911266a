import { allowsPersonalisedAds, applyConsentUpdate, consentDefaultOf, wireConsent, WAIT_FOR_UPDATE_MS } from '../../../src/client/consent';
import { wireAnalytics } from '../../../src/client/analytics';
import { DEFAULT_CONSENT_REGIONS } from '../../../src/shared/consent';
import { closeTestWindows, testWindow } from './window';

afterEach(() => {
  closeTestWindows();
  jest.useRealTimers();
});

const PAGE = '<html><head></head><body></body></html>';
const dataLayerOf = (window: Window) => ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((args) => [...args]);
const gtagOf = (window: Window) => (window as unknown as { gtag: (...args: unknown[]) => void }).gtag;
/** The window's own Event class (jsdom dispatches only its own events). */
const eventOf = (window: Window, type: string) => new (window as unknown as { Event: typeof Event }).Event(type);
const scriptsOf = (document: Document) => [...document.querySelectorAll('script')].map((script) => script.src);

describe('the consent rules', () => {
  it('the default denies ads and analytics storage in the regions and waits for the platform', () => {
    expect(consentDefaultOf(['DE', 'US-CA'])).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      region: ['DE', 'US-CA'],
      wait_for_update: WAIT_FOR_UPDATE_MS,
    });
  });

  it('personalised ads need ad storage, user data and personalisation granted', () => {
    const some = applyConsentUpdate({}, { ad_storage: 'granted', ad_user_data: 'granted', bogus: 1 });
    expect(some).toEqual({ ad_storage: 'granted', ad_user_data: 'granted' });
    expect(allowsPersonalisedAds(some)).toBe(false);
    expect(allowsPersonalisedAds(applyConsentUpdate(some, { ad_personalization: 'granted' }))).toBe(true);
    expect(allowsPersonalisedAds(applyConsentUpdate(some, 'nonsense'))).toBe(false);
  });
});

describe('wireConsent', () => {
  it("makes the consent default the data layer's first command, before analytics adds its own", async () => {
    // Fake timers (set before the window is made) run analytics' after-load idle timer when told.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { window } = testWindow(PAGE);
    const consent = wireConsent(window, { regions: DEFAULT_CONSENT_REGIONS, cmpSrc: null });
    void wireAnalytics(window, { gaCode: 'G-SUBA', pixels: [] }, consent.ready);
    await new Promise((resolve) => window.addEventListener('load', resolve));
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    const commands = dataLayerOf(window);
    expect(commands[0]).toEqual(['consent', 'default', consentDefaultOf(DEFAULT_CONSENT_REGIONS)]);
    expect(commands.slice(1).map((args) => args[0])).toEqual(['js', 'config']);
  });

  it("follows the platform's gtag('consent', 'update', …) and tells its listeners", () => {
    const { window } = testWindow(PAGE);
    const consent = wireConsent(window, { regions: ['DE'], cmpSrc: null });
    let updates = 0;
    consent.onUpdate(() => (updates += 1));
    expect(consent.personalisedAds()).toBe(false);
    gtagOf(window)('consent', 'update', { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' });
    expect(consent.personalisedAds()).toBe(true);
    gtagOf(window)('event', 'page_view');
    gtagOf(window)('consent', 'update', { ad_personalization: 'denied' });
    expect(consent.personalisedAds()).toBe(false);
    expect(updates).toBe(2);
    expect(dataLayerOf(window).map((args) => args.slice(0, 2))).toEqual([['consent', 'default'], ['consent', 'update'], ['event', 'page_view'], ['consent', 'update']]);
  });

  it('loads the consent platform first; Google tags wait until its script has loaded', async () => {
    const { window, document } = testWindow(PAGE);
    const consent = wireConsent(window, { regions: ['DE'], cmpSrc: 'https://cmp.example/cmp.js' });
    expect(scriptsOf(document)).toEqual(['https://cmp.example/cmp.js']);
    let ready = false;
    void consent.ready.then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    document.querySelector('script')?.dispatchEvent(eventOf(window, 'load'));
    await consent.ready;
    expect(ready).toBe(true);
  });

  it('a consent platform that fails to load, or never answers, holds the tags back only until its error or the bound', async () => {
    const failing = testWindow(PAGE);
    const failed = wireConsent(failing.window, { regions: ['DE'], cmpSrc: 'https://cmp.example/cmp.js' });
    failing.document.querySelector('script')?.dispatchEvent(eventOf(failing.window, 'error'));
    await expect(failed.ready).resolves.toBeUndefined();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const hanging = testWindow(PAGE);
    let settled = false;
    void wireConsent(hanging.window, { regions: ['DE'], cmpSrc: 'https://cmp.example/cmp.js' }, 3000).ready.then(() => (settled = true));
    jest.advanceTimersByTime(2999);
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    expect(settled).toBe(true);
  });

  it('does nothing where no Google tag may run (/fortified-portal: consent null)', async () => {
    const { window, document } = testWindow(PAGE);
    const consent = wireConsent(window, null);
    await consent.ready;
    expect(consent.personalisedAds()).toBe(false);
    expect(dataLayerOf(window)).toEqual([]);
    expect((window as unknown as { gtag?: unknown }).gtag).toBeUndefined();
    expect(scriptsOf(document)).toEqual([]);
  });
});
