import pino from 'pino';
import { withJsonLength } from '../../../../src/server/content/answer-bytes';
import { createDataCache, HEAP_BYTES_PER_JSON_BYTE, type CacheKind, type CacheOutcome, type CachePolicy } from '../../../../src/server/content/data-cache';
import { createOutageLog } from '../../../../src/server/content/outage-log';
import { UpstreamError } from '../../../../src/server/content/upstream-error';
import { captureLogs } from '../../../support/logs';

const URL_OF_KEY = 'http://api.test/api/article/search?q=VISITOR-SEARCH-TEXT';
/** A call that was made and failed, as the HTTP client throws it. */
const callFailed = () => new UpstreamError('timeout', URL_OF_KEY, { message: 'upstream did not answer within 2000 ms' });

const policy: CachePolicy = { ttlMs: 1000, maxEntries: 3, maxBytes: 10_000 };

function setup() {
  let clock = 1_000_000;
  const logs = captureLogs();
  const outcomes: [CacheKind, CacheOutcome][] = [];
  const log = pino({ level: 'debug' }, logs);
  const outage = createOutageLog({ log, intervalMs: 60_000 });
  const cache = createDataCache({
    policies: { settings: policy, menus: policy, lists: policy, articles: policy },
    maxStaleMs: 5000,
    failureBackoffMs: 500,
    log,
    outage,
    onOutcome: (kind, outcome) => outcomes.push([kind, outcome]),
    now: () => clock,
  });
  return { cache, logs, outcomes, outage, advance: (ms: number) => (clock += ms) };
}

