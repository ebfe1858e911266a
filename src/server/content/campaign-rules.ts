/** The campaign lookup rules (docs/interface.md, Ads and campaigns). Pure. */
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

/** The longest id the app sends (longer ones name no campaign a link would carry). */
const MAX_CAMPAIGN_ID_LENGTH = 128;

/**
 * RFC 3986's unreserved characters: an id that is the same text in a path segment, in a query
 * value, decoded or not. Whatever else (a slash, a space, a control character, a `%` left
 * over from an encoded form) could read differently to the service than to the app.
 */
const SENDABLE_ID = new RegExp(`^[A-Za-z0-9._~-]{1,${MAX_CAMPAIGN_ID_LENGTH}}$`);

/**
 * The one rule for a campaign id, wherever it appears (`utm_id`, `campaign_id`): the id when
 * it can be sent as it is, else undefined, and an undefined id counts as absent. `.` and `..`
 * are path steps to URL parsing, never names.
 */
export function sendableCampaignId(value: string | undefined): string | undefined {
  return value !== undefined && SENDABLE_ID.test(value) && value !== '.' && value !== '..' ? value : undefined;
}

/**
 * What lookup a page request asks for: the first sendable id of `utm_id`, then `campaign_id`;
 * with none, no lookup (`ids_missing`).
 */
export function campaignRequestOf(flags: CampaignFlags, ids: { utmId?: string | undefined; campaignId?: string | undefined }): CampaignRequest {
  if (!flags.campaign_check && !flags.campaign_headlines) return { kind: 'none' };
  const required = flags.campaign_check;
  const utmId = sendableCampaignId(ids.utmId);
  if (utmId) return { kind: 'utm', id: utmId, required };
  const campaignId = sendableCampaignId(ids.campaignId);
  if (campaignId) return { kind: 'campaign', id: campaignId, required };
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
