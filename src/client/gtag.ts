/**
 * The page's one `gtag()` and `dataLayer`, shared by consent, analytics and a consent platform
 * (which calls `window.gtag('consent', 'update', …)`). Commands are queued in the data layer
 * as Arguments objects, which is what gtag.js reads there, not arrays.
 */
export type Gtag = (...args: unknown[]) => void;

interface GtagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

/** The window's gtag, made (with its data layer) on first use; `observe` sees every command. */
export function installGtag(win: Window, observe?: (args: readonly unknown[]) => void): Gtag {
  const gtagWindow = win as Window & GtagWindow;
  if (gtagWindow.gtag) return gtagWindow.gtag;
  const dataLayer = (gtagWindow.dataLayer ??= []);
  const gtag: Gtag = function gtag() {
    // The data layer takes the Arguments object itself, as Google's snippet pushes it: gtag.js
    // tells its commands from other data-layer entries by that type.
    dataLayer.push(arguments);
    observe?.([...arguments]);
  };
  gtagWindow.gtag = gtag;
  return gtag;
}
