import { cacheControlOf, isSharedCacheControl, pageCacheHostOf, pageCacheKeyOf } from '../../../../src/server/page-cache/rules';

const base = { origin: 'https://a.example.com', path: '/x', query: {} };
const times = { freshSeconds: 10, staleWhileRevalidateSeconds: 60, staleIfErrorSeconds: 3600 };

describe('pageCacheKeyOf', () => {
  it('keys by origin, path and page; tracking parameters do not matter', () => {
    expect(pageCacheKeyOf(base)).toBe(pageCacheKeyOf({ ...base, query: { utm_source: 'x', fbclid: 'y' } }));
    expect(pageCacheKeyOf(base)).not.toBe(pageCacheKeyOf({ ...base, origin: 'https://b.example.com' }));
    expect(pageCacheKeyOf({ ...base, origin: 'http://localhost:3000' })).not.toBe(pageCacheKeyOf({ ...base, origin: 'http://localhost:4000' }));
    expect(pageCacheKeyOf(base)).not.toBe(pageCacheKeyOf({ ...base, query: { page: '2' } }));
  });
  it.each(['s', 'utm_id', 'campaign_id', 'testDisplayAd'])('a page with %s is personal: no key', (name) => {
    expect(pageCacheKeyOf({ ...base, query: { [name]: '' } })).toBeNull();
  });
  it('a repeated page parameter is not cached', () => {
    expect(pageCacheKeyOf({ ...base, query: { page: ['1', '2'] } })).toBeNull();
  });
});

describe('cacheControlOf', () => {
  it('lets a CDN keep shared 200 pages with SWR and SIE', () => {
    expect(cacheControlOf(true, 200, times)).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60, stale-if-error=3600');
  });
  it('never for personal pages or errors', () => {
    expect(cacheControlOf(false, 200, times)).toBe('private, no-store');
    expect(cacheControlOf(true, 404, times)).toBe('private, no-store');
    expect(cacheControlOf(true, 503, times)).toBe('private, no-store');
  });
});

describe('pageCacheHostOf', () => {
  it('reads the host of a key, as a purge names it', () => {
    expect(pageCacheHostOf(pageCacheKeyOf(base) ?? '')).toBe('a.example.com');
    expect(pageCacheHostOf(pageCacheKeyOf({ ...base, origin: 'http://cooking.localhost:3000' }) ?? '')).toBe('cooking.localhost');
    expect(pageCacheHostOf(pageCacheKeyOf({ ...base, origin: 'http://[::1]:3000' }) ?? '')).toBe('::1');
  });
});

describe('isSharedCacheControl', () => {
  it('is true for what a shared cache may keep', () => {
    expect(isSharedCacheControl(cacheControlOf(true, 200, times))).toBe(true);
    expect(isSharedCacheControl(cacheControlOf(false, 200, times))).toBe(false);
    expect(isSharedCacheControl(undefined)).toBe(false);
  });
});
