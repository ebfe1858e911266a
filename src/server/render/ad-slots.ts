/** Which ad slots render on a page (docs/interface.md, Ads and campaigns). Pure. */
import { AD_SLOT_TYPES, TEST_AD_UNIT_PATH, isAdSlotType, type AdSlotType } from '../../shared/ads';

export interface AdSlotInput {
  readonly routeAllowsAds: boolean;
  readonly configuredSlots: readonly string[];
  readonly adsDisabled: boolean;
  /** `?testDisplayAd=on`, exactly. */
  readonly testDisplayAd: boolean;
  readonly adSenseParent: string | null | undefined;
  readonly adSenseScript: boolean;
}

export interface AdSlotSelection {
  readonly slots: readonly AdSlotType[];
  readonly unitPath: string | null;
  readonly testAds: boolean;
  readonly adSense: boolean;
  /** Configured strings that are not slot types (logged once per site and slot). */
  readonly unknown: readonly string[];
}

const NO_ADS: AdSlotSelection = { slots: [], unitPath: null, testAds: false, adSense: false, unknown: [] };

export function selectAdSlots(input: AdSlotInput): AdSlotSelection {
  if (!input.routeAllowsAds) return NO_ADS;
  const unknown = input.configuredSlots.filter((slot) => !isAdSlotType(slot));
  // The QA preview shows every slot with Google's test unit, even where ads are disabled.
  if (input.testDisplayAd) return { slots: AD_SLOT_TYPES, unitPath: TEST_AD_UNIT_PATH, testAds: true, adSense: false, unknown };
  if (input.adsDisabled) return { ...NO_ADS, unknown };
  const slots = AD_SLOT_TYPES.filter((type) => input.configuredSlots.includes(type));
  // Without an ad unit path no slot can ever fill: a box that cannot fill is not rendered.
  if (slots.length === 0 || !input.adSenseParent) return { ...NO_ADS, unknown };
  return { slots, unitPath: input.adSenseParent, testAds: false, adSense: input.adSenseScript, unknown };
}
