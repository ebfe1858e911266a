import { campaignFallback, campaignRequestOf, campaignResultOf } from '../../../../src/server/rules/campaign';

describe('campaignRequestOf', () => {
  const both = { campaign_check: true, campaign_headlines: true };
  it('runs nothing when neither flag is on', () => {
    expect(campaignRequestOf({ campaign_check: false, campaign_headlines: false }, { utmId: 'u' })).toEqual({ kind: 'none' });
  });
  it('prefers utm_id, then campaign_id', () => {
    expect(campaignRequestOf(both, { utmId: 'u', campaignId: 'c' })).toEqual({ kind: 'utm', id: 'u', required: true });
    expect(campaignRequestOf(both, { campaignId: 'c' })).toEqual({ kind: 'campaign', id: 'c', required: true });
  });
  it('existence is required only with campaign_check', () => {
    expect(campaignRequestOf({ campaign_check: false, campaign_headlines: true }, {})).toEqual({ kind: 'ids_missing', required: false });
  });
});

describe('campaign results', () => {
  it('falls back to existence only when not required, with no headline', () => {
    expect(campaignFallback(true)).toEqual({ exists: false, headline: null });
    expect(campaignFallback(false)).toEqual({ exists: true, headline: null });
  });
  it('joins headlines with commas; none is null', () => {
    expect(campaignResultOf({ isCampaignExists: true, headlines: ['a', 'b'] })).toEqual({ exists: true, headline: 'a,b' });
    expect(campaignResultOf({ isCampaignExists: false, headlines: [] })).toEqual({ exists: false, headline: null });
  });
});
