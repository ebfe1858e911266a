/**
 * Turns a page's view into the full document and sends it: the site's chrome (header, footer,
 * icon, feed, and per route its ad slots and app-state: site-chrome.tsx), shell or not (route
 * table), the visitor's campaign. The only place that assembles Document and Shell.
 */
import { PRIVATE } from '../http/cache-control';
import type { Request, Response } from 'express';
import type { ReactElement, ReactNode } from 'react';
import { appStateScript, type AppState } from '../../shared/app-state';
import { defaultFavicon, Document, HeadElements, type PageHead } from '../../shared/components/Document';
import { NoShellLayout, Shell } from '../../shared/components/Shell';
import type { Pending } from '../../shared/pending';
import type { CampaignResult } from '../content/campaign-rules';
import { queryOf } from '../routing/query';
import type { RouteRule } from '../routing/routes';
import type { Site } from '../site/site';
import type { Assets } from './assets';
import { preferredEncoding } from '../http/encoding';
import { cspHeaderWithNonce, newNonce } from '../http/security';
import { isCrawler } from './crawler';
import { settledThisTurn } from './settled-this-turn';
import { createSiteChromes, type SiteChrome } from './site-chrome';
import { renderToDocument, sendDocument, streamDocument } from './stream';

export interface PageView {
  readonly status: number;
  /** The page's own head; the site's icon and feed come from its chrome. */
  readonly head: PageHead;
  readonly content: ReactNode;
  readonly campaign?: CampaignResult | null;
  /** Parts rendered in Suspense boundaries (decision 0180): while one is loading, people get the page streamed. */
  readonly secondaryParts?: readonly Pending<unknown>[];
}

/** The state of a page that has no site (a malformed host): no shell, no site data. */
const SITELESS_STATE: Omit<AppState, 'basePath'> = {
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
  consent: null,
};

/**
 * What the steps left of how a page may be kept: the page cache's output for it, and the parts
 * that fell back (read as the page is sent: a lookup may fall back while it renders).
 */
export type PageKeeping = Pick<Express.Locals, 'pageOutput' | 'fellBack'>;

export interface PageRenderer {
  /** A page of the request's site, with the route's shell and ads. */
  sitePage(req: Request, res: Response, site: Site, rule: RouteRule, view: PageView, keeping: PageKeeping): Promise<void>;
  /** A page for a request that has no site (a malformed host, an early error): no shell, no site data. */
  sitelessPage(req: Request, res: Response, status: number, title: string, content: ReactNode): Promise<void>;
}

export interface SitePageOptions {
  /** What the site shows around every page (site-chrome.tsx). */
  readonly chrome: SiteChrome;
  readonly assets: Assets;
  /** `?testDisplayAd=on`: every ad slot with the test unit (a QA preview). */
  readonly testDisplayAd: boolean;
}

/** A page of a site as one element: the document, its app-state, the shell or not, the ad slots. */
export function sitePageElement(site: Site, rule: RouteRule, view: PageView, options: SitePageOptions): ReactElement {
  const { chrome } = options;
  const { ads, appState: routeState } = chrome.route(rule, options.testDisplayAd);
  // A campaign is the visitor's own: its state is made for this request.
  const campaign = view.campaign ?? null;
  const appState = campaign ? appStateScript({ ...routeState.state, campaign }) : routeState;
  const headline = site.setting.config.campaign_headlines ? campaign?.headline : null;
  const body = rule.shell ? (
    <Shell chrome={chrome.shell} adSlots={ads.slots} campaignHeadline={headline}>
      {view.content}
    </Shell>
  ) : (
    <NoShellLayout campaignHeadline={headline}>{view.content}</NoShellLayout>
  );
  const head = chrome.head(view.head, view.head.noindex ?? !rule.indexable);
  return <Document head={head} appState={appState} assets={options.assets}>{body}</Document>;
}

