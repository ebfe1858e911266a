/**
 * Analytics (docs/architecture.md, The client): gtag.js with the site's code and the global setting's
 * pixels, both after the page has loaded, when the main thread is idle (gtag.js also after the
 * consent platform, consent.ts). The server sends no
 * code and no pixels where analytics is off (/fortified-portal), so nothing loads there.
 */
import type { AppState } from '../shared/app-state';
import { installGtag, type Gtag } from './gtag';
import { loadScript, whenLoadedAndIdle } from './schedule';

export function gtagUrl(gaCode: string): string {
  return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaCode)}`;
}

/** Pixel URLs resolved against the page; anything but http(s) is dropped. */
export function pixelUrls(pixels: AppState['pixels'], base: string): string[] {
  const urls: string[] = [];
  for (const pixel of pixels) {
    try {
      const url = new URL(pixel.url, base);
      if (url.protocol === 'https:' || url.protocol === 'http:') urls.push(url.href);
    } catch {
      // A malformed pixel URL is skipped; the others still fire.
    }
  }
  return urls;
}

/**
 * gtag.js loads only once consent allows Google tags (`consentReady`: at once, or after the
 * consent platform's script); the consent default is already the data layer's first command.
 * Returns, where the site has an analytics property, the page's gtag once `config` is queued
 * (what vitals.ts sends its events with); null where there is none.
 */
export function wireAnalytics(win: Window, state: Pick<AppState, 'gaCode' | 'pixels'>, consentReady: Promise<void> = Promise.resolve()): Promise<Gtag> | null {
  const { gaCode } = state;
  const pixels = pixelUrls(state.pixels, win.location.href);
  if (!gaCode && pixels.length === 0) return null;
  // Not Promise.withResolvers: the bundle targets Safari 15.
  let configured: (gtag: Gtag) => void = () => undefined;
  const analytics = new Promise<Gtag>((resolve) => (configured = resolve));
  whenLoadedAndIdle(win, () => {
    if (gaCode) {
      void consentReady.then(() => {
        const gtag = installGtag(win);
        gtag('js', new Date());
        gtag('config', gaCode);
        configured(gtag);
        loadScript(win.document, gtagUrl(gaCode));
      });
    }
    // An image request is the beacon; the element never joins the page.
    for (const url of pixels) win.document.createElement('img').src = url;
  });
  return gaCode ? analytics : null;
}
