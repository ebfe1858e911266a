/**
 * What every page of a site shows around its content, derived from the Site alone (decision
 * 0290): the markup inside its header and footer, rendered once per Site by React itself (the
 * same components, the same output) and placed by the Shell as it is; its icon and feed link;
 * and per route, the ad slots and the app-state with its JSON. The Site is one object for as
 * long as its records are unchanged (site/site-loader.ts), so all this is kept with it
 * (memory/kept-per-record.ts): it goes when the Site goes, and a new answer of the API gives a new
 * Site and a new chrome. What varies by request (a campaign) is added by the page.
 * A header with a logo is the one part kept as elements: React preloads a page's first images
 * from its <head>, which only the whole document's render can do.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PagePart } from '../../shared/components/page-part';
import { appStateScript, type AppState, type AppStateScript, type Theme } from '../../shared/app-state';
import { defaultFavicon, HeadElements, type PageHead } from '../../shared/components/Document';
import { FooterContent, HeaderContent, type ShellChrome, type ShellSite } from '../../shared/components/Shell';
import { BasePathProvider } from '../../shared/components/SiteLink';
import { joinPath } from '../../shared/format';
import { selectAdSlots, type AdSlotSelection } from './ad-slots';
import { keptPerRecord } from '../memory/kept-per-record';
import { FEED_PATH, type RouteRule } from '../routing/routes';
import type { Site } from '../site/site';
import { keptPart } from './kept-part';

/** What the site's pages of one route share (without a campaign). */
export interface RouteChrome {
  readonly ads: AdSlotSelection;
  readonly appState: AppStateScript;
}

export interface SiteChrome {
  /** The site's theme; a visitor's saved one is applied in the browser (saved-theme.ts). */
  readonly theme: Theme;
  readonly shell: ShellChrome;
  /** The ads and app-state of the route's pages; `testDisplayAd`: every slot with the test unit. */
  route(rule: RouteRule, testDisplayAd: boolean): RouteChrome;
  /** The inside of a page's head with the site's icon, feed and colour, its markup kept with the page head from its second use. */
  head(head: PageHead, noindex: boolean): PagePart;
}

export interface SiteChromes {
  /** The chrome of a site, made on its first page. */
  of(site: Site): SiteChrome;
}

function adSelectionFor(site: Site, rule: RouteRule, testDisplayAd: boolean): AdSlotSelection {
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

function appStateOf(site: Site, rule: RouteRule, ads: AdSlotSelection, theme: Theme, menu: AppState['menu'], basePath: string): AppState {
  return {
    hostKey: site.key,
    brandColor: site.brandColor,
    gaCode: rule.analytics ? site.gaCode : null,
    menu,
    adSlots: ads.slots,
    adUnitPath: ads.unitPath,
    testAds: ads.testAds,
    adSense: ads.adSense,
    dark: theme,
    campaign: null,
    route: rule.name,
    pixels: rule.analytics ? site.pixels : [],
    basePath,
    consent: rule.analytics ? site.publisher.consent : null,
  };
}

function chromeOf(site: Site, basePath: string, stylesheet: string): SiteChrome {
  const theme: Theme = site.setting.darkmode ? 'dark' : 'light';
  const pageSettings = site.setting.config.igp_settings;
  const menu: AppState['menu'] = {
    categories: site.menu.categories.map(({ name, slug }) => ({ name, slug })),
    other: site.menu.other.map(({ label, url }) => ({ label, url })),
  };
  const shellSite: ShellSite = { name: site.name, logo: pageSettings.logo, footerText: pageSettings.footerText, ...menu };
  // Links take the base path from the context the Document provides, so the fragment gets it too.
  const markup = (part: ReactElement) => renderToStaticMarkup(<BasePathProvider value={basePath}>{part}</BasePathProvider>);
  const header = <HeaderContent site={shellSite} theme={theme} />;
  // At most one entry per route name and testDisplayAd value.
  const routes = new Map<string, RouteChrome>();
  const favicon = pageSettings.favicon || defaultFavicon(site.brandColor);
  // Every page of a site links its feed, so feed readers find it from any address.
  const feed = { title: `${site.name} (RSS)`, href: joinPath(basePath, FEED_PATH) };
  // A page's head is one object for as long as its records are unchanged (seo/page-head.ts), so
  // its markup goes with it; a head made per request (a search, an error) is rendered with its page.
  const headOf = keptPart((head: PageHead, noindex: boolean) => <HeadElements head={{ ...head, noindex, favicon, feed }} brandColor={site.brandColor} stylesheet={stylesheet} />);
  return {
    theme,
    shell: { header: shellSite.logo ? { element: header } : { markup: markup(header) }, footer: { markup: markup(<FooterContent site={shellSite} />) } },
    route(rule, testDisplayAd) {
      const key = `${rule.name}|${testDisplayAd}`;
      let route = routes.get(key);
      if (!route) {
        const ads = adSelectionFor(site, rule, testDisplayAd);
        route = { ads, appState: appStateScript(appStateOf(site, rule, ads, theme, menu, basePath)) };
        routes.set(key, route);
      }
      return route;
    },
    head: headOf,
  };
}

/** The chromes of the sites of one app (one base path, one stylesheet). */
export function createSiteChromes(basePath: string, stylesheet: string): SiteChromes {
  return { of: keptPerRecord((site: Site) => chromeOf(site, basePath, stylesheet)) };
}
