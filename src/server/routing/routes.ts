/**
 * The route table (docs/interface.md, Routes): for each HTML page route, shell or
 * not, ads or not, analytics or not; and the site documents that are not HTML pages (robots.txt,
 * sitemaps, the feed). Every routing decision about these reads these two tables.
 */
export type RouteName = 'home' | 'search' | 'article' | 'category' | 'fortified-portal' | 'login' | 'dashboard' | 'not-found';

export interface RouteRule {
  readonly name: RouteName;
  readonly shell: boolean;
  readonly ads: boolean;
  readonly analytics: boolean;
  /** Runs the campaign lookup for sites with campaign flags on. */
  readonly campaigns: boolean;
  /** Search engines may index it. */
  readonly indexable: boolean;
  /** Takes `?page=N`; elsewhere a `page` parameter is redirected away (pages/step.tsx). */
  readonly paginated: boolean;
}

export const ROUTE_TABLE: Readonly<Record<RouteName, RouteRule>> = {
  home: { name: 'home', shell: true, ads: true, analytics: true, campaigns: true, indexable: true, paginated: false },
  search: { name: 'search', shell: false, ads: false, analytics: true, campaigns: true, indexable: false, paginated: true },
  article: { name: 'article', shell: true, ads: true, analytics: true, campaigns: true, indexable: true, paginated: false },
  category: { name: 'category', shell: true, ads: true, analytics: true, campaigns: true, indexable: true, paginated: true },
  'fortified-portal': { name: 'fortified-portal', shell: false, ads: false, analytics: false, campaigns: false, indexable: false, paginated: false },
  login: { name: 'login', shell: false, ads: false, analytics: true, campaigns: false, indexable: false, paginated: false },
  dashboard: { name: 'dashboard', shell: false, ads: false, analytics: true, campaigns: false, indexable: false, paginated: false },
  'not-found': { name: 'not-found', shell: true, ads: false, analytics: true, campaigns: false, indexable: false, paginated: false },
};

/** Per-site documents for crawlers, ad buyers and feed readers: built from the resolved site, never HTML. */
export type SiteFileName = 'robots' | 'sitemap' | 'feed' | 'ads';

export interface SiteFileRule {
  readonly name: SiteFileName;
  readonly contentType: string;
}

export const SITE_FILE_TABLE: Readonly<Record<SiteFileName, SiteFileRule>> = {
  robots: { name: 'robots', contentType: 'text/plain; charset=utf-8' },
  sitemap: { name: 'sitemap', contentType: 'application/xml; charset=utf-8' },
  feed: { name: 'feed', contentType: 'application/rss+xml; charset=utf-8' },
  ads: { name: 'ads', contentType: 'text/plain; charset=utf-8' },
};

/** Where the documents live; the sitemap's parts are /sitemap-<n>.xml (see SITEMAP_PART_PATH). */
export const SITE_FILE_PATHS: Readonly<Record<string, SiteFileName>> = {
  '/robots.txt': 'robots',
  '/sitemap.xml': 'sitemap',
  '/feed.xml': 'feed',
  '/ads.txt': 'ads',
};

export const SITEMAP_PATH = '/sitemap.xml';
export const FEED_PATH = '/feed.xml';
const SITEMAP_PART_PATH = /^\/sitemap-([1-9][0-9]{0,3})\.xml$/;

/** The path of one part of a sitemap split into an index. */
export function sitemapPartPath(part: number): string {
  return `/sitemap-${part}.xml`;
}

export interface PageMatch {
  readonly kind: 'page';
  readonly rule: RouteRule;
  /** The `[index]` segment of /:index and /category/:index, decoded. */
  readonly index?: string;
}

export interface SiteFileMatch {
  readonly kind: 'site-file';
  readonly rule: SiteFileRule;
  /** The part of a sitemap split into an index (1-based); absent for the sitemap itself. */
  readonly part?: number;
}

export type RouteMatch = PageMatch | SiteFileMatch;

/** Routes at a fixed path (the no-shell private pages). */
export const FIXED_PATHS: Readonly<Record<string, RouteName>> = {
  '/fortified-portal': 'fortified-portal',
  '/login': 'login',
  '/dashboard': 'dashboard',
};

function decodeSegment(segment: string): string | undefined {
  // Most paths have nothing to decode, and decodeURIComponent costs even then.
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const page = (name: RouteName, index?: string): PageMatch => (index === undefined ? { kind: 'page', rule: ROUTE_TABLE[name] } : { kind: 'page', rule: ROUTE_TABLE[name], index });

/** The route of a target that is no page of any site (outside the base path): a 404. */
export const NOT_FOUND_ROUTE: PageMatch = page('not-found');

/** The document at a path (exactly, no trailing slash), or null. */
export function matchSiteFile(path: string): SiteFileMatch | null {
  const name = SITE_FILE_PATHS[path];
  if (name) return { kind: 'site-file', rule: SITE_FILE_TABLE[name] };
  const part = path.startsWith('/sitemap-') ? SITEMAP_PART_PATH.exec(path)?.[1] : undefined;
  return part ? { kind: 'site-file', rule: SITE_FILE_TABLE.sitemap, part: Number(part) } : null;
}

/** Matches a path (without query) to its route; `hasSearch` is whether the query has `s`. */
export function matchRoute(path: string, hasSearch: boolean): RouteMatch {
  const document = matchSiteFile(path);
  if (document) return document;
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (trimmed === '/') return page(hasSearch ? 'search' : 'home');
  const fixed = FIXED_PATHS[trimmed];
  if (fixed) return page(fixed);
  const segments = trimmed.slice(1).split('/');
  if (segments.length === 1 && segments[0]) {
    const index = decodeSegment(segments[0]);
    return index === undefined ? page('not-found') : page('article', index);
  }
  if (segments.length === 2 && segments[0] === 'category' && segments[1]) {
    const index = decodeSegment(segments[1]);
    return index === undefined ? page('not-found') : page('category', index);
  }
  return page('not-found');
}

/**
 * The target without its `page` parameters, the canonical address of a route that takes none.
 * Leading slashes collapse to one: `//host/` would be another site's address. Pure.
 */
export function targetWithoutPage(path: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete('page');
  const rest = query.toString();
  return `${path.replace(/^\/+/, '/')}${rest ? `?${rest}` : ''}`;
}

/** The fixed path of each fixed route. */
const FIXED_PATH_OF: Readonly<Partial<Record<RouteName, string>>> = Object.fromEntries(Object.entries(FIXED_PATHS).map(([path, name]) => [name, path]));

/**
 * The one spelling of a page's path, what its page is kept under (page-cache/rules.ts): a
 * page's bytes read its route and slug alone, so `/slug/`, `/%73lug` and `/slug` are one page
 * (its canonical link names the plain slug). A path whose segment is no slug keeps its own
 * spelling: it is a 404, never kept. Documents match their exact path only. Pure.
 */
export function pagePathOf(route: RouteMatch, path: string): string {
  if (route.kind !== 'page') return path;
  const { name } = route.rule;
  if (name === 'home' || name === 'search') return '/';
  const { index } = route;
  if (index !== undefined && isValidSlug(index)) return name === 'category' ? `/category/${index}` : `/${index}`;
  return FIXED_PATH_OF[name] ?? path;
}

/** Slugs the content API can hold; anything else is a 404 without an upstream call. */
export function isValidSlug(index: string): boolean {
  return /^[a-z0-9][a-z0-9-]{0,199}$/i.test(index);
}
