/**
 * Google Consent Mode v2. Before any Google tag runs, the page's first data-layer command is
 * the consent default: ads and analytics storage denied in the site's consent regions, with
 * `wait_for_update` for the consent platform. The platform (optional, `cmpSrc`) loads before
 * any Google tag, and its `gtag('consent', 'update', …)` then takes effect; until it grants
 * ad storage, user data and personalisation, ads are requested non-personalised.
 */
import type { ConsentSettings } from '../shared/consent';
import { installGtag } from './gtag';
import { loadScript } from './schedule';

/** How long gtag waits for the platform's update before tags use the defaults. */
export const WAIT_FOR_UPDATE_MS = 500;
/** How long Google tags wait for the platform's script before loading anyway (a down CMP must not stop ads). */
export const CMP_LOAD_TIMEOUT_MS = 3000;

/** What personalised ads need granted (Consent Mode v2). */
const PERSONALISED_ADS = ['ad_storage', 'ad_user_data', 'ad_personalization'] as const;

/** The `gtag('consent', 'default', …)` parameters for the regions. Pure. */
export function consentDefaultOf(regions: readonly string[]): Record<string, unknown> {
  return {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
    region: [...regions],
    wait_for_update: WAIT_FOR_UPDATE_MS,
  };
}

/** The consent state after an update (`granted`/`denied` per type). Pure. */
export function applyConsentUpdate(state: Readonly<Record<string, string>>, update: unknown): Record<string, string> {
  const next = { ...state };
  if (typeof update !== 'object' || update === null) return next;
  for (const [type, value] of Object.entries(update)) if (value === 'granted' || value === 'denied') next[type] = value;
  return next;
}

export function allowsPersonalisedAds(state: Readonly<Record<string, string>>): boolean {
  return PERSONALISED_ADS.every((type) => state[type] === 'granted');
}

export interface Consent {
  /** Settles once Google tags may load: at once, or when the platform's script has loaded (or failed, or timed out). */
  readonly ready: Promise<void>;
  personalisedAds(): boolean;
  /** Called after each consent update. */
  onUpdate(listener: () => void): void;
}

/** Where no Google tag runs: nothing to wait for, and nothing personalised. */
const NO_TAGS: Consent = { ready: Promise.resolve(), personalisedAds: () => false, onUpdate: () => undefined };

export function wireConsent(win: Window, settings: ConsentSettings | null, cmpTimeoutMs = CMP_LOAD_TIMEOUT_MS): Consent {
  if (!settings) return NO_TAGS;
  let state: Record<string, string> = {};
  const listeners: (() => void)[] = [];
  const gtag = installGtag(win, (args) => {
    if (args[0] !== 'consent' || args[1] !== 'update') return;
    state = applyConsentUpdate(state, args[2]);
    for (const listener of listeners) listener();
  });
  gtag('consent', 'default', consentDefaultOf(settings.regions));
  return {
    ready: settings.cmpSrc ? loadConsentPlatform(win, settings.cmpSrc, cmpTimeoutMs) : Promise.resolve(),
    personalisedAds: () => allowsPersonalisedAds(state),
    onUpdate: (listener) => void listeners.push(listener),
  };
}

function loadConsentPlatform(win: Window, src: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const script = loadScript(win.document, src);
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => resolve(), { once: true });
    win.setTimeout(resolve, timeoutMs);
  });
}
