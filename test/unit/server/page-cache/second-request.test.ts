import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createAdmission } from '../../../../src/server/page-cache/second-request';
import { createPageCache, type PageToStore } from '../../../../src/server/page-cache/page-cache';

const toStore = (renderedSince: number): PageToStore => ({ labels: { route: 'article', site: 'x' }, contentSecurityPolicy: undefined, purgeKeys: undefined, renderedSince });

describe('page-cache admission', () => {
  it('admits a key on its second request within the window, not its first, nor one after the window', () => {
    let clock = 1_000_000;
    const admission = createAdmission({ windowMs: 1_000, maxKeys: 10, maxBytes: 10_000, now: () => clock });
    expect(admission.seenBefore('a')).toBe(false);
    expect(admission.seenBefore('a')).toBe(true);
    expect(admission.seenBefore('b')).toBe(false);
    clock += 1_001;
    expect(admission.seenBefore('b')).toBe(false);
    expect(admission.seenBefore('b')).toBe(true);
  });

  it('remembers a bounded number of first requests, and bounded bytes of keys: the oldest are forgotten', () => {
    const byCount = createAdmission({ windowMs: 60_000, maxKeys: 2, maxBytes: 10_000 });
    for (const key of ['a', 'b', 'c']) byCount.seenBefore(key);
    expect(byCount.seenBefore('a')).toBe(false);
    expect(byCount.seenBefore('c')).toBe(true);
    const byBytes = createAdmission({ windowMs: 60_000, maxKeys: 1_000, maxBytes: 2 * (64 + 100) });
    for (const key of ['a', 'b', 'c']) byBytes.seenBefore(key.repeat(100));
    expect(byBytes.seenBefore('a'.repeat(100))).toBe(false);
    expect(byBytes.seenBefore('c'.repeat(100))).toBe(true);
  });

  it('a page being refreshed (kept before) is admitted without a second request', () => {
    const cache = createPageCache({ freshMs: 10_000, staleMs: 60_000, maxBytes: 1_000_000 });
    expect(cache.admits('https://a.test|/x|', true)).toBe(true);
    expect(cache.admits('https://a.test|/y|', false)).toBe(false);
  });
});

describe('a kept page\'s compressed forms', () => {
  it('are made when first asked for, once, and counted against the bound then', () => {
    const html = Buffer.from(`<p>${'an answer that compresses well '.repeat(200)}</p>`);
    // Room for two pages as kept (identity only), not for one with its compressed forms as well.
    const cache = createPageCache({ freshMs: 10_000, staleMs: 0, maxBytes: 2 * (html.length + 1024) + 100 });
    const first = cache.store('https://a.test|/1|', html, toStore(cache.purgeCount()));
    cache.store('https://a.test|/2|', html, toStore(cache.purgeCount()));
    expect(cache.servablePage('https://a.test|/1|')).toBe(first);
    expect(cache.servablePage('https://a.test|/2|')).toBeDefined();
    const br = first.body('br');
    expect(brotliDecompressSync(br).equals(html)).toBe(true);
    expect(first.body('br')).toBe(br);
    expect(gunzipSync(first.body('gzip')).equals(html)).toBe(true);
    // Its own copy of the bytes (memory/owned-bytes.ts), the one every identity answer sends.
    expect(first.body('identity').equals(html)).toBe(true);
    expect(first.body('identity')).toBe(first.identity);
    // Grown past the bound, the least recently used page gives way.
    expect(cache.servablePage('https://a.test|/2|')).toBeUndefined();
    expect(cache.servablePage('https://a.test|/1|')).toBe(first);
  });
});
