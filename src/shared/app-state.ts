/** The shell state handed to the client in `<script id="app-state">` (docs/interface.md). */
import type { AdSlotType } from './ads';
import type { ConsentSettings } from './consent';
import { jsonForScript } from './json-script';

export type Theme = 'dark' | 'light';

export interface AppState {
  readonly hostKey: string;
  readonly brandColor: string;
  readonly gaCode: string | null;
  readonly menu: {
    readonly categories: readonly { readonly name: string; readonly slug: string }[];
    readonly other: readonly { readonly label: string; readonly url: string }[];
  };
  readonly adSlots: readonly AdSlotType[];
  readonly adUnitPath: string | null;
  readonly testAds: boolean;
  readonly adSense: boolean;
  readonly dark: Theme;
  readonly campaign: { readonly exists: boolean; readonly headline: string | null } | null;
  /** Which route rendered the page: the client picks the side-rail breakpoint by it. */
  readonly route: string;
  /** The global setting's image beacons, fired after load. */
  readonly pixels: readonly { readonly name: string; readonly url: string }[];
  /** The prefix the sites are served under ('' or e.g. '/answers'): links and the client use it. */
  readonly basePath: string;
  /** Consent Mode defaults and the consent platform; null where no Google tag may run. */
  readonly consent: ConsentSettings | null;
}

export const APP_STATE_ID = 'app-state';

/** The app-state as JSON that cannot break out of its script element. */
export function serializeAppState(state: AppState): string {
  return jsonForScript(state);
}

/** A page's app-state with its JSON, made together: the script holds the state the page was rendered with. */
export interface AppStateScript {
  readonly state: AppState;
  readonly json: string;
}

export function appStateScript(state: AppState): AppStateScript {
  return { state, json: serializeAppState(state) };
}
