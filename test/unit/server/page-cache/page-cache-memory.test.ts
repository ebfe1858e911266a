/**
 * A kept page holds its own bytes: a Buffer Node sliced from a shared pool slab (a page from
 * Buffer.concat, a body from zlib's one-call compressors) would keep the whole slab alive, more
 * than the page cache's bound counts.
 */
import { createPageCache, type PageToStore } from '../../../../src/server/page-cache/page-cache';
import { ownedBytes } from '../../../../src/server/memory/owned-bytes';

const page: PageToStore = { labels: { route: 'article', site: 'x' }, contentSecurityPolicy: undefined, purgeKeys: undefined, renderedSince: 0 };
/** A page as a render leaves it: joined from chunks, so a slice of Node's pool when small. */
const rendered = () => Buffer.concat([Buffer.from('<!DOCTYPE html><html><body>'), Buffer.from('<p>answer</p>'.repeat(1000)), Buffer.from('</body></html>')]);
const owns = (bytes: Buffer) => bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength;

describe('kept bytes', () => {
  it('copies a slice of a larger slab, and keeps a buffer that owns its memory as it is', () => {
    const slice = rendered();
    expect(owns(slice)).toBe(false);
    const owned = ownedBytes(slice);
    expect(owns(owned)).toBe(true);
    expect(owned.equals(slice)).toBe(true);
    expect(ownedBytes(owned)).toBe(owned);
  });

  it('a kept page and the compressed forms it makes hold no more than their own bytes', () => {
    const cache = createPageCache({ freshMs: 60_000, staleMs: 0, maxBytes: 1_000_000 });
    const kept = cache.store('https://a.test|/answer|', rendered(), page);
    expect(owns(kept.identity)).toBe(true);
    expect(owns(kept.body('gzip'))).toBe(true);
    expect(owns(kept.body('br'))).toBe(true);
    expect(kept.identity.toString()).toContain('<p>answer</p>');
  });
});
