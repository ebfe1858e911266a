/**
 * Turns a page's view into the full document: app-state, shell or not (route table), ad slots
 * (ad-slot rule), theme. The only place that assembles Document and Shell.
 */
import type { Request, Response } from 'express';
import type { ReactNode } from 'react';
import type { AppState, Theme } from '../../shared/app-state';
import { Document, type AssetRefs, type HeadProps } from '../../shared/components/Document';
import { Bare, Shell } from '../../shared/components/Shell';
import type { CampaignResult } from '../rules/campaign';
import { selectAdSlots, type AdSlotSelection } from '../rules/ad-slots';
import { queryOf } from '../request-query';
import { FEED_PATH, type RouteRule } from '../routes';
import type { Site } from '../site/load-site';
import { appMenuOf, shellChromeOf } from './chrome';
import { streamHtml } from './stream';
import { themeOf } from './theme';

export interface PageView {
  readonly status: number;
  readonly head: Omit<HeadProps, 'noindex'> & { readonly noindex?: boolean };
  readonly content: ReactNode;
  readonly campaign?: CampaignResult | null;
}

export function adSelectionFor(site: Site, rule: RouteRule, testDisplayAd: boolean): AdSlotSelection {
  const config = site.setting.config;
  return selectAdSlots({
    routeAllowsAds: rule.ads,
    configuredSlots: config.ad_slots,
    adsDisabled: site.adsDisabled,
    testDisplayAd,
    adSenseParent: config.adSenseParent,
    adSenseScript: config.adSenseScript,
  });
}

function appStateOf(site: Site, rule: RouteRule, ads: AdSlotSelection, theme: Theme, campaign: CampaignResult | null): AppState {
  return {
    hostKey: site.key,
    brandColor: site.brandColor,
    gaCode: rule.analytics ? site.gaCode : null,
    menu: appMenuOf(site),
    adSlots: ads.slots,
    adUnitPath: ads.unitPath,
    testAds: ads.testAds,
    adSense: ads.adSense,
    dark: theme,
    campaign,
    route: rule.name,
    pixels: rule.analytics ? site.pixels : [],
  };
}

/**
 * App-states without a campaign, remembered per site, route, theme and ad preview (which decide
 * the ad selection): the same object for every such page of a site, so its JSON is serialized
 * once (Document.tsx). The Site object lives as long as its cached records (load-site.ts).
 */
const sharedAppStates = new WeakMap<Site, Map<string, AppState>>();

function sharedAppStateOf(site: Site, rule: RouteRule, ads: AdSlotSelection, theme: Theme, adPreview: boolean): AppState {
  let states = sharedAppStates.get(site);
  if (!states) {
    states = new Map();
    sharedAppStates.set(site, states);
  }
  const key = `${rule.name} ${theme} ${adPreview}`;
  let state = states.get(key);
  if (!state) {
    state = appStateOf(site, rule, ads, theme, null);
    states.set(key, state);
  }
  return state;
}

export function renderSitePage(req: Request, res: Response, assets: AssetRefs, site: Site, rule: RouteRule, view: PageView): Promise<void> {
  const adPreview = queryOf(req).testDisplayAd === 'on';
  const ads = adSelectionFor(site, rule, adPreview);
  const theme = themeOf(req.headers.cookie, site.setting.darkmode);
  const campaign = view.campaign ?? null;
  const state = campaign ? appStateOf(site, rule, ads, theme, campaign) : sharedAppStateOf(site, rule, ads, theme, adPreview);
  const pageSettings = site.setting.config.igp_settings;
  const headline = site.setting.config.campaign_headlines ? campaign?.headline : null;
  const body = rule.shell ? (
    <Shell chrome={shellChromeOf(site, theme)} adSlots={ads.slots} campaignHeadline={headline}>
      {view.content}
    </Shell>
  ) : (
    <Bare campaignHeadline={headline}>{view.content}</Bare>
  );
  // Every page of a site links its feed, so feed readers find it from any address.
  const feed = { title: `${site.name} (RSS)`, href: FEED_PATH };
  const head: HeadProps = { ...view.head, noindex: view.head.noindex ?? !rule.indexable, favicon: pageSettings.favicon, feed };
  const output = res.locals.pageOutput;
  res.setHeader('cache-control', output?.cacheControl(view.status) ?? 'private, no-store');
  const capture = view.status === 200 ? output?.capture : undefined;
  return streamHtml(req, res, <Document head={head} state={state} assets={assets}>{body}</Document>, view.status, capture);
}

/** A page for a request that has no site (a malformed host): no shell, no site data. */
export function renderSiteless(req: Request, res: Response, assets: AssetRefs, status: number, title: string, content: ReactNode): Promise<void> {
  const state: AppState = {
    hostKey: '',
    brandColor: '#000000',
    gaCode: null,
    menu: { categories: [], other: [] },
    adSlots: [],
    adUnitPath: null,
    testAds: false,
    adSense: false,
    dark: 'light',
    campaign: null,
    route: 'error',
    pixels: [],
  };
  res.setHeader('cache-control', 'private, no-store');
  return streamHtml(req, res, <Document head={{ title, noindex: true }} state={state} assets={assets}><Bare>{content}</Bare></Document>, status);
}
