/**
 * One purge for the deployment on a real store: sent to one instance, it drops the entries from
 * the shared tier and from every instance's first tier; an instance whose subscription was lost
 * drops its first tier when it is back, unless the store's count shows it missed no purge; with the
 * store gone the purge says the others were not told.
 */
import { siteSettingSchema } from '../../../src/shared/records';
import { until, useSharedInstances, type SharedInstance } from '../../support/shared-instance';
import { describeWithStore } from '../../support/store-server';
import { STORE_FORMAT } from '../../../src/server/shared-cache/store';

const HOST = 'a.example';
const TAGS = () => [`host:${HOST}`];
/** The host's own subdomain record: a site purge drops only what a site answers (decision 0375). */
const SITE = [siteSettingSchema.parse({ _id: 'sub-a', type: 'subdomains', url: HOST, active: true, config: {} })];

describeWithStore('the purge channel on a real store', () => {
  const clock = 1_000_000;
  const shared = useSharedInstances(() => clock);
  const instance = () => shared.instance();

  /** Both instances hold `key` in their first tier, and the shared tier holds it. */
  async function heldByBoth(a: SharedInstance, b: SharedInstance, key: string): Promise<void> {
    await a.cache.get('settings', key, async () => SITE, { tags: TAGS });
    await until(async () => (await shared.server.admin.exists(`test:v${STORE_FORMAT}:g${a.tier.store.generation() ?? 0}:data:settings:${key}`)) === 1);
    await b.cache.get('settings', key, async () => SITE, { tags: TAGS });
    expect(a.cache.fresh('settings', key)).toBeDefined();
    expect(b.cache.fresh('settings', key)).toBeDefined();
  }

  it('a site purge sent to A drops the entry from the shared tier and from B', async () => {
    const [a, b] = [await instance(), await instance()];
    await heldByBoth(a, b, `subdomainsByHost:["${HOST}"]`);
    await expect(a.purge({ scope: 'site', host: HOST })).resolves.toBe('purged');
    expect(a.cache.fresh('settings', `subdomainsByHost:["${HOST}"]`)).toBeUndefined();
    await until(() => b.logs.events('cache.purge_received').length === 1);
    expect(b.cache.fresh('settings', `subdomainsByHost:["${HOST}"]`)).toBeUndefined();
    expect(await shared.server.admin.keys(`test:v${STORE_FORMAT}:g${a.tier.store.generation()}:data:*`)).toEqual([]);
  });

  it('a purge of everything moves every instance to a new generation at once', async () => {
    const [a, b] = [await instance(), await instance()];
    await heldByBoth(a, b, 'globalSetting:[]');
    await expect(a.purge({ scope: 'all' })).resolves.toBe('purged');
    await until(() => b.logs.events('cache.purge_received').length === 1);
    expect(b.tier.store.generation()).toBe(a.tier.store.generation());
    // No release of format 1 ran on this store: nothing is kept in step for one.
    expect(await shared.server.admin.exists('test:v1:generation')).toBe(0);
    expect(b.cache.fresh('settings', 'globalSetting:[]')).toBeUndefined();
    // The old generation's key is not read: B asks its upstream.
    const calls: number[] = [];
    await b.cache.get('settings', 'globalSetting:[]', async () => (calls.push(1), []));
    expect(calls).toHaveLength(1);
  });

  /**
   * The instances' subscriptions cut by the store, as a network blip would (their command
   * connections too), once each has read the store's mark of what it heard up to; `unheard`
   * first, if given.
   */
  async function blip(instances: readonly SharedInstance[], unheard?: () => Promise<unknown>): Promise<void> {
    await until(() => instances.every((each) => each.commands.includes('mark:ok')));
    await unheard?.();
    await shared.server.admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    await shared.server.admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
  }

  it('an instance that lost its subscription to a store that restarted drops its first tier once it is back', async () => {
    const [a, b] = [await instance(), await instance()];
    await heldByBoth(a, b, 'categoriesByIds:[]');
    await shared.server.kill();
    await shared.server.restart();
    await until(() => b.logs.events('cache.resynced').length === 1);
    expect(b.cache.fresh('settings', 'categoriesByIds:[]')).toBeUndefined();
  });

  it('a lost subscription back on the same store, with every purge since heard, keeps the first tier', async () => {
    const [a, b] = [await instance(), await instance()];
    await heldByBoth(a, b, 'categoriesByIds:[]');
    // A purge heard before the blip moves the mark; it names another host, so the entry stays.
    await expect(a.purge({ scope: 'site', host: 'other.example' })).resolves.toBe('purged');
    await until(() => b.logs.events('cache.purge_received').length === 1);
    await blip([a, b]);
    await until(() => b.logs.events('cache.rejoined').length === 1);
    expect(b.logs.events('cache.resynced')).toEqual([]);
    expect(b.cache.fresh('settings', 'categoriesByIds:[]')).toBeDefined();
  });

  it('a purge announced while the subscription was lost drops the first tier once it is back', async () => {
    const [a, b] = [await instance(), await instance()];
    await heldByBoth(a, b, 'categoriesByIds:[]');
    // Counted as the announce script counts, and published to nobody: as a purge announced while the instances were away.
    await blip([a, b], () => shared.server.admin.incr('test:announced'));
    await until(() => b.logs.events('cache.resynced').length === 1);
    expect(b.logs.events('cache.rejoined')).toEqual([]);
    expect(b.cache.fresh('settings', 'categoriesByIds:[]')).toBeUndefined();
  });

  it('after a message without a count (a release that counts none), a lost subscription drops the first tier', async () => {
    const [a, b] = [await instance(), await instance()];
    await heldByBoth(a, b, 'categoriesByIds:[]');
    await shared.server.admin.publish('test:purge', JSON.stringify({ from: 'older-release', body: { site: 'other.example' } }));
    await until(() => b.logs.events('cache.purge_received').length === 1);
    await blip([a, b]);
    await until(() => b.logs.events('cache.resynced').length === 1);
    expect(b.cache.fresh('settings', 'categoriesByIds:[]')).toBeUndefined();
  });

  it("after a message counted by a release of store format 1 (its own count, as `seq`), a lost subscription drops the first tier", async () => {
    const [a, b] = [await instance(), await instance()];
    await heldByBoth(a, b, 'categoriesByIds:[]');
    // The next count of this format's sequence, from format 1's: it proves nothing of this one.
    await shared.server.admin.publish('test:purge', `{"seq":1,${JSON.stringify({ from: 'format-1', body: { site: 'other.example' }, setting: null }).slice(1)}`);
    await until(() => b.logs.events('cache.purge_received').length === 1);
    await blip([a, b]);
    await until(() => b.logs.events('cache.resynced').length === 1);
    expect(b.logs.events('cache.rejoined')).toEqual([]);
  });

  it("the generation and the count of purges are the deployment's, one for every format; format 1's generation is kept in step", async () => {
    // A release of format 1 ran before: its generation was 7, so this one starts there.
    await shared.server.admin.set('test:v1:generation', '7');
    const [a, b] = [await instance(), await instance()];
    expect([a.tier.store.generation(), b.tier.store.generation()]).toEqual([7, 7]);
    await expect(a.purge({ scope: 'all' })).resolves.toBe('purged');
    await until(() => b.logs.events('cache.purge_received').length === 1);
    expect(b.tier.store.generation()).toBe(8);
    // Format 1's instances adopt 8 from the message; their own next purge of everything makes 9.
    expect(await shared.server.admin.mget('test:generation', 'test:v1:generation', 'test:announced')).toEqual(['8', '8', '1']);
    expect(await shared.server.admin.keys(`test:v${STORE_FORMAT}:*announced*`)).toEqual([]);
  });

  it("a purge of everything from a release of store format 1 moves this format's instances and the deployment's generation to its number", async () => {
    // Format 1 runs on this store: its generation, 4, seeds the deployment's.
    await shared.server.admin.set('test:v1:generation', '4');
    const [a, b] = [await instance(), await instance()];
    expect(a.tier.store.generation()).toBe(4);
    await heldByBoth(a, b, 'globalSetting:[]');
    // Format 1's message: counted as `seq`, its own generation moved to 5 (past the deployment's, kept in step).
    await shared.server.admin.publish('test:purge', `{"seq":3,${JSON.stringify({ from: 'format-1', body: { all: true }, setting: null, generation: 5 }).slice(1)}`);
    await until(() => a.logs.events('cache.purge_received').length === 1 && b.logs.events('cache.purge_received').length === 1);
    expect([a.tier.store.generation(), b.tier.store.generation()]).toEqual([5, 5]);
    expect(b.cache.fresh('settings', 'globalSetting:[]')).toBeUndefined();
    await until(async () => (await shared.server.admin.get('test:generation')) === '5');
    // An instance that starts now reads it.
    expect((await instance()).tier.store.generation()).toBe(5);
  });

  it('with the store gone, the purge drops this instance and says the others were not told', async () => {
    const a = await instance();
    await a.cache.get('settings', 'k', async () => [1], { tags: TAGS });
    await shared.server.kill();
    await until(() => a.tier.store.state() === 'down');
    await expect(a.purge({ scope: 'site', host: HOST })).resolves.toBe('unavailable');
  });
});
