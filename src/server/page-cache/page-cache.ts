/**
 * Whole rendered pages, kept so that a hit costs no rendering, each with its gzip and brotli
 * forms once a client has asked for them. Only pages asked for again are kept (admission.ts).
 * Fresh for `freshMs`; then, for `staleMs` more, the stale page keeps answering while one
 * request renders its replacement; then, for `lastGoodMs` more, it is kept only as the last
 * resort, for when its refresh fails (a degraded answer, decision 0325). A purge drops pages at
 * once, and a render that began before it is not kept: it may show what the purge removed.
 * With a shared tier (CACHE_URL), this cache is the first tier: a page kept here is written to
 * the deployment's store, and a miss here is looked up there (`lookUpShared`).
 */
import { LRUCache } from 'lru-cache';
import { encodeBody, etagsOf, type Encoding } from '../http/encoding';
import { ownedBytes } from '../memory/owned-bytes';
import { createAdmission } from './second-request';

export interface CachedPage {
  readonly identity: Buffer;
  /**
   * The body in `encoding`. A compressed form is made when first asked for (decision 0320):
   * compressing every kept page in both forms, on the event loop, cost more than rendering it.
   */
  body(encoding: Encoding): Buffer;
  /** One strong ETag per encoding: the bodies differ, so a cache must not take one for another. */
  readonly etags: Readonly<Record<Encoding, string>>;
  readonly storedAt: number;
  /** The request-metrics labels of the request that rendered it, for the hits. */
  readonly labels: PageLabels;
  /** The CSP it was sent with (a site's consent platform widens it), sent again with the hits. */
  readonly contentSecurityPolicy: string | undefined;
  /** The keys a CDN purges it by (Surrogate-Key, space-separated), sent again with the hits. */
  readonly purgeKeys: string | undefined;
  /** How long it is fresh, stale and kept as the last resort: as the instance that rendered it was set. */
  readonly times: PageTimes;
  /** Set while one request renders the replacement of a stale page. */
  refreshingSince: number | null;
}

export interface PageTimes {
  readonly freshMs: number;
  readonly staleMs: number;
  readonly lastGoodMs: number;
}

/** A kept page as the shared tier holds it: all a hit or a last resort needs, on any instance. */
export interface SharedPage extends Pick<CachedPage, 'identity' | 'etags' | 'storedAt' | 'labels' | 'contentSecurityPolicy' | 'purgeKeys' | 'times'> {
  /** The compressed forms the instance that wrote it had made. */
  readonly gzip: Buffer | undefined;
  readonly br: Buffer | undefined;
}

export interface SharedPageLookup {
  /** The deployment's copy: null when there is none (or not one this release reads), undefined when the store could not say. */
  readonly page: SharedPage | null | undefined;
  /** Views of the key across the deployment within `windowMs`, this one counted; undefined when the store could not say. */
  readonly views: number | undefined;
}

/** The shared tier behind the page cache (CACHE_URL; shared-cache/page-tier.ts). */
export interface SharedPageTier {
  /** The deployment's copy of the page, and this view counted for admission, in one round trip. */
  lookup(key: string, windowMs: number): Promise<SharedPageLookup>;
  /** Writes the page for the deployment, for the rest of its lifetime. */
  keep(key: string, page: SharedPage): void;
}

export interface PageLabels {
  readonly route: string;
  readonly site: string;
}

export interface PageCacheOptions {
  readonly freshMs: number;
  readonly staleMs: number;
  /** How long past its stale time a page stays kept as the last good copy (0 by default). */
  readonly lastGoodMs?: number;
  readonly maxBytes: number;
  /** First requests remembered at most, for admission (admission.ts); ADMISSION_BOUNDS unless given. */
  readonly admission?: { readonly maxKeys: number; readonly maxBytes: number };
  readonly now?: () => number;
  /** The shared tier behind this cache; none without CACHE_URL. */
  readonly shared?: SharedPageTier;
}

