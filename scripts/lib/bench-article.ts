/**
 * The harness's bench article as this app loads it, for the scripts that time a stage of it
 * alone (scripts/bench/render.ts, scripts/lib/cost-stages.ts): its site, its route and its view,
 * from the harness's fake content API at `api`, with the app's own lookups and a quiet logger.
 */
import type { Logger } from 'pino';
import { loadConfig } from '../../src/server/config/config';
import { createCampaignApi } from '../../src/server/content/campaign-api';
import { createContentApi, type ContentApi } from '../../src/server/content/content-api';
import type { LookupScope } from '../../src/server/content/failures';
import { createOutageLog } from '../../src/server/content/outage-log';
import { createLogger } from '../../src/server/observability/logger';
import { loadArticle } from '../../src/server/pages/article';
import { matchRoute } from '../../src/server/routing/routes';
import { createSiteLoader } from '../../src/server/site/site-loader';

export const BENCH_HOST = '127.0.0.1';
export const BENCH_SLUG = 'the-quiet-revival-of-night-trains-in-europe';

export async function loadBenchArticle(api: string) {
  const config = loadConfig({ LOG_LEVEL: 'error', CONTENT_API_URL: api, CAMPAIGN_API_URL: api });
  const log: Logger = createLogger('error');
  const outage = createOutageLog({ log, intervalMs: 60_000 });
  const contentApi: ContentApi = createContentApi({ baseUrl: api, timeoutMs: 2000, log, limits: config.upstreamLimits, outage });
  const campaignApi = createCampaignApi({ baseUrl: api, timeoutMs: 2000, log, limits: config.upstreamLimits, outage });
  const lookup: LookupScope = { log, fellBack: new Set() };
  const sites = createSiteLoader({ defaultSiteKey: config.defaultSiteKey, analyticsCodes: config.analyticsCodes });
  const resolution = await sites.resolve(contentApi, BENCH_HOST, lookup);
  if (!resolution) throw new Error('no site for the harness host');
  const site = await sites.complete(contentApi, resolution, BENCH_HOST, config.defaultSiteKey, lookup);
  const route = matchRoute(`/${BENCH_SLUG}`, false);
  if (route.kind !== 'page') throw new Error('the article path is not a page');
  const view = await loadArticle({ queryValue: () => undefined, site, origin: `http://${BENCH_HOST}`, basePath: '', route, api: contentApi, campaignApi, log, lookup });
  await Promise.all((view.secondaryParts ?? []).map((part) => part.promise));
  return { config, log, contentApi, campaignApi, lookup, sites, site, route, view };
}
