/**
 * The page cache's shared tier (page-cache/page-cache.ts, SharedPageTier): kept pages written
 * for the whole deployment, so that a page one instance rendered is a hit on the others, and
 * the views of each key counted across the deployment for admission.
 * - A page is one binary value: a 4-byte length, a JSON header (format, stored time, its fresh,
 *   stale and last-resort times, ETags, CSP, purge keys, labels, the bodies' lengths), then its
 *   identity body and the compressed forms its writer had made. It lives for its whole lifetime
 *   (fresh, stale and last resort), and is found by its host's tag for a purge.
 * - A view is an INCR of the key's counter, which expires after the admission window.
 * - A value of another format, or unreadable, is a miss (counted as `error`).
 * Only pages the first tier keeps are written: a degraded answer never is.
 */
import { z } from 'zod';
import type { SharedPage, SharedPageLookup, SharedPageTier } from '../page-cache/page-cache';
import { pageCacheHostOf } from '../page-cache/rules';
import { STORE_FORMAT, type SharedLookupOutcome, type SharedStore } from './store';

export interface SharedPageTierOptions {
  readonly store: SharedStore;
  readonly countLookup: (cache: string, outcome: SharedLookupOutcome) => void;
  readonly now?: () => number;
}

/** The shared tier's tag of every page of `host`: a purge of the site, or of its slugs, drops them all (as the first tier does). */
export const pageTagOf = (host: string): string => `page-host:${host}`;

const LENGTH_BYTES = 4;
const EMPTY = Buffer.alloc(0);

const header = z.object({
  f: z.literal(STORE_FORMAT),
  at: z.number(),
  times: z.object({ freshMs: z.number(), staleMs: z.number(), lastGoodMs: z.number() }),
  etags: z.object({ identity: z.string(), gzip: z.string(), br: z.string() }),
  csp: z.string().optional(),
  keys: z.string().optional(),
  labels: z.object({ route: z.string(), site: z.string() }),
  /** Bytes of the identity, gzip and brotli bodies (0: not made). */
  sizes: z.tuple([z.number().int().positive(), z.number().int().nonnegative(), z.number().int().nonnegative()]),
});

/** The stored bytes of `page`. Pure. */
export function sharedPageBytes(page: SharedPage): Buffer {
  const { identity, gzip = EMPTY, br = EMPTY } = page;
  const fields: z.input<typeof header> = {
    f: STORE_FORMAT,
    at: page.storedAt,
    times: page.times,
    etags: page.etags,
    csp: page.contentSecurityPolicy,
    keys: page.purgeKeys,
    labels: page.labels,
    sizes: [identity.length, gzip.length, br.length],
  };
  const json = Buffer.from(JSON.stringify(fields));
  const length = Buffer.allocUnsafe(LENGTH_BYTES);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, identity, gzip, br]);
}

/** The page in `bytes`, or null when they are not one of this format. Pure. */
export function sharedPageOf(bytes: Buffer): SharedPage | null {
  if (bytes.length < LENGTH_BYTES) return null;
  const headerEnd = LENGTH_BYTES + bytes.readUInt32BE(0);
  if (headerEnd > bytes.length) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8', LENGTH_BYTES, headerEnd));
  } catch {
    return null;
  }
  const read = header.safeParse(parsed);
  if (!read.success) return null;
  const { at, times, etags, csp, keys, labels, sizes } = read.data;
  const [identityBytes, gzipBytes, brBytes] = sizes;
  if (headerEnd + identityBytes + gzipBytes + brBytes !== bytes.length) return null;
  const body = (start: number, size: number) => (size === 0 ? undefined : bytes.subarray(start, start + size));
  return {
    identity: bytes.subarray(headerEnd, headerEnd + identityBytes),
    gzip: body(headerEnd + identityBytes, gzipBytes),
    br: body(headerEnd + identityBytes + gzipBytes, brBytes),
    etags,
    storedAt: at,
    times,
    contentSecurityPolicy: csp,
    purgeKeys: keys,
    labels,
  };
}

const lifetimeOf = (page: SharedPage) => page.times.freshMs + page.times.staleMs + page.times.lastGoodMs;

export function createSharedPageTier(options: SharedPageTierOptions): SharedPageTier {
  const { store, countLookup } = options;
  const now = options.now ?? Date.now;
  const pageName = (key: string) => `page:${key}`;

  function outcomeOf(bytes: Buffer | null | undefined, page: SharedPage | null): SharedLookupOutcome {
    if (bytes === undefined || (bytes !== null && page === null)) return 'error';
    if (page === null) return 'miss';
    return now() - page.storedAt < page.times.freshMs ? 'hit' : 'stale';
  }

  return {
    async lookup(key, windowMs): Promise<SharedPageLookup> {
      const reply = await store.readAndCount(pageName(key), `views:${key}`, windowMs);
      const bytes = reply?.value;
      const page = bytes ? sharedPageOf(bytes) : null;
      countLookup('page', outcomeOf(bytes, page));
      return { page: bytes === undefined ? undefined : page, views: reply?.count };
    },
    keep(key, page) {
      const leftMs = page.storedAt + lifetimeOf(page) - now();
      if (leftMs <= 0) return;
      void store.set(pageName(key), sharedPageBytes(page), leftMs, [pageTagOf(pageCacheHostOf(key))], lifetimeOf(page));
    },
  };
}
