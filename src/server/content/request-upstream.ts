import { lookupScopeOf } from './lookup-scope';
import type { CampaignApi } from './campaign-api';
import type { ArticlesObserver, RequestContentApi } from './request-content-api';
import type { LookupScope } from './failures';
import { budgetedViews, type RequestBudget } from './request-budget';
import type { Step, Stage } from '../http/steps';

export interface RequestUpstreamDeps {
  /**
   * The content API as a request sees it, its calls within the request's budget (with a data
   * cache: its lines on the request's logger, its kept answers past the budget, an answer older
   * than a purge reported as a fallback of the request's scope), the articles of its answers
   * told to `observer`.
   */
  readonly contentApiFor: (scope: LookupScope, budget: RequestBudget, observer?: ArticlesObserver) => RequestContentApi;
  readonly campaignApi: CampaignApi;
  /** One upstream budget for the whole request, shared by all its lookups. */
  readonly budgetMs: number;
  readonly now?: () => number;
}

/**
 * The request's own view of the upstream clients (same interfaces), made before any lookup:
 * every call it makes, settings, page data and campaign alike, stops waiting once the request's
 * budget is spent (content/request-budget.ts), and the articles its answers carry go to the
 * page's purge keys.
 */
export function requestUpstream(deps: RequestUpstreamDeps): Step<Stage<'purgeKeys'>, Stage<'upstream'>> {
  const now = deps.now ?? (() => performance.now());
  const campaignApiWithin = budgetedViews(deps.campaignApi);
  return function scopeUpstreamToRequest(req, res, { purgeKeys }) {
    const budget = { deadline: now() + deps.budgetMs, now };
    const { api, keepSources } = deps.contentApiFor(lookupScopeOf(req, res), budget, purgeKeys.noteArticles);
    return { upstream: { api, campaignApi: campaignApiWithin(budget), keepSources } };
  };
}