export interface PageCache {
  /**
   * The page when it may answer as it is: fresh, or stale while another request refreshes it,
   * or stale at all when `staleWillDo` (no request may start to refresh it).
   */
  servablePage(key: string, staleWillDo?: boolean): CachedPage | undefined;
  /** Whether a kept page is still fresh (else it answered stale). */
  isFresh(page: CachedPage): boolean;
  /**
   * Called when servablePage found none: a stale page is marked as being refreshed by the
   * caller, who renders its replacement. True when there was one (release it if no page comes).
   */
  claimRefresh(key: string): boolean;
  /** Any page still kept, however old: the last good copy when its refresh failed. */
  lastGood(key: string): CachedPage | undefined;
  /**
   * With a shared tier only (undefined without): called when servablePage found none, it reads
   * the deployment's copy into this cache (when newer than the one here, and no purge came
   * meanwhile) and says whether the key was asked for before anywhere in the deployment
   * (undefined: the store could not say). Bounded by the store's command timeout.
   */
  readonly lookUpShared: ((key: string) => Promise<boolean | undefined>) | undefined;
  /**
   * Whether the page a miss renders is to be kept: when it was asked for before within a kept
   * page's lifetime (the first request is only remembered) here or, `seenElsewhere`, on another
   * instance of the deployment, or its stale copy is being refreshed.
   */
  admits(key: string, refreshing: boolean, seenElsewhere?: boolean): boolean;
  /**
   * The page with its compressed forms, kept unless a purge came after `renderedSince` (the
   * `purgeCount()` read before its render began): then it only answers its own request.
   */
  store(key: string, html: Buffer, page: PageToStore): CachedPage;
  /** A render that was to refresh the page did not produce one: let another request try. */
  release(key: string): void;
  /** Purges so far: read before a render begins, handed to store. */
  purgeCount(): number;
  /** Drops the pages whose key `matches` (every page when null); returns how many. */
  purge(matches: ((key: string) => boolean) | null): number;
}

export interface PageToStore {
  readonly labels: PageLabels;
  readonly contentSecurityPolicy: string | undefined;
  readonly purgeKeys: string | undefined;
  readonly renderedSince: number;
}

/** A refresh that has not finished in this time is given to the next request. */
const REFRESH_TIMEOUT_MS = 10_000;

/**
 * First requests remembered: about a minute of the long tail at a few hundred views a second
 * (the window is 70 s by default); a key's bytes bound the set when URLs are long.
 */
export const ADMISSION_BOUNDS = { maxKeys: 20_000, maxBytes: 2 * 1024 * 1024 };

/** What a kept page costs beside its bodies: its object, ETags, labels, CSP and purge keys (measured roughly). */
const PAGE_OVERHEAD_BYTES = 1024;

type PageFields = Pick<CachedPage, 'etags' | 'storedAt' | 'labels' | 'contentSecurityPolicy' | 'purgeKeys' | 'times'>;

/** A kept page: its HTML, and its compressed forms once asked for (brotli and gzip at the `kept` effort). */
class KeptPage implements CachedPage {
  readonly etags: CachedPage['etags'];
  readonly storedAt: number;
  readonly labels: PageLabels;
  readonly contentSecurityPolicy: string | undefined;
  readonly purgeKeys: string | undefined;
  readonly times: PageTimes;
  refreshingSince: number | null = null;

  constructor(
    readonly identity: Buffer,
    fields: PageFields,
    private readonly grown: (page: KeptPage) => void,
    private gzip?: Buffer,
    private br?: Buffer,
  ) {
    ({ etags: this.etags, storedAt: this.storedAt, labels: this.labels, contentSecurityPolicy: this.contentSecurityPolicy, purgeKeys: this.purgeKeys, times: this.times } = fields);
  }

  body(encoding: Encoding): Buffer {
    if (encoding === 'identity') return this.identity;
    const kept = encoding === 'gzip' ? this.gzip : this.br;
    if (kept) return kept;
    const encoded = ownedBytes(encodeBody(this.identity, encoding, 'kept'));
    if (encoding === 'gzip') this.gzip = encoded;
    else this.br = encoded;
    this.grown(this);
    return encoded;
  }

  /** What the shared tier writes of it. */
  shared(): SharedPage {
    const { identity, etags, storedAt, labels, contentSecurityPolicy, purgeKeys, times, gzip, br } = this;
    return { identity, etags, storedAt, labels, contentSecurityPolicy, purgeKeys, times, gzip, br };
  }

  /** Bytes it holds in memory, for the page cache's bound. */
  bytes(): number {
    return this.identity.length + (this.gzip?.length ?? 0) + (this.br?.length ?? 0) + PAGE_OVERHEAD_BYTES;
  }
}

