/** The campaign service (docs/interface.md, The content API and campaign service): one function per call. */
import type { Logger } from 'pino';
import { sendableCampaignId } from './campaign-rules';
import { campaignCheckSchema, type CampaignCheck } from '../../shared/records';
import { splitCredentials } from './credentials';
import { createHttpClient, type UpstreamObserver } from './http';
import type { OutageLog } from './outage-log';
import type { OriginLimits } from './origin-guard';
import { UpstreamError } from './upstream-error';

export interface CampaignApi {
  checkByUtmId(utmId: string, count: number): Promise<CampaignCheck>;
  checkByCampaignId(campaignId: string, count: number): Promise<CampaignCheck>;
}

/** Endpoint names for metrics: the paths, with the utm id as a placeholder. */
const BY_UTM_ID = '/meta-ms/api/v1/meta-db/campaigns/checkCampaign/:utmId';
const BY_CAMPAIGN_ID = '/campaigns/api/v1/checkCampaign';

const NO_CAMPAIGN: CampaignCheck = { isCampaignExists: false, headlines: [] };

export interface CampaignApiOptions {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly observe?: UpstreamObserver;
  readonly limits: OriginLimits;
  /** Counts failed calls for the origin's outage summary (outage-log.ts). */
  readonly outage: OutageLog;
  /** For the circuit's state changes. */
  readonly log: Logger;
}

export function createCampaignApi(options: CampaignApiOptions): CampaignApi {
  const { baseUrl, headers: credentials } = splitCredentials(options.baseUrl);
  // The spec's headers: JSON, and never a cached answer (the result is per visitor).
  const http = createHttpClient({ timeoutMs: options.timeoutMs, maxBytes: 256 * 1024, headers: { accept: 'application/json', 'cache-control': 'no-cache', ...credentials }, limits: options.limits, log: options.log, observe: options.observe, outage: options.outage });

  /** `shownUrl`: the URL as a failure names it, when the called one holds a visitor's value in its path. */
  function check(endpoint: string, url: string, shownUrl = url): Promise<CampaignCheck> {
    return http.call(
      endpoint,
      url,
      ({ status, json }) => {
        if (status === 404) throw new UpstreamError('status', url, { status });
        const parsed = campaignCheckSchema.safeParse(json);
        if (!parsed.success) throw new UpstreamError('shape', url, { message: `campaign answer has the wrong shape: ${url}` });
        return parsed.data;
      },
      shownUrl,
    );
  }

  return {
    async checkByUtmId(utmId, count) {
      // The page asks only about sendable ids; this door never builds a path from another one
      // (no service that decodes `%2F` before routing may read a path climb into it).
      const segment = sendableCampaignId(utmId);
      if (segment === undefined) return NO_CAMPAIGN;
      // The utm_id is a visitor's value, like the query values the logs never hold: a failure
      // names the endpoint with its placeholder.
      return check(BY_UTM_ID, `${baseUrl}${BY_UTM_ID.replace(':utmId', segment)}?count=${count}`, `${baseUrl}${BY_UTM_ID}?count=${count}`);
    },
    checkByCampaignId(campaignId, count) {
      const params = new URLSearchParams({ campaign_id: campaignId, count: String(count) });
      return check(BY_CAMPAIGN_ID, `${baseUrl}${BY_CAMPAIGN_ID}?${params}`);
    },
  };
}
