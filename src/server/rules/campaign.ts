/** The campaign lookup rules (spec sections 5 and 8; contract/app.md, Campaigns). Pure. */
export const CAMPAIGN_HEADLINE_COUNT = 10;

export interface CampaignFlags {
  readonly campaign_check: boolean;
  readonly campaign_headlines: boolean;
}

export interface CampaignResult {
  readonly exists: boolean;
  readonly headline: string | null;
}

export type CampaignRequest =
  | { readonly kind: 'none' }
  | { readonly kind: 'ids_missing'; readonly required: boolean }
  | { readonly kind: 'utm'; readonly id: string; readonly required: boolean }
  | { readonly kind: 'campaign'; readonly id: string; readonly required: boolean };

/** What lookup a page request asks for; `utm_id` is the first choice. */
export function campaignRequestOf(flags: CampaignFlags, ids: { utmId?: string | undefined; campaignId?: string | undefined }): CampaignRequest {
  if (!flags.campaign_check && !flags.campaign_headlines) return { kind: 'none' };
  const required = flags.campaign_check;
  if (ids.utmId) return { kind: 'utm', id: ids.utmId, required };
  if (ids.campaignId) return { kind: 'campaign', id: ids.campaignId, required };
  return { kind: 'ids_missing', required };
}

/** Without a usable answer, the campaign exists only when existence was not required. */
export function campaignFallback(required: boolean): CampaignResult {
  return { exists: !required, headline: null };
}

export function campaignResultOf(answer: { isCampaignExists: boolean; headlines: readonly string[] }): CampaignResult {
  const headline = answer.headlines.join(',');
  return { exists: answer.isCampaignExists, headline: headline === '' ? null : headline };
}
