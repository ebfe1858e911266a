import pino from 'pino';
import { createDataCache, type CacheKind, type CacheOutcome, type CachePolicy } from '../../../../src/server/upstream/data-cache';
import { captureLogs } from '../../../support/logs';

const policy: CachePolicy = { ttlMs: 1000, maxEntries: 3, maxBytes: 10_000 };

function setup() {
  let clock = 1_000_000;
  const logs = captureLogs();
  const outcomes: [CacheKind, CacheOutcome][] = [];
  const cache = createDataCache({
    policies: { settings: policy, menus: policy, lists: policy, articles: policy },
    maxStaleMs: 5000,
    failureBackoffMs: 500,
    log: pino({ level: 'debug' }, logs),
    onOutcome: (kind, outcome) => outcomes.push([kind, outcome]),
    now: () => clock,
  });
  return { cache, logs, outcomes, advance: (ms: number) => (clock += ms) };
}

/** A loader that counts calls and answers what it is told. */
function loader<V>(answer: () => Promise<V>) {
  const fn = jest.fn(answer);
  return fn;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('data cache', () => {
  it('answers a fresh value from the cache without calling upstream', async () => {
    const { cache, outcomes } = setup();
    const load = loader(async () => ({ n: 1 }));
    expect(await cache.get('settings', 'k', load)).toEqual({ n: 1 });
    expect(await cache.get('settings', 'k', load)).toEqual({ n: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(outcomes.map(([, o]) => o)).toEqual(['miss', 'hit']);
  });

  it('coalesces concurrent misses into one upstream call', async () => {
    const { cache } = setup();
    let release!: (v: string) => void;
    const load = loader(() => new Promise<string>((resolve) => (release = resolve)));
    const all = Promise.all(Array.from({ length: 200 }, () => cache.get('settings', 'k', load)));
    await flush();
    release('v');
    expect(await all).toEqual(Array(200).fill('v'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stale-while-revalidate: a stale value answers at once while one refresh runs', async () => {
    const { cache, advance, outcomes } = setup();
    let version = 1;
    const load = loader(async () => version);
    await cache.get('lists', 'k', load);
    advance(1500);
    version = 2;
    expect(await cache.get('lists', 'k', load)).toBe(1);
    await flush();
    expect(await cache.get('lists', 'k', load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
    expect(outcomes.map(([, o]) => o)).toEqual(['miss', 'stale', 'hit']);
  });

  it('stale-if-error: a failed refresh keeps the good value, logged as stale served', async () => {
    const { cache, advance, logs } = setup();
    let fail = false;
    const load = loader(async () => {
      if (fail) throw new Error('upstream down');
      return 'good';
    });
    await cache.get('settings', 'k', load);
    advance(1500);
    fail = true;
    expect(await cache.get('settings', 'k', load)).toBe('good'); // triggers the failing refresh
    await flush();
    expect(await cache.get('settings', 'k', load)).toBe('good');
    expect(logs.events('cache.stale_served').some((l) => l.reason === 'upstream_failing' && l.level === 40)).toBe(true);
    // Past TTL + maxStale the value is too old to serve: the failure shows.
    advance(6000);
    await expect(cache.get('settings', 'k', load)).rejects.toThrow('upstream down');
  });

  it('a failure is never stored as data, and backs off before asking upstream again', async () => {
    const { cache, advance } = setup();
    let fail = true;
    const load = loader(async () => {
      if (fail) throw new Error('boom');
      return 'ok';
    });
    await expect(cache.get('articles', 'k', load)).rejects.toThrow('boom');
    await expect(cache.get('articles', 'k', load)).rejects.toThrow('boom');
    expect(load).toHaveBeenCalledTimes(1);
    advance(600);
    fail = false;
    expect(await cache.get('articles', 'k', load)).toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is bounded in entries', async () => {
    const { cache } = setup();
    for (const key of ['a', 'b', 'c', 'd']) await cache.get('menus', key, async () => key);
    const load = loader(async () => 'again');
    expect(await cache.get('menus', 'a', load)).toBe('again');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is bounded in bytes: an entry larger than the kind allows is not kept', async () => {
    const { cache } = setup();
    const big = 'x'.repeat(20_000);
    const load = loader(async () => big);
    await cache.get('menus', 'big', load);
    await cache.get('menus', 'big', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
