import type { Stage } from '../request/locals';
import { lookupScopeOf } from '../request/lookup-scope';
import type { CampaignApi } from '../upstream/campaign-api';
import type { RequestContentApi } from '../upstream/cached-content-api';
import type { LookupScope } from '../upstream/failures';
import { budgetedViews, type RequestBudget } from '../upstream/request-budget';
import type { Nothing, Step } from './steps';

export interface RequestUpstreamDeps {
  /**
   * The content API as a request sees it, its calls within the request's budget (with a data
   * cache: its lines on the request's logger, its kept answers past the budget, an answer older
   * than a purge reported as a fallback of the request's scope).
   */
  readonly contentApiFor: (scope: LookupScope, budget: RequestBudget) => RequestContentApi;
  readonly campaignApi: CampaignApi;
  /** One upstream budget for the whole request, shared by all its lookups. */
  readonly budgetMs: number;
  readonly now?: () => number;
}

/**
 * The request's own view of the upstream clients (same interfaces), made before any lookup:
 * every call it makes, settings, page data and campaign alike, stops waiting once the request's
 * budget is spent (upstream/request-budget.ts).
 */
export function requestUpstream(deps: RequestUpstreamDeps): Step<Nothing, Stage<'upstream'>> {
  const now = deps.now ?? (() => performance.now());
  const campaignApiWithin = budgetedViews(deps.campaignApi);
  return function scopeUpstreamToRequest(req, res) {
    const budget = { deadline: now() + deps.budgetMs, now };
    const { api, keepSources } = deps.contentApiFor(lookupScopeOf(req, res), budget);
    return { upstream: { api, campaignApi: campaignApiWithin(budget), keepSources } };
  };
}