const lifetimeOf = (times: PageTimes) => times.freshMs + times.staleMs + times.lastGoodMs;

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const times: PageTimes = { freshMs: options.freshMs, staleMs: options.staleMs, lastGoodMs: options.lastGoodMs ?? 0 };
  const cache = new LRUCache<string, KeptPage>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) => page.bytes(),
    ttl: lifetimeOf(times),
    ttlResolution: 0,
    perf: { now },
  });
  const admissionWindowMs = options.freshMs + options.staleMs;
  const admission = createAdmission({ windowMs: admissionWindowMs, ...(options.admission ?? ADMISSION_BOUNDS), now });
  const { shared } = options;

  let purges = 0;
  const age = (page: CachedPage) => now() - page.storedAt;
  const refreshing = (page: CachedPage) => page.refreshingSince !== null && now() - page.refreshingSince < REFRESH_TIMEOUT_MS;
  const isFresh = (page: CachedPage) => age(page) < page.times.freshMs;
  const servable = (page: CachedPage, staleWillDo: boolean) => isFresh(page) || (age(page) < page.times.freshMs + page.times.staleMs && (staleWillDo || refreshing(page)));

  /** Kept with the lifetime it has left: a compressed form made later grows the entry, and it is set again to be counted anew (the LRU counts a value once). */
  const keep = (key: string, page: KeptPage) => cache.set(key, page, { ttl: lifetimeOf(page.times), start: page.storedAt });
  /** A compressed form was made: counted anew here, and written for the deployment with it. */
  const grown = (key: string) => (page: KeptPage) => {
    if (cache.peek(key) !== page) return;
    cache.delete(key);
    keep(key, page);
    shared?.keep(key, page.shared());
  };

  /** The deployment's copy, kept here unless a purge came since the lookup began or the page here is as new. */
  const adopt = (key: string, found: SharedPage, purgesBefore: number) => {
    const here = cache.peek(key);
    if (purges !== purgesBefore || (here && here.storedAt >= found.storedAt) || now() - found.storedAt >= lifetimeOf(found.times)) return;
    keep(key, new KeptPage(ownedBytes(found.identity), found, grown(key), found.gzip && ownedBytes(found.gzip), found.br && ownedBytes(found.br)));
  };

  return {
    servablePage(key, staleWillDo = false) {
      const page = cache.get(key);
      return page && servable(page, staleWillDo) ? page : undefined;
    },
    isFresh,
    lastGood: (key) => cache.get(key),
    claimRefresh(key) {
      const page = cache.get(key);
      if (!page) return false;
      page.refreshingSince = now();
      return true;
    },
    lookUpShared:
      shared &&
      (async (key) => {
        const purgesBefore = purges;
        const { page, views } = await shared.lookup(key, admissionWindowMs);
        if (page) adopt(key, page, purgesBefore);
        return views === undefined ? undefined : views > 1;
      }),
    admits(key, refreshing, seenElsewhere = false) {
      // Remembered here too: while the store is down, this instance's own count decides.
      return admission.seenBefore(key) || refreshing || seenElsewhere;
    },
    store(key, html, { labels, contentSecurityPolicy, purgeKeys, renderedSince }) {
      const page = new KeptPage(ownedBytes(html), { etags: etagsOf(html), storedAt: now(), labels, contentSecurityPolicy, purgeKeys, times }, grown(key));
      if (renderedSince === purges) {
        keep(key, page);
        shared?.keep(key, page.shared());
      }
      return page;
    },
    release(key) {
      const page = cache.get(key);
      if (page) page.refreshingSince = null;
    },
    purgeCount: () => purges,
    purge(matches) {
      // Counted even when nothing is dropped: a render in flight may be about to keep a page it matches.
      purges++;
      if (!matches) {
        const dropped = cache.size;
        cache.clear();
        return dropped;
      }
      const keys = [...cache.keys()].filter(matches);
      for (const key of keys) cache.delete(key);
      return keys.length;
    },
  };
}

/** What the render step needs to know about caching the page it renders (res.locals.pageOutput). */
export interface PageOutput {
  /** Cache-Control for the answer, by its status. */
  cacheControl(status: number): string;
  /**
   * Keeps the whole HTML of a 200 page that may be kept, with the Content-Security-Policy its
   * hits are sent with; the kept page has its compressed forms.
   */
  capture?: (html: Buffer, contentSecurityPolicy: string) => CachedPage;
  /**
   * The page failed (a 5xx): its kept copy, however old, answers instead as a degraded answer;
   * false when none is kept.
   */
  answerWithKeptPage?: () => boolean;
}
