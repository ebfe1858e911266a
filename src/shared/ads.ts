/** Ad constants of the spec (section 9) shared by the server's slot selection and the client. */
import { AD_SLOT_TYPES, type AdSlotType } from './records';

export { AD_SLOT_TYPES, type AdSlotType };

/** Google's public sample unit, used under ?testDisplayAd=on. */
export const TEST_AD_UNIT_PATH = '/6355419/Travel/Europe/France/Paris';

export type AdSize = readonly [number, number];

export const AD_SIZES: Readonly<Record<AdSlotType, readonly AdSize[]>> = {
  anchor: [[728, 90], [320, 100], [320, 50], [300, 50]],
  banner_1: [[336, 280], [300, 250]],
  banner_2: [[336, 280], [300, 250]],
  banner_3: [[336, 280], [300, 250]],
  popup: [[336, 280], [300, 250]],
  siderail_left: [[120, 600], [160, 600]],
  siderail_right: [[120, 600], [160, 600]],
};

/** The leaderboard anchor size is too wide for phones. */
export const DESKTOP_ONLY_ANCHOR_SIZE: AdSize = [728, 90];

/** The anchor slot's sizes: on a mobile device without the 728x90 leaderboard. */
export function anchorSizesFor(mobile: boolean): readonly AdSize[] {
  if (!mobile) return AD_SIZES.anchor;
  return AD_SIZES.anchor.filter(([width, height]) => width !== DESKTOP_ONLY_ANCHOR_SIZE[0] || height !== DESKTOP_ONLY_ANCHOR_SIZE[1]);
}

/** Side rails show only on windows wider than these (px), by route. */
export const SIDERAIL_MIN_WIDTH = { home: 1536, other: 1236 } as const;

/** The responsive size mapping breaks at this viewport. */
export const MOBILE_BREAKPOINT: AdSize = [640, 480];

export function isAdSlotType(value: string): value is AdSlotType {
  return (AD_SLOT_TYPES as readonly string[]).includes(value);
}
