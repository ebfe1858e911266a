/**
 * Two instances' data caches on one real store: one upstream call serves both, concurrent misses
 * make one call for the deployment, a stale copy another instance fetched answers while the
 * upstream fails, a value of an unknown format is a miss, and a store that is gone costs nothing.
 */
import { withUpstreamText } from '../../../src/server/content/answer-bytes';
import type { AnswerReader } from '../../../src/server/content/content-api';
import { UpstreamError } from '../../../src/server/content/upstream-error';
import { SHARED_MAX_STALE_MS as MAX_STALE_MS, SHARED_TTL_MS as TTL_MS, until, useSharedInstances } from '../../support/shared-instance';
import { describeWithStore } from '../../support/store-server';
import { STORE_FORMAT } from '../../../src/server/shared-cache/store';

describeWithStore('the data cache with a shared tier on a real store', () => {
  let clock = 1_000_000;
  const shared = useSharedInstances(() => clock);
  const instance = () => shared.instance();

  /** A loader that counts its calls and answers when the test says. */
  function upstream<V>(value: V) {
    const calls: number[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    return { calls, release, load: () => (calls.push(1), gate.then(() => value)) };
  }

  it('one instance fetches, the other answers from the shared tier without a call', async () => {
    const [a, b] = [await instance(), await instance()];
    const first = upstream({ title: 'shared' });
    first.release();
    await expect(a.cache.get('articles', 'k1', first.load, { tags: () => ['t'] })).resolves.toEqual({ title: 'shared' });
    // The write is not awaited by the lookup: wait for it on the server.
    await until(async () => (await shared.server.admin.keys(`test:v${STORE_FORMAT}:g${a.tier.store.generation()}:data:articles:k1`)).length === 1);
    const second = upstream({ title: 'other' });
    await expect(b.cache.get('articles', 'k1', second.load)).resolves.toEqual({ title: 'shared' });
    expect(second.calls).toHaveLength(0);
    expect(b.lookups).toEqual(['articles:hit']);
    // Kept for its fresh time and stale-if-error, no longer.
    const ttl = await shared.server.admin.pttl(`test:v${STORE_FORMAT}:g${a.tier.store.generation()}:data:articles:k1`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(TTL_MS + MAX_STALE_MS);
  });

  it('concurrent misses on two instances make one upstream call for both', async () => {
    const [a, b] = [await instance(), await instance()];
    const calls = upstream({ n: 1 });
    const first = a.cache.get('lists', 'k2', calls.load);
    await until(async () => calls.calls.length === 1);
    const second = b.cache.get('lists', 'k2', calls.load);
    // B found the lock and waits; A's answer arrives and is stored.
    calls.release();
    await expect(first).resolves.toEqual({ n: 1 });
    await expect(second).resolves.toEqual({ n: 1 });
    expect(calls.calls).toHaveLength(1);
  });

  it("serves another instance's stale copy while the upstream fails", async () => {
    const [a, b] = [await instance(), await instance()];
    const good = upstream({ v: 'good' });
    good.release();
    await a.cache.get('settings', 'k3', good.load);
    await until(async () => (await shared.server.admin.keys(`test:v${STORE_FORMAT}:g${a.tier.store.generation()}:data:settings:k3`)).length === 1);
    clock += TTL_MS * 5;
    const failing = () => Promise.reject(new UpstreamError('timeout', 'http://api/k3', { message: 'timed out' }));
    await expect(b.cache.get('settings', 'k3', failing)).resolves.toEqual({ v: 'good' });
  });

  it('a value of an unknown format is a miss: fetched again and overwritten', async () => {
    const a = await instance();
    await shared.server.admin.set(`test:v${STORE_FORMAT}:g${a.tier.store.generation()}:data:menus:k4`, JSON.stringify({ f: 99, at: clock, v: { wrong: true } }), 'PX', 60_000);
    const calls = upstream({ right: true });
    calls.release();
    await expect(a.cache.get('menus', 'k4', calls.load)).resolves.toEqual({ right: true });
    expect(calls.calls).toHaveLength(1);
    expect(a.lookups).toEqual(['menus:error', 'menus:miss']);
  });

  it("stores the content API's text as it came, and B makes its answer of it with the call's reader", async () => {
    const [a, b] = [await instance(), await instance()];
    const text = '{"data":{"title":"as sent","unknown":[1,2]}}';
    const read: AnswerReader<unknown> = (json) => {
      const title = (json as { data?: { title?: unknown } }).data?.title;
      return typeof title === 'string' ? { answer: { title } } : { problem: 'no title' };
    };
    const fetched = upstream(withUpstreamText({ title: 'as sent' }, text));
    fetched.release();
    await a.cache.get('articles', 'k6', fetched.load, { read });
    const key = `test:v${STORE_FORMAT}:g${a.tier.store.generation()}:data:articles:k6`;
    await until(async () => (await shared.server.admin.exists(key)) === 1);
    expect(JSON.parse((await shared.server.admin.get(key)) ?? 'null')).toEqual({ f: STORE_FORMAT, at: clock, u: JSON.parse(text) });
    const second = upstream({ title: 'other' });
    await expect(b.cache.get('articles', 'k6', second.load, { read })).resolves.toEqual({ title: 'as sent' });
    expect(second.calls).toHaveLength(0);
    expect(b.lookups).toEqual(['articles:hit']);
  });

  it("a stored content API answer the call's reader refuses, or that comes without a reader, is a miss: fetched and overwritten", async () => {
    const a = await instance();
    const key = `test:v${STORE_FORMAT}:g${a.tier.store.generation()}:data:articles:k7`;
    await shared.server.admin.set(key, JSON.stringify({ f: STORE_FORMAT, at: clock, u: { data: { name: 'no title' } } }), 'PX', 60_000);
    const refusing: AnswerReader<unknown> = () => ({ problem: 'wrong shape' });
    const first = upstream({ title: 'fetched' });
    first.release();
    await expect(a.cache.get('articles', 'k7', first.load, { read: refusing })).resolves.toEqual({ title: 'fetched' });
    expect(first.calls).toHaveLength(1);
    // A keeps what it fetched after answering: that write lands before the value below replaces it.
    await until(async () => JSON.parse((await shared.server.admin.get(key)) ?? 'null')?.v?.title === 'fetched');
    await shared.server.admin.set(key, JSON.stringify({ f: STORE_FORMAT, at: clock, u: { data: { title: 'kept' } } }), 'PX', 60_000);
    const b = await instance();
    const second = upstream({ title: 'fetched again' });
    second.release();
    await expect(b.cache.get('articles', 'k7', second.load)).resolves.toEqual({ title: 'fetched again' });
    expect(second.calls).toHaveLength(1);
    expect([...a.lookups, ...b.lookups]).toEqual(['articles:error', 'articles:miss', 'articles:error', 'articles:miss']);
  });

  it('a fetch purged in flight holds up no later one: the next fetch of the key does not wait for its lock', async () => {
    const a = await instance();
    const calls = upstream({ after: 'purge' });
    const asked = a.cache.get('articles', 'k6', calls.load);
    await until(() => calls.calls.length === 1);
    const startedAt = performance.now();
    // The lookup asks again after the purge, while the purged fetch still holds the key's lock.
    a.cache.purge(null);
    await until(() => calls.calls.length === 2);
    calls.release();
    await expect(asked).resolves.toEqual({ after: 'purge' });
    // Another instance's fetch is waited for up to a second (waitMs); this instance's own never.
    expect(performance.now() - startedAt).toBeLessThan(500);
    expect(a.lookups).toEqual(['articles:miss', 'articles:miss']);
  });

  it('the store killed: every lookup goes on with its own call, at once', async () => {
    const a = await instance();
    await shared.server.kill();
    await until(async () => a.tier.store.state() === 'down');
    const calls = upstream({ alone: true });
    calls.release();
    const startedAt = performance.now();
    await expect(a.cache.get('articles', 'k5', calls.load)).resolves.toEqual({ alone: true });
    expect(performance.now() - startedAt).toBeLessThan(50);
    expect(a.lookups).toEqual(['articles:error']);
  });
});
