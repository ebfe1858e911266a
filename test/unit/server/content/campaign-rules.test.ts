import { campaignFallback, campaignRequestOf, campaignResultOf, sendableCampaignId } from '../../../../src/server/content/campaign-rules';

describe('campaignRequestOf', () => {
  const both = { campaign_check: true, campaign_headlines: true };
  it('runs nothing when neither flag is on', () => {
    expect(campaignRequestOf({ campaign_check: false, campaign_headlines: false }, { utmId: 'u' })).toEqual({ kind: 'none' });
  });
  it('prefers utm_id, then campaign_id', () => {
    expect(campaignRequestOf(both, { utmId: 'u', campaignId: 'c' })).toEqual({ kind: 'utm', id: 'u', required: true });
    expect(campaignRequestOf(both, { campaignId: 'c' })).toEqual({ kind: 'campaign', id: 'c', required: true });
  });
  it('an id that cannot be sent counts as absent: the next parameter is tried, then none', () => {
    expect(campaignRequestOf(both, { utmId: '..', campaignId: 'spring' })).toEqual({ kind: 'campaign', id: 'spring', required: true });
    expect(campaignRequestOf(both, { utmId: 'a/b', campaignId: ' ' })).toEqual({ kind: 'ids_missing', required: true });
    expect(campaignRequestOf({ campaign_check: false, campaign_headlines: true }, { campaignId: '%2E%2E' })).toEqual({ kind: 'ids_missing', required: false });
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

describe('sendableCampaignId', () => {
  it.each(['c1', 'spring', 'Spring_2026.news-letter~1', '...', '.a', 'a..b', 'x'.repeat(128)])('%s is sent as it is', (id) => {
    expect(sendableCampaignId(id)).toBe(id);
  });
  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['one dot', '.'],
    ['two dots', '..'],
    ['a slash', 'a/b'],
    ['a backslash', 'a\\b'],
    ['a space', 'a b'],
    ['only a space', ' '],
    ['a control character', 'a\u0000b'],
    ['a newline', 'spring\n'],
    ['a tab', '\tspring'],
    ['an encoded dot-dot left encoded', '%2E%2E'],
    ['an encoded slash left encoded', 'a%2Fb'],
    ['a query in it', 'a?b=1'],
    ['a fragment in it', 'a#b'],
    ['non-ASCII', 'été'],
    ['129 characters', 'x'.repeat(129)],
  ])('%s counts as absent', (_why, id) => {
    expect(sendableCampaignId(id)).toBeUndefined();
  });
});
