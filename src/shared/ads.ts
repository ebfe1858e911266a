/**
 * Ad constants (docs/interface.md, Ads and campaigns) shared by the server's slot selection and the client.
 * The client bundle imports this file, so it imports nothing (no zod, no React).
 */
export const AD_SLOT_TYPES = ['anchor', 'banner_1', 'banner_2', 'banner_3', 'popup', 'siderail_left', 'siderail_right'] as const;
export type AdSlotType = (typeof AD_SLOT_TYPES)[number];

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

/** Side rails show only on windows wider than these (px), by route. */
export const SIDERAIL_MIN_WIDTH = { home: 1536, other: 1236 } as const;

/** The responsive size mapping breaks at this viewport. */
export const MOBILE_BREAKPOINT: AdSize = [640, 480];

export function isAdSlotType(value: string): value is AdSlotType {
  return (AD_SLOT_TYPES as readonly string[]).includes(value);
}

/** The id of a slot's container (AdSlot.tsx), which GPT fills. */
export function adElementId(type: AdSlotType): string {
  return `ad-${type}`;
}
