import type { Logger } from 'pino';
import type { PageMatch } from '../routing/routes';
import type { Site } from '../site/site';
import type { CampaignApi } from '../content/campaign-api';
import type { ContentApi } from '../content/content-api';
import type { LookupScope } from '../content/failures';
import type { PageView } from '../render/page';

/** What a page loader gets: the resolved site and route, the upstream clients, the request. */
export interface PageContext {
  /** A query parameter's value (the first, when repeated). */
  readonly queryValue: (name: string) => string | undefined;
  readonly site: Site;
  /** The site's root URL (origin and base path) for absolute URLs (canonical, Open Graph, JSON-LD): see routing/site-urls.ts. */
  readonly origin: string;
  /** The app's base path ('' at the root), for links written as root-relative paths. */
  readonly basePath: string;
  readonly route: PageMatch;
  readonly api: ContentApi;
  readonly campaignApi: CampaignApi;
  readonly log: Logger;
  /** Where lookups report the parts of the page that fell back. */
  readonly lookup: LookupScope;
}

export type PageLoader = (context: PageContext) => Promise<PageView>;
