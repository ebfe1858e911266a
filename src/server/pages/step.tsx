import { joinPath } from '../../shared/format';
import { PageError } from '../http/errors';
import { boundedLocation } from '../routing/location';
import { loadArticle } from './article';
import { loadCategory } from './category';
import type { PageLoader } from './context';
import { lookupScopeOf } from '../content/lookup-scope';
import { queryOf, queryValue } from '../routing/query';
import { loadHome } from './home';
import { plainPage } from './plain';
import { loadSearch } from './search';
import type { PageKeeping, PageRenderer } from '../render/page';
import { targetWithoutPage, type PageMatch, type RouteName } from '../routing/routes';
import { lookupCampaign } from '../content/campaign';
import type { LastStep, Stage } from '../http/steps';

const LOADERS: Readonly<Record<RouteName, PageLoader>> = {
  home: loadHome,
  search: loadSearch,
  article: loadArticle,
  category: loadCategory,
  'fortified-portal': plainPage('Portal', 'There is nothing to see here.'),
  login: plainPage('Sign in', 'Signing in is not available on this site.'),
  dashboard: plainPage('Dashboard', 'The dashboard is not available on this site.'),
  'not-found': async () => {
    throw new PageError('NOT_FOUND', 'There is no page at this address.');
  },
};

/** Loads the route's page (and the campaign lookup, where it runs) and renders it. */
export function pageRendering(deps: { renderer: PageRenderer; basePath: string }): LastStep<Stage<'site' | 'origin' | 'upstream'> & { readonly route: PageMatch } & PageKeeping> {
  return async function renderPage(req, res, stage) {
    const { site, route, origin, upstream } = stage;
    // `page` on a route without pages: the address without it (301, a path on the same host),
    // never a page of its own, kept and shared under every made-up value.
    if (!route.rule.paginated && queryOf(req).page !== undefined) {
      res.redirect(301, boundedLocation(joinPath(deps.basePath, targetWithoutPage(req.path, req.originalUrl.slice(req.originalUrl.indexOf('?'))))));
      return;
    }
    // The site's root: the request's origin is the canonical host's (another host was redirected
    // there, site/canonical-redirect.ts), then the base path.
    const context = { queryValue: (name: string) => queryValue(req, name), site, origin: `${origin}${deps.basePath}`, basePath: deps.basePath, route, api: upstream.api, campaignApi: upstream.campaignApi, log: req.log, lookup: lookupScopeOf(req, res) };
    const campaignPromise = route.rule.campaigns
      ? lookupCampaign(upstream.campaignApi, req.log, site.setting.config, { utmId: queryValue(req, 'utm_id'), campaignId: queryValue(req, 'campaign_id') })
      : Promise.resolve(null);
    // A failed page (a PageError: 404, 503, ...) goes on to the error handler, which renders it.
    const [view, campaign] = await Promise.all([LOADERS[route.rule.name](context), campaignPromise]);
    await deps.renderer.sitePage(req, res, site, route.rule, { ...view, campaign }, stage);
  };
}
