/** Runs the spec's campaign lookup for a page request and logs its catalogue cases. */
import type { Logger } from 'pino';
import { CAMPAIGN_HEADLINE_COUNT, campaignFallback, campaignRequestOf, campaignResultOf, type CampaignFlags, type CampaignResult } from './campaign-rules';
import type { CampaignApi } from './campaign-api';
import { failureFields, isSummarizedFailure } from './failures';
import { LOG_EVENTS } from '../http/log-events';

/** null when the site has no campaign flags on (no lookup runs). */
export async function lookupCampaign(api: CampaignApi, log: Logger, flags: CampaignFlags, ids: { utmId?: string | undefined; campaignId?: string | undefined }): Promise<CampaignResult | null> {
  const request = campaignRequestOf(flags, ids);
  switch (request.kind) {
    case 'none':
      return null;
    case 'ids_missing':
      log.warn({ event: LOG_EVENTS.CAMPAIGN_IDS_MISSING.event, required: request.required }, 'campaign lookup skipped: no utm_id or campaign_id');
      return campaignFallback(request.required);
    case 'utm':
    case 'campaign':
      try {
        const answer = request.kind === 'utm' ? await api.checkByUtmId(request.id, CAMPAIGN_HEADLINE_COUNT) : await api.checkByCampaignId(request.id, CAMPAIGN_HEADLINE_COUNT);
        return campaignResultOf(answer);
      } catch (error) {
        // One line per failed call; a refusal without a call (circuit open, queue full) is counted in the outage summary.
        if (!isSummarizedFailure(error)) log.warn({ event: LOG_EVENTS.CAMPAIGN_LOOKUP_FAILED.event, required: request.required, ...failureFields(error) }, 'campaign lookup failed');
        return campaignFallback(request.required);
      }
  }
}
