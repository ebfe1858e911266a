/** Purges of the data cache: tagged entries and fetches in flight go; the last good copy stays for outages only. */
import pino from 'pino';
import { createDataCache, type CachePolicy } from '../../../../src/server/content/data-cache';
import { captureLogs } from '../../../support/logs';
import { createOutageLog } from '../../../../src/server/content/outage-log';

const policy: CachePolicy = { ttlMs: 60_000, maxEntries: 100, maxBytes: 100_000 };

function setup() {
  const clock = 1_000_000;
  return createDataCache({
    policies: { settings: policy, menus: policy, lists: policy, articles: policy },
    maxStaleMs: 3_600_000,
    failureBackoffMs: 500,
    log: pino({ level: 'debug' }, captureLogs()),
    outage: createOutageLog({ log: pino({ level: 'silent' }), intervalMs: 60_000 }),
    now: () => clock,
  });
}

const tagged = (...tags: string[]) => ({ tags: () => tags });

/** A load the test answers when it wants. */
function deferred<V>() {
  let resolve: (value: V) => void = () => undefined;
  const promise = new Promise<V>((r) => (resolve = r));
  return { promise, resolve };
}

describe('data cache purge', () => {
  it('drops the entries with a named tag, in every kind, and only those', async () => {
    const cache = setup();
    await cache.get('articles', 'a', async () => 'old a', tagged('article:x', 'articles:s1'));
    await cache.get('lists', 'l', async () => 'old l', tagged('lists:s1'));
    await cache.get('lists', 'other', async () => 'other', tagged('lists:s2'));
    expect(cache.purge(new Set(['articles:s1', 'lists:s1']))).toBe(2);
    expect(await cache.get('articles', 'a', async () => 'new a', tagged('article:x'))).toBe('new a');
    expect(await cache.get('lists', 'l', async () => 'new l', tagged('lists:s1'))).toBe('new l');
    const load = jest.fn(async () => 'asked');
    expect(await cache.get('lists', 'other', load, tagged('lists:s2'))).toBe('other');
    expect(load).not.toHaveBeenCalled();
  });

  it('null drops everything; an entry without tags only then', async () => {
    const cache = setup();
    await cache.get('menus', 'untagged', async () => 1);
    expect(cache.purge(new Set(['anything']))).toBe(0);
    expect(cache.purge(null)).toBe(1);
    expect(await cache.get('menus', 'untagged', async () => 2)).toBe(2);
  });

  it('a fetch in flight is given up: its waiters ask again and get the answer after the purge, which alone is kept', async () => {
    const cache = setup();
    // The upstream: the first call is held and answers what it had before the edit; later calls answer at once.
    const held = deferred<string>();
    let current = 'before the edit';
    const load = jest.fn((): Promise<string> => (load.mock.calls.length === 1 ? held.promise : Promise.resolve(current)));
    const waiting = Promise.all([cache.get('articles', 'a', load, tagged('t')), cache.get('articles', 'a', load, tagged('t'))]);
    expect(load).toHaveBeenCalledTimes(1);
    current = 'after the edit';
    expect(cache.purge(new Set(['t']))).toBe(1);
    held.resolve('before the edit');
    expect(await waiting).toEqual(['after the edit', 'after the edit']);
    expect(await cache.get('articles', 'a', async () => 'not asked', tagged('t'))).toBe('after the edit');
  });

  it('keeps the last good copy for an outage, but never answers from it while the upstream answers', async () => {
    const cache = setup();
    await cache.get('articles', 'a', async () => 'before', tagged('t'));
    cache.purge(new Set(['t']));
    expect(await cache.get('articles', 'a', async () => 'after', tagged('t'))).toBe('after');
    cache.purge(new Set(['t']));
    expect(await cache.get('articles', 'a', () => Promise.reject(new Error('upstream down')), tagged('t'))).toBe('after');
  });

  it('forgets a failure back-off: the next lookup asks the upstream at once', async () => {
    const cache = setup();
    await cache.get('lists', 'l', async () => 'good', tagged('t'));
    cache.purge(new Set(['t']));
    // Fails, and would otherwise wait out its back-off answering the last good copy.
    expect(await cache.get('lists', 'l', () => Promise.reject(new Error('blip')), tagged('t'))).toBe('good');
    cache.purge(new Set(['t']));
    expect(await cache.get('lists', 'l', async () => 'fresh', tagged('t'))).toBe('fresh');
  });

  it('peek reads a kept value without a lookup', async () => {
    const cache = setup();
    expect(cache.peek('settings', 'k')).toBeUndefined();
    await cache.get('settings', 'k', async () => ['record'], tagged('host:h'));
    expect(cache.peek('settings', 'k')).toEqual(['record']);
    cache.purge(null);
    // Gone from the cache, still kept as the last good copy (for an outage, and for a purge to read).
    expect(cache.peek('settings', 'k')).toEqual(['record']);
  });
});