/** A loader that counts calls and answers what it is told. */
function loader<V>(answer: () => Promise<V>) {
  const fn = jest.fn(answer);
  return fn;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('data cache', () => {
  it('sizes an entry by the length of the JSON text its answer was read from, not by serializing it again', async () => {
    const { cache } = setup();
    // The same small value: read from a text over the kind's byte bound it is not kept, from a short one it is.
    const overBound = Math.ceil(policy.maxBytes / HEAP_BYTES_PER_JSON_BYTE.articles) + 1;
    const large = loader(async () => withJsonLength({ n: 1 }, overBound));
    await cache.get('articles', 'large', large);
    await cache.get('articles', 'large', large);
    expect(large).toHaveBeenCalledTimes(2);
    const small = loader(async () => withJsonLength({ n: 1 }, 10));
    await cache.get('articles', 'small', small);
    await cache.get('articles', 'small', small);
    expect(small).toHaveBeenCalledTimes(1);
  });

  it('answers a fresh value from the cache without calling upstream', async () => {
    const { cache, outcomes } = setup();
    const load = loader(async () => ({ n: 1 }));
    expect(await cache.get('settings', 'k', load)).toEqual({ n: 1 });
    expect(await cache.get('settings', 'k', load)).toEqual({ n: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(outcomes.map(([, o]) => o)).toEqual(['miss', 'hit']);
  });

  it('answers a fresh value without a loader: one settled answer while it is fresh, none before or after', async () => {
    const { cache, outcomes, advance } = setup();
    expect(cache.fresh('settings', 'k')).toBeUndefined();
    await cache.get('settings', 'k', async () => ({ n: 1 }));
    const answer = cache.fresh('settings', 'k');
    expect(answer).toBeDefined();
    expect(cache.fresh('settings', 'k')).toBe(answer);
    expect(await answer).toEqual({ n: 1 });
    expect(outcomes.map(([, o]) => o)).toEqual(['miss', 'hit', 'hit']);
    advance(policy.ttlMs);
    expect(cache.fresh('settings', 'k')).toBeUndefined();
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

  it('stale-if-error: a failed refresh keeps the good value; its call is one line, the stale answers are counted', async () => {
    const { cache, advance, logs, outage } = setup();
    let fail = false;
    const load = loader(async () => {
      if (fail) throw callFailed();
      return 'good';
    });
    await cache.get('lists', 'searchArticles:["VISITOR-SEARCH-TEXT"]', load);
    advance(1500);
    fail = true;
    expect(await cache.get('lists', 'searchArticles:["VISITOR-SEARCH-TEXT"]', load)).toBe('good'); // triggers the failing refresh
    await flush();
    for (let i = 0; i < 5; i++) expect(await cache.get('lists', 'searchArticles:["VISITOR-SEARCH-TEXT"]', load)).toBe('good');
    expect(load).toHaveBeenCalledTimes(2);
    expect(logs.events('cache.refresh_failed')).toEqual([expect.objectContaining({ level: 40, cache: 'lists', kind: 'timeout', url: URL_OF_KEY })]);
    outage.flush();
    expect(logs.events('upstream.outage_summary')).toEqual([expect.objectContaining({ origin: 'http://api.test', failedCalls: 0, staleServed: 6 })]);
    // The key, a visitor's search text, is on no line (the URL's query values go at the logger).
    expect(logs.raw.filter((line) => line.includes('VISITOR-SEARCH-TEXT') && !line.includes('"url"'))).toEqual([]);
    // Past TTL + maxStale the value is too old to serve: the failure shows.
    advance(6000);
    await expect(cache.get('lists', 'searchArticles:["VISITOR-SEARCH-TEXT"]', load)).rejects.toThrow('upstream did not answer');
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

  it('a remembered failure is handed on as a lookup without a call, and counted', async () => {
    const { cache, logs, outage } = setup();
    const load = loader(async () => {
      throw callFailed();
    });
    const first = await cache.get('settings', 'k', load).catch((error: unknown) => error);
    const again = await Promise.all([1, 2, 3].map(() => cache.get('settings', 'k', load).catch((error: unknown) => error)));
    expect(load).toHaveBeenCalledTimes(1);
    expect(first).toMatchObject({ kind: 'timeout', madeCall: true });
    for (const error of again) expect(error).toMatchObject({ kind: 'timeout', madeCall: false });
    outage.flush();
    expect(logs.events('upstream.outage_summary')).toEqual([expect.objectContaining({ failedWithoutCall: 3, failedWithoutCallReasons: { remembered: 3 } })]);
  });

  it('a call the origin guard refused is not remembered: the next lookup asks again', async () => {
    const { cache } = setup();
    let refuse = true;
    const load = loader(async () => {
      if (refuse) throw new UpstreamError('circuit_open', URL_OF_KEY, { message: 'upstream circuit is open', madeCall: false });
      return 'ok';
    });
    await expect(cache.get('settings', 'k', load)).rejects.toMatchObject({ kind: 'circuit_open' });
    refuse = false;
    expect(await cache.get('settings', 'k', load)).toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('requests that shared one failed call: the first gets it as its own, the others without a call', async () => {
    const { cache } = setup();
    let fail!: () => void;
    const load = loader(() => new Promise<string>((_resolve, reject) => (fail = () => reject(callFailed()))));
    const all = Promise.all(Array.from({ length: 20 }, () => cache.get('settings', 'k', load).then(() => undefined, (error: unknown) => error as UpstreamError)));
    await flush();
    fail();
    const errors = await all;
    expect(load).toHaveBeenCalledTimes(1);
    expect(errors.filter((error) => error?.madeCall === true)).toHaveLength(1);
    expect(errors.filter((error) => error?.madeCall === false)).toHaveLength(19);
  });

  it('is bounded in entries', async () => {
    const { cache } = setup();
    for (const key of ['a', 'b', 'c', 'd']) await cache.get('menus', key, async () => key);
    const load = loader(async () => 'again');
    expect(await cache.get('menus', 'a', load)).toBe('again');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a fetch in flight that the bound evicts still answers its lookups, with its one call', async () => {
    const { cache } = setup();
    let answer: (value: string) => void = () => undefined;
    const held = jest.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const first = cache.get('menus', 'a', held);
    // Three answers after it fill the kind's three entries: the oldest, the fetch in flight, goes.
    for (const key of ['b', 'c', 'd']) await cache.get('menus', key, async () => key);
    const second = cache.get('menus', 'a', async () => 'a second call');
    answer('a');
    expect(await Promise.all([first, second])).toEqual(['a', 'a']);
    expect(held).toHaveBeenCalledTimes(1);
    // The lookup after the eviction kept the answer: the next one asks nothing.
    expect(await cache.get('menus', 'a', async () => 'not asked')).toBe('a');
  });

  it('a refresh of a value too old to serve, evicted by the bound in flight, still answers its lookup', async () => {
    const { cache, advance } = setup();
    await cache.get('menus', 'a', async () => 'old');
    advance(7000);
    let answer: (value: string) => void = () => undefined;
    const lookup = cache.get('menus', 'a', () => new Promise<string>((resolve) => (answer = resolve)));
    await flush();
    for (const key of ['b', 'c', 'd']) await cache.get('menus', key, async () => key);
    answer('new');
    expect(await lookup).toBe('new');
  });

  it('a lookup that joined an evicted fetch shares its failure without a call: the call is the first lookup\'s', async () => {
    const { cache } = setup();
    let fail: () => void = () => undefined;
    const held = jest.fn(() => new Promise<string>((_resolve, reject) => (fail = () => reject(callFailed()))));
    const failureOf = (lookup: Promise<unknown>) => lookup.then(() => undefined, (error: unknown) => error as UpstreamError);
    const first = failureOf(cache.get('menus', 'a', held));
    for (const key of ['b', 'c', 'd']) await cache.get('menus', key, async () => key);
    const joined = failureOf(cache.get('menus', 'a', async () => 'a second call'));
    fail();
    const [own, shared] = await Promise.all([first, joined]);
    expect(held).toHaveBeenCalledTimes(1);
    expect([own?.madeCall, shared?.madeCall]).toEqual([true, false]);
  });

  it('a fetch in flight that the bound evicted is still given up by a purge: its lookup asks again', async () => {
    const { cache } = setup();
    let answer: (value: string) => void = () => undefined;
    const load = jest.fn((): Promise<string> => (load.mock.calls.length === 1 ? new Promise((resolve) => (answer = resolve)) : Promise.resolve('after the purge')));
    const lookup = cache.get('menus', 'a', load);
    for (const key of ['b', 'c', 'd']) await cache.get('menus', key, async () => key);
    expect(cache.purge(null)).toBeGreaterThan(0);
    answer('before the purge');
    expect(await lookup).toBe('after the purge');
    expect(load).toHaveBeenCalledTimes(2);
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

describe('a lookup whose wait is bounded (the request budget)', () => {
  /** A bound the test ends: the wait, until `stop()` fails it. */
  function stoppableBound() {
    let stop!: () => void;
    const stopped = new Promise<never>((_resolve, reject) => (stop = () => reject(new UpstreamError('timeout', 'request-budget:call', { message: 'budget spent' }))));
    stopped.catch(() => undefined);
    return { bound: <T,>(wait: Promise<T>) => Promise.race([wait, stopped]), stop };
  }

  it('answers the last good value when the bound ends the wait for a key the LRU lost, and logs the fetch\'s failure once it fails', async () => {
    const { cache, logs } = setup();
    expect(await cache.get('settings', 'k', async () => 'kept')).toBe('kept');
    // Three other keys push `k` out of the LRU (3 entries); the last-good store keeps it.
    for (const other of ['a', 'b', 'c']) await cache.get('settings', other, async () => other);
    let fail!: (error: unknown) => void;
    const { bound, stop } = stoppableBound();
    const answer = cache.get('settings', 'k', () => new Promise((_resolve, reject) => (fail = reject)), { bound });
    await flush();
    stop();
    expect(await answer).toBe('kept');
    expect(logs.events('cache.refresh_failed')).toEqual([]);
    fail(callFailed());
    await flush();
    expect(logs.events('cache.refresh_failed')).toHaveLength(1);
  });

  it('fails with the bound\'s failure when nothing is kept, and the fetch goes on to fill the cache', async () => {
    const { cache } = setup();
    let answer!: (value: string) => void;
    const load = loader(() => new Promise<string>((resolve) => (answer = resolve)));
    const { bound, stop } = stoppableBound();
    const lookup = cache.get('settings', 'k', load, { bound });
    await flush();
    stop();
    await expect(lookup).rejects.toThrow('budget spent');
    answer('late');
    await flush();
    expect(await cache.get('settings', 'k', load)).toBe('late');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
