/**
 * The content API as one request sees it: the one wrapper of the content API (decision 0335).
 * Every call of the table below goes the same way: the data cache (when there is one), the
 * request's upstream budget, and the request's observer of the articles its answers carry
 * (the page's purge keys). Callers see the same interface as the client's.
 */
import type { Article, SiteSetting } from '../../shared/records';
import type { AnswerReader, AnswerReaders, AnswerOf, ContentApi, ContentCall } from './content-api';
import type { CacheKind, DataCache, PurgeTag, WaitBound } from './data-cache';
import { DATA_TAGS, type KeptSiteLookups } from './data-tags';
import type { LookupScope } from './failures';
import { untilSpent, withinBudget, type RequestBudget } from './request-budget';

/** A request's view of the content API, and how the page it renders keeps the data it was built from. */
export interface RequestContentApi {
  readonly api: ContentApi;
  /** The page is kept (page cache): the answers it was built from are kept as used again (DataCache.keep). */
  keepSources(): void;
}

/** Told of the articles each answer carries (search left out: its pages are personal, never kept by a shared cache). */
export type ArticlesObserver = (articles: readonly Article[]) => void;

/**
 * Per call: which cache (TTL and bounds) its answers live in, and the articles an answer
 * carries. A client bug may hand over no list: the observer only notes, the page gets the
 * answer unchanged.
 */
const CALLS: { readonly [K in ContentCall]: { readonly kind: CacheKind; readonly articles?: (answer: AnswerOf<K>) => readonly Article[] | undefined } } = {
  subdomainsByHost: { kind: 'settings' },
  domainsByHost: { kind: 'settings' },
  domainsById: { kind: 'settings' },
  globalSetting: { kind: 'settings' },
  categoriesByIds: { kind: 'menus' },
  categoriesBySlug: { kind: 'menus' },
  findNewArticles: { kind: 'lists', articles: (answer) => answer },
  homeArticles: { kind: 'lists', articles: (answer) => answer },
  categoryArticles: { kind: 'lists', articles: (answer) => answer?.articles },
  searchArticles: { kind: 'lists' },
  articleBySlug: { kind: 'articles', articles: (answer) => (answer ? [answer] : undefined) },
};

/** The cache key of a call: its name and its arguments as JSON. */
export function cacheKeyOf(name: string, args: readonly unknown[]): string {
  return `${name}:${JSON.stringify(args)}`;
}

type AnyCall = (...args: unknown[]) => Promise<unknown>;

/**
 * One request's view. A class, so that a view is one small object: an object literal of
 * closures made per request was eleven functions and a context, which V8 learned to allocate
 * straight into the old generation (pretenuring), where each request's copy then waited for a
 * full collection (docs/performance.md). Its methods, one per call of CALLS, are put on the
 * prototype once, below.
 */
class RequestView {
  /** The cache keys this request looked up: a handful per page. */
  readonly used: string[] = [];

  constructor(
    private readonly inner: ContentApi,
    private readonly cache: DataCache | null,
    private readonly scope: LookupScope,
    private readonly budget: RequestBudget,
    private readonly observer: ArticlesObserver | undefined,
    private readonly readers: AnswerReaders | undefined,
  ) {}

  // The steps every lookup takes make no closure (a closure in a function costs its every call a
  // context): the closures are made in the steps of a miss and of the observer alone.
  lookup(name: ContentCall, args: readonly unknown[]): Promise<unknown> {
    const answer = this.answer(name, args);
    const { articles } = CALLS[name] as { readonly articles?: (answer: unknown) => readonly Article[] | undefined };
    const { observer } = this;
    return articles && observer ? noted(answer, articles, observer) : answer;
  }

  private answer(name: ContentCall, args: readonly unknown[]): Promise<unknown> {
    const { cache } = this;
    if (!cache) return this.uncached(name, args);
    const { kind } = CALLS[name];
    const key = cacheKeyOf(name, args);
    this.used.push(key);
    // A fresh answer first: what a miss needs is made only for a miss.
    return cache.fresh(kind, key) ?? this.miss(cache, kind, key, name, args);
  }

  private uncached(name: ContentCall, args: readonly unknown[]): Promise<unknown> {
    return withinBudget(name, this.budget, () => this.call(name, args));
  }

  private miss(cache: DataCache, kind: CacheKind, key: string, name: ContentCall, args: readonly unknown[]): Promise<unknown> {
    const { budget, scope } = this;
    const tagsOf = DATA_TAGS[name] as (...callArgs: readonly unknown[]) => readonly PurgeTag[];
    const bound: WaitBound = (wait) => untilSpent(name, budget, wait);
    const read = this.readers?.[name] as AnswerReader<unknown> | undefined;
    // `degraded`: the answer was a copy older than a purge that named it.
    return cache.get(kind, key, () => this.call(name, args), { tags: () => tagsOf(...args), log: scope.log, bound, degraded: () => void scope.fellBack.add('purged'), read });
  }

  /** The client's call, looked up when it is made (a test's client may change its calls). */
  private call(name: ContentCall, args: readonly unknown[]): Promise<unknown> {
    const { inner } = this;
    return (inner[name] as AnyCall).apply(inner, args as unknown[]);
  }
}

/** `answer`, its articles told to `observer` once it comes. */
function noted(answer: Promise<unknown>, articles: (answer: unknown) => readonly Article[] | undefined, observer: ArticlesObserver): Promise<unknown> {
  return answer.then((value) => {
    const carried = articles(value);
    if (Array.isArray(carried)) observer(carried);
    return value;
  });
}

for (const name of Object.keys(CALLS) as ContentCall[]) {
  Object.defineProperty(RequestView.prototype, name, {
    value: function (this: RequestView, ...args: readonly unknown[]) {
      return this.lookup(name, args);
    },
  });
}

export interface RequestContentApiDeps {
  readonly inner: ContentApi;
  /** The data cache in front of the client; null without one (DATA_CACHE=off). */
  readonly cache: DataCache | null;
  /** The client's readers, for the answers the shared tier hands back as the content API sent them; without them such an answer is a miss. */
  readonly readers?: AnswerReaders;
}

/**
 * Each request's view of the content API: its cache lines go to the request's logger, its
 * waits for the upstream end with the request's budget, when the cache answers as for a failed
 * call (its last good answer, else the budget's timeout); a kept answer needs no wait, so it
 * answers even once the budget is spent. `observer` is told of the articles the answers carry.
 */
export function requestContentApiFor({ inner, cache, readers }: RequestContentApiDeps) {
  return (scope: LookupScope, budget: RequestBudget, observer?: ArticlesObserver): RequestContentApi => {
    const view = new RequestView(inner, cache, scope, budget, observer, readers);
    return { api: view as unknown as ContentApi, keepSources: () => cache?.keep(view.used) };
  };
}

/**
 * What the cache keeps of a host's site lookups (for a purge of its site), without a lookup.
 * The cache holds these calls' validated answers under their keys, hence the types.
 */
export function keptSiteLookupsOf(cache: DataCache, host: string): KeptSiteLookups {
  const kept = (name: ContentCall, arg: string) => cache.peek(CALLS[name].kind, cacheKeyOf(name, [arg])) as readonly SiteSetting[] | undefined;
  const subdomains = kept('subdomainsByHost', host);
  const parentId = subdomains?.[0]?.domain;
  return { subdomains, parents: parentId ? kept('domainsById', parentId) : undefined, domains: kept('domainsByHost', host) };
}
