import { createPageCache, type PageToStore } from '../../../../src/server/page-cache/page-cache';

const page = (renderedSince: number): PageToStore => ({ labels: { route: 'home', site: 'x' }, contentSecurityPolicy: undefined, purgeKeys: 'site-x', renderedSince });

describe('page cache purge', () => {
  it('drops the pages it matches, or all of them', () => {
    const cache = createPageCache({ freshMs: 60_000, staleMs: 0, maxBytes: 1_000_000 });
    for (const key of ['https://a.test|/|', 'https://a.test|/x|', 'https://b.test|/|']) cache.store(key, Buffer.from(key), page(cache.purgeCount()));
    expect(cache.purge((key) => key.startsWith('https://a.test|'))).toBe(2);
    expect(cache.servablePage('https://a.test|/|')).toBeUndefined();
    expect(cache.servablePage('https://b.test|/|')?.purgeKeys).toBe('site-x');
    expect(cache.purge(null)).toBe(1);
    expect(cache.servablePage('https://b.test|/|')).toBeUndefined();
  });

  it('keeps no page whose render began before a purge, even one that dropped nothing; it still answers its own request', () => {
    const cache = createPageCache({ freshMs: 60_000, staleMs: 0, maxBytes: 1_000_000 });
    const renderedSince = cache.purgeCount();
    expect(cache.purge(() => false)).toBe(0);
    const stored = cache.store('https://a.test|/|', Buffer.from('old'), page(renderedSince));
    expect(stored.identity.toString()).toBe('old');
    expect(cache.servablePage('https://a.test|/|')).toBeUndefined();
    cache.store('https://a.test|/|', Buffer.from('new'), page(cache.purgeCount()));
    expect(cache.servablePage('https://a.test|/|')?.identity.toString()).toBe('new');
  });
});
