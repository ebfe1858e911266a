/**
 * Per-request state, typed on Express.Locals and filled by the steps in order (http/steps.ts):
 * optional here, since the error handler and the access-log line read it as far as the request
 * got; a step is handed the fields the steps before it set, typed as set (`Stage`). Only app.ts
 * imports this module: the steps read these global types through `Stage` and import no folder
 * for them (docs/architecture.md).
 */
import type { Logger } from 'pino';
import type { Article } from '../../shared/records';
import type { RouteMatch } from '../routing/routes';
import type { Site } from '../site/site';
import type { PageOutput } from '../page-cache/page-cache';
import type { CampaignApi } from '../content/campaign-api';
import type { ContentApi } from '../content/content-api';
import type { FallbackPart } from '../content/failures';
import type { PageCacheResult } from '../page-cache/rules';

declare global {
  // Express declares its request and locals types in this global namespace.
  namespace Express {
    interface Request {
      /** Set by the request logging: event lines of this request carry its `reqId`. */
      log: Logger;
    }
    interface Locals {
      /** Set by host resolution (front-door/host-resolution.ts): the site's address, as the envelope worked it out. */
      host?: string;
      siteKey?: string;
      /** The site's origin (its canonical links' and og:url's, without the base path). */
      origin?: string;
      /** Set by the route step (routing/matched-route.ts). */
      route?: RouteMatch;
      /** Set by the request-upstream step (content/request-upstream.ts): the upstream clients within this request's budget. */
      upstream?: { readonly api: ContentApi; readonly campaignApi: CampaignApi; readonly keepSources: () => void };
      /** Set by the site-settings step (site/site-settings.ts). */
      site?: Site;
      /** Set by the consent-platform CSP step (render/consent-platform-csp.ts): the origin the page's policy admits. */
      consentOrigin?: string;
      /** Set by the page-cache step (page-cache/step.ts): how the rendered page may be cached. */
      pageOutput?: PageOutput;
      /** Set by the page-cache step: what the page cache did for this request (the metrics). */
      pageCache?: PageCacheResult;
      /** Set by the purge-keys step (page-cache/purge-key-recording.ts): the keys a CDN purges this page by, as Surrogate-Key, and the observer of the articles its lookups return. */
      purgeKeys?: { surrogateKey(): string; noteArticles(articles: readonly Article[]): void };
      /** The parts of the page that fell back after a failed lookup: then it is degraded (lookup-scope.ts). */
      fellBack?: Set<FallbackPart>;
    }
  }
}
