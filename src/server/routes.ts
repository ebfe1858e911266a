/**
 * The route table (spec section 2; contract/app.md, Routes): for each route, shell or not,
 * ads or not, analytics or not. Every page decision about these reads this table.
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
}

export const ROUTE_TABLE: Readonly<Record<RouteName, RouteRule>> = {
  home: { name: 'home', shell: true, ads: true, analytics: true, campaigns: true, indexable: true },
  search: { name: 'search', shell: false, ads: false, analytics: true, campaigns: true, indexable: false },
  article: { name: 'article', shell: true, ads: true, analytics: true, campaigns: true, indexable: true },
  category: { name: 'category', shell: true, ads: true, analytics: true, campaigns: true, indexable: true },
  'fortified-portal': { name: 'fortified-portal', shell: false, ads: false, analytics: false, campaigns: false, indexable: false },
  login: { name: 'login', shell: false, ads: false, analytics: true, campaigns: false, indexable: false },
  dashboard: { name: 'dashboard', shell: false, ads: false, analytics: true, campaigns: false, indexable: false },
  'not-found': { name: 'not-found', shell: true, ads: false, analytics: true, campaigns: false, indexable: false },
};

export interface RouteMatch {
  readonly rule: RouteRule;
  /** The `[index]` segment of /:index and /category/:index, decoded. */
  readonly index?: string;
}

const FIXED: Readonly<Record<string, RouteName>> = {
  '/fortified-portal': 'fortified-portal',
  '/login': 'login',
  '/dashboard': 'dashboard',
};

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Matches a path (without query) to its route; `hasSearch` is whether the query has `s`. */
export function matchRoute(path: string, hasSearch: boolean): RouteMatch {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (trimmed === '/') return { rule: ROUTE_TABLE[hasSearch ? 'search' : 'home'] };
  const fixed = FIXED[trimmed];
  if (fixed) return { rule: ROUTE_TABLE[fixed] };
  const segments = trimmed.slice(1).split('/');
  const notFound = { rule: ROUTE_TABLE['not-found'] };
  if (segments.length === 1 && segments[0]) {
    const index = decodeSegment(segments[0]);
    return index === undefined ? notFound : { rule: ROUTE_TABLE.article, index };
  }
  if (segments.length === 2 && segments[0] === 'category' && segments[1]) {
    const index = decodeSegment(segments[1]);
    return index === undefined ? notFound : { rule: ROUTE_TABLE.category, index };
  }
  return notFound;
}

/** Slugs the content API can hold; anything else is a 404 without an upstream call. */
export function isValidSlug(index: string): boolean {
  return /^[a-z0-9][a-z0-9-]{0,199}$/i.test(index);
}
