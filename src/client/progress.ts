/**
 * Navigation progress bar (docs/architecture.md, The client): a pure state machine and pure navigation
 * rules, then a thin DOM wiring. The pages are server-rendered, so a navigation leaves the
 * document: the bar runs on the page being left until the browser swaps pages, and on the new
 * page until its `load` when the visitor arrived by an in-site link or back/forward.
 */

import { targetInsideBasePath } from '../shared/base-path';

/** The spec's page-top defaults. Height (3.5 px) and z-index (1600) live in styles.css. */
export const PROGRESS_MINIMUM = 0.08;
export const TRICKLE_MS = 200;
/** The trickle never reaches the end by itself. */
const TRICKLE_CEILING = 0.994;

export type ProgressState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'running'; readonly value: number }
  | { readonly phase: 'finishing' };

export type ProgressEvent = 'start' | 'tick' | 'done' | 'hidden';

export const IDLE: ProgressState = { phase: 'idle' };

/** Bigger steps early, smaller ones near the end (the usual page-top trickle). */
export function trickled(value: number): number {
  const step = value < 0.2 ? 0.1 : value < 0.5 ? 0.04 : value < 0.8 ? 0.02 : value < 0.99 ? 0.005 : 0;
  return Math.min(Math.max(value + step, PROGRESS_MINIMUM), TRICKLE_CEILING);
}

export function progressStep(state: ProgressState, event: ProgressEvent): ProgressState {
  switch (event) {
    case 'start':
      return state.phase === 'running' ? state : { phase: 'running', value: PROGRESS_MINIMUM };
    case 'tick':
      return state.phase === 'running' ? { phase: 'running', value: trickled(state.value) } : state;
    case 'done':
      return state.phase === 'running' ? { phase: 'finishing' } : state;
    case 'hidden':
      return state.phase === 'finishing' ? IDLE : state;
  }
}

/** The bar's fill (0..1), or null when no bar is shown. */
export function progressValue(state: ProgressState): number | null {
  return state.phase === 'running' ? state.value : state.phase === 'finishing' ? 1 : null;
}

export interface ClickFacts {
  readonly button: number;
  readonly metaKey: boolean;
  readonly ctrlKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly defaultPrevented: boolean;
}

export interface LinkFacts {
  /** The resolved URL (`a.href`). */
  readonly href: string;
  readonly target: string;
  readonly download: boolean;
}

/**
 * Whether a URL is a page of this site: the same origin, and under the base path the sites are
 * served under (another app may share the origin outside it).
 */
export function isSitePage(url: URL, origin: string, basePath: string): boolean {
  return url.origin === origin && (url.pathname === basePath || targetInsideBasePath(basePath, url.pathname) !== null);
}

/**
 * Whether a click on a link navigates this window to another page of the same site: not a
 * new-tab or modified click, not a download, not a hash link to the current page.
 */
export function clickStartsNavigation(click: ClickFacts, link: LinkFacts, current: string, basePath: string): boolean {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if ((link.target && link.target !== '_self') || link.download) return false;
  let to: URL;
  let from: URL;
  try {
    to = new URL(link.href);
    from = new URL(current);
  } catch {
    return false;
  }
  if ((to.protocol !== 'http:' && to.protocol !== 'https:') || !isSitePage(to, from.origin, basePath)) return false;
  const samePage = to.pathname === from.pathname && to.search === from.search;
  return !(samePage && to.hash !== '');
}

export interface ArrivalFacts {
  /** PerformanceNavigationTiming.type: 'navigate', 'reload', 'back_forward' or 'prerender'. */
  readonly navigationType: string;
  readonly referrer: string;
  readonly origin: string;
  readonly basePath: string;
}

/** The bar keeps running on the new page when the visitor came by an in-site link or back/forward. */
export function continuesOnArrival({ navigationType, referrer, origin, basePath }: ArrivalFacts): boolean {
  if (navigationType === 'back_forward') return true;
  if (navigationType !== 'navigate' || !referrer) return false;
  try {
    return isSitePage(new URL(referrer), origin, basePath);
  } catch {
    return false;
  }
}

/** The HTML link a click landed in, if any (SVG links have no string href and are left alone). */
function htmlLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  const link = (target as Partial<Element> | null)?.closest?.('a[href]') as HTMLAnchorElement | null | undefined;
  return link && typeof link.href === 'string' ? link : null;
}

/** DOM wiring: one bar element, created on first use, coloured with the site's brand colour. */
export function wireProgressBar(win: Window, color: string, basePath: string): void {
  const doc = win.document;
  const reducedMotion = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let state = IDLE;
  let bar: HTMLElement | null = null;
  let ticker: number | undefined;

  const render = () => {
    const value = progressValue(state);
    if (value === null) {
      bar?.remove();
      bar = null;
      return;
    }
    if (!bar) {
      bar = doc.createElement('div');
      bar.id = 'nav-progress';
      bar.setAttribute('aria-hidden', 'true');
      bar.style.backgroundColor = color;
      doc.body.appendChild(bar);
    }
    bar.style.transform = `translateX(${(value - 1) * 100}%)`;
    bar.classList.toggle('done', state.phase === 'finishing');
  };

  const send = (event: ProgressEvent) => {
    const before = state.phase;
    state = progressStep(state, event);
    render();
    if (state.phase === before) return;
    win.clearInterval(ticker);
    // Reduced motion: the bar is shown still, without trickling or sliding (see styles.css).
    if (state.phase === 'running' && !reducedMotion) ticker = win.setInterval(() => send('tick'), TRICKLE_MS);
    // Fill to the end, then fade out (2 x TRICKLE_MS in CSS), then remove.
    if (state.phase === 'finishing') win.setTimeout(() => send('hidden'), TRICKLE_MS * 2);
  };

  doc.addEventListener('click', (event) => {
    const link = htmlLinkOf(event.target);
    if (link && clickStartsNavigation(event, { href: link.href, target: link.target, download: link.hasAttribute('download') }, doc.location.href, basePath)) send('start');
  });
  // Back/forward to another page of the site (Navigation API; other browsers skip this part).
  win.navigation?.addEventListener('navigate', (event) => {
    if (event.navigationType === 'traverse' && !event.destination.sameDocument && isSitePage(new URL(event.destination.url), doc.location.origin, basePath)) send('start');
  });
  // A page restored from the back/forward cache must not keep the bar of the click that left it.
  win.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    send('done');
    send('hidden');
  });

  const [entry] = (win.performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  const arrival = { navigationType: entry?.type ?? 'navigate', referrer: doc.referrer, origin: doc.location.origin, basePath };
  if (doc.readyState !== 'complete' && continuesOnArrival(arrival)) {
    send('start');
    win.addEventListener('load', () => send('done'), { once: true });
  }
}
