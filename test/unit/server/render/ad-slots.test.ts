import { TEST_AD_UNIT_PATH } from '../../../../src/shared/ads';
import { selectAdSlots, type AdSlotInput } from '../../../../src/server/render/ad-slots';

const base: AdSlotInput = {
  routeAllowsAds: true,
  configuredSlots: ['popup', 'banner_1', 'nonsense', 'banner_1'],
  adsDisabled: false,
  testDisplayAd: false,
  adSenseParent: '/1/site',
  adSenseScript: true,
};

describe('selectAdSlots', () => {
  it('renders the configured known slots, once each, with the parent unit path', () => {
    expect(selectAdSlots(base)).toEqual({ slots: ['banner_1', 'popup'], unitPath: '/1/site', testAds: false, adSense: true, unknown: ['nonsense'] });
  });
  it('renders nothing on routes without ads, even under testDisplayAd', () => {
    expect(selectAdSlots({ ...base, routeAllowsAds: false, testDisplayAd: true }).slots).toEqual([]);
  });
  it('renders nothing when ads are disabled', () => {
    expect(selectAdSlots({ ...base, adsDisabled: true })).toMatchObject({ slots: [], unitPath: null, adSense: false });
  });
  it('testDisplayAd shows all seven slots with the test unit, disabled ads included', () => {
    const selection = selectAdSlots({ ...base, adsDisabled: true, configuredSlots: [], testDisplayAd: true });
    expect(selection.slots).toHaveLength(7);
    expect(selection).toMatchObject({ unitPath: TEST_AD_UNIT_PATH, testAds: true });
  });
  it('no ad unit path: no slot (none could fill), no AdSense; the unknown slots are still reported', () => {
    for (const adSenseParent of [null, undefined, '']) {
      expect(selectAdSlots({ ...base, adSenseParent })).toEqual({ slots: [], unitPath: null, testAds: false, adSense: false, unknown: ['nonsense'] });
    }
  });
  it('no ad unit path, under ?testDisplayAd=on: every slot, with the test unit', () => {
    expect(selectAdSlots({ ...base, adSenseParent: null, testDisplayAd: true })).toMatchObject({ slots: expect.arrayContaining(['anchor', 'banner_1']), unitPath: TEST_AD_UNIT_PATH });
  });
  it('no configured slots: no ads, no AdSense', () => {
    expect(selectAdSlots({ ...base, configuredSlots: [] })).toMatchObject({ slots: [], adSense: false });
  });
});