export function createPageRenderer(options: { assets: Assets; renderTimeoutMs: number; basePath: string }): PageRenderer {
  const { assets, basePath } = options;
  const sitelessState = appStateScript({ ...SITELESS_STATE, basePath });
  const sitelessHead = (title: string) => ({ element: <HeadElements head={{ title, noindex: true, favicon: defaultFavicon(SITELESS_STATE.brandColor) }} brandColor={SITELESS_STATE.brandColor} stylesheet={assets.stylesheet} /> });
  const chromes = createSiteChromes(basePath, assets.stylesheet);
  return {
    async sitePage(req, res, site, rule, view, keeping) {
      const document = sitePageElement(site, rule, view, { chrome: chromes.of(site), assets, testDisplayAd: queryOf(req).testDisplayAd === 'on' });
      const renderOptions = { abortAfterMs: options.renderTimeoutMs, log: req.log };
      const output = keeping.pageOutput;
      // A page built on a fallback is degraded: private, never kept (decision 0160).
      const degraded = () => (keeping.fellBack?.size ?? 0) > 0;
      const cacheControl = () => (degraded() ? PRIVATE : (output?.cacheControl(view.status) ?? PRIVATE));
      const keep = view.status === 200 ? output?.capture : undefined;
      // The policy the page is sent and kept with; a streamed response adds a nonce for React's scripts.
      const contentSecurityPolicy = String(res.getHeader('content-security-policy'));
      // Crawlers, HEAD and error pages get the whole page in one body, with its length.
      const whole = view.status !== 200 || req.method === 'HEAD' || isCrawler(req.headers['user-agent']);
      // Parts answered from memory (the data cache) arrive within this turn of the event loop:
      // wait for them until then, no longer, so that the page needs no script to reveal them.
      const arrived = whole || (await settledThisTurn(view.secondaryParts ?? []));
      // A page with every part arrived is rendered whole, once, and sent with its length when
      // the cache keeps it, or when it goes compressed: one compression of the whole page costs
      // far less than a streaming encoder of its own (brotli's state, the thread pool's round
      // trips). An uncompressed one nobody keeps is streamed even when complete: gathering it
      // first, for a Content-Length, costs more than it saves (decision 0330).
      const compressed = preferredEncoding(req.headers['accept-encoding']) !== 'identity';
      if (whole || (arrived && (keep || compressed))) {
        const html = await renderToDocument(document, renderOptions);
        res.setHeader('cache-control', cacheControl());
        sendDocument(req, res, html, view.status, degraded() ? undefined : keep?.(html, contentSecurityPolicy));
        return;
      }
      // Only the primary parts are known here; a secondary part that falls back later cannot
      // change these headers, which stand (contract: the page is still the site's own).
      res.setHeader('cache-control', cacheControl());
      // React reveals a part that arrives later with inline scripts, which need a nonce; a page
      // whose parts have all arrived has none (they render in place).
      const nonce = arrived ? undefined : newNonce();
      if (nonce) res.setHeader('content-security-policy', cspHeaderWithNonce(contentSecurityPolicy, nonce));
      // The page cache keeps the complete document (no reveal scripts, no nonce), rendered again
      // from the same data, which has all arrived by then: no upstream call (decision 0180).
      const keepWhole = keep
        ? async () => {
            if (!degraded()) keep(await renderToDocument(document, renderOptions), contentSecurityPolicy);
          }
        : undefined;
      await streamDocument(req, res, document, view.status, { ...renderOptions, nonce, whenWhole: keepWhole });
    },
    async sitelessPage(req, res, status, title, content) {
      const html = await renderToDocument(
        <Document head={sitelessHead(title)} appState={sitelessState} assets={assets}>
          <NoShellLayout>{content}</NoShellLayout>
        </Document>,
        { abortAfterMs: options.renderTimeoutMs, log: req.log },
      );
      res.setHeader('cache-control', PRIVATE);
      sendDocument(req, res, html, status, undefined);
    },
  };
}
