import { MAX_PURGE_KEYS_LENGTH, purgeKeyHeaders, purgeKeysOf } from '../../../../src/server/page-cache/purge-keys';

describe('purgeKeysOf', () => {
  it('names the site, then each article', () => {
    expect(purgeKeysOf('example', ['a1', 'art-2'])).toBe('site-example article-a1 article-art-2');
    expect(purgeKeysOf('example', [])).toBe('site-example');
  });

  it('names the site alone past the bound: a purge of the site still reaches the page', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `0123456789abcdef0123${String(i).padStart(4, '0')}`);
    expect(purgeKeysOf('example', ids)).toBe('site-example');
    const fitting = ids.slice(0, 50);
    const keys = purgeKeysOf('example', fitting);
    expect(keys.split(' ')).toHaveLength(51);
    expect(keys.length).toBeLessThanOrEqual(MAX_PURGE_KEYS_LENGTH);
  });

  it('names the site alone when an id cannot be spelled as a key (a space or comma would split it)', () => {
    expect(purgeKeysOf('example', ['a1', 'two words'])).toBe('site-example');
    expect(purgeKeysOf('example', ['a,b'])).toBe('site-example');
  });

  it('gives Surrogate-Key space-separated and Cache-Tag comma-separated', () => {
    expect(purgeKeyHeaders('site-x article-1')).toEqual(['surrogate-key', 'site-x article-1', 'cache-tag', 'site-x,article-1']);
  });
});
