import type { RequestHandler } from 'express';
import type { AssetRefs } from '../../shared/components/Document';
import { MessagePage } from '../../shared/components/Pages';
import { PageError, RETRY_AFTER_SECONDS } from '../errors';
import { loadArticle } from '../pages/article';
import { loadCategory } from '../pages/category';
import type { PageLoader } from '../pages/context';
import { queryValue } from '../request-query';
import { loadHome } from '../pages/home';
import { plainPage } from '../pages/plain';
import { loadSearch } from '../pages/search';
import { renderSitePage, type PageView } from '../render/page';
import { ROUTE_TABLE, type RouteName } from '../routes';
import { requestOrigin } from '../seo/request-origin';
import { lookupCampaign } from '../site/campaign';
import type { CampaignApi } from '../upstream/campaign-api';
import type { ContentApi } from '../upstream/content-api';

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

const ERROR_TITLES: Readonly<Record<number, string>> = {
  400: 'Bad request',
  404: 'Page not found',
  503: 'Temporarily unavailable',
};

/** A 400, 404 or 503 page inside the site's shell and look, with a way back home. */
export function errorView(error: PageError): PageView {
  const title = ERROR_TITLES[error.status] ?? 'Error';
  return {
    status: error.status,
    head: { title, noindex: true },
    content: (
      <MessagePage title={title}>
        <p>{error.message}</p>
        <p><a href="/">Go to the home page</a></p>
      </MessagePage>
    ),
  };
}

/** Loads the route's page (and the campaign lookup, where it runs) and renders it. */
export function pageRendering(deps: { api: ContentApi; campaignApi: CampaignApi; assets: AssetRefs }): RequestHandler {
  return async function renderPage(req, res) {
    const { site, route, host } = res.locals;
    if (!site || !route || !host) throw new Error('page rendering ran before site settings');
    if (route.kind !== 'page') throw new Error('page rendering got a document route');
    const context = { req, site, origin: requestOrigin(req, host), route, api: deps.api, campaignApi: deps.campaignApi, log: req.log };
    const campaignPromise = route.rule.campaigns
      ? lookupCampaign(deps.campaignApi, req.log, site.setting.config, { utmId: queryValue(req, 'utm_id'), campaignId: queryValue(req, 'campaign_id') })
      : Promise.resolve(null);
    let view: PageView;
    try {
      view = { ...(await LOADERS[route.rule.name](context)), campaign: await campaignPromise };
    } catch (error) {
      if (!(error instanceof PageError)) throw error;
      await campaignPromise;
      if (error.status === 503) res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
      // The error page keeps the shell, but only the route table's not-found rule for ads.
      await renderSitePage(req, res, deps.assets, site, route.rule.shell ? ROUTE_TABLE['not-found'] : route.rule, errorView(error));
      return;
    }
    await renderSitePage(req, res, deps.assets, site, route.rule, view);
  };
}
