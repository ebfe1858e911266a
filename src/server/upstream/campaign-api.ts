/** The campaign service (contract/content-api.md, Campaign service): one function per call. */
import { campaignCheckSchema, type CampaignCheck } from '../../shared/records';
import { createHttpClient, UpstreamError } from './http';

export interface CampaignApi {
  checkByUtmId(utmId: string, count: number): Promise<CampaignCheck>;
  checkByCampaignId(campaignId: string, count: number): Promise<CampaignCheck>;
}

export function createCampaignApi(options: { readonly baseUrl: string; readonly timeoutMs: number }): CampaignApi {
  // The spec's headers: JSON, and never a cached answer (the result is per visitor).
  const http = createHttpClient({ timeoutMs: options.timeoutMs, maxBytes: 256 * 1024, headers: { accept: 'application/json', 'cache-control': 'no-cache' } });

  async function check(url: string): Promise<CampaignCheck> {
    const { status, json } = await http.getJson(url);
    if (status === 404) throw new UpstreamError('status', url, { status });
    const parsed = campaignCheckSchema.safeParse(json);
    if (!parsed.success) throw new UpstreamError('shape', url, { message: `campaign answer has the wrong shape: ${url}` });
    return parsed.data;
  }

  return {
    checkByUtmId(utmId, count) {
      return check(`${options.baseUrl}/meta-ms/api/v1/meta-db/campaigns/checkCampaign/${encodeURIComponent(utmId)}?count=${count}`);
    },
    checkByCampaignId(campaignId, count) {
      const params = new URLSearchParams({ campaign_id: campaignId, count: String(count) });
      return check(`${options.baseUrl}/campaigns/api/v1/checkCampaign?${params}`);
    },
  };
}
