/**
 * One purge for the deployment on a real store: sent to one instance, it drops the entries from
 * the shared tier and from every instance's first tier; an instance whose subscription was lost
 * drops its first tier when it is back; with the store gone the purge says the others were not told.
 */
import { siteSettingSchema } from '../../../src/shared/records';
import { until, useSharedInstances, type SharedInstance } from '../../support/shared-instance';
import { describeWithStore } from '../../support/store-server';

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
    await until(async () => (await shared.server.admin.exists(`test:v1:g${a.tier.store.generation() ?? 0}:data:settings:${key}`)) === 1);
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
    expect(await shared.server.admin.keys('test:v1:g0:data:*')).toEqual([]);
  });

  it('a purge of everything moves every instance to a new generation at once', async () => {
    const [a, b] = [await instance(), await instance()];
    await heldByBoth(a, b, 'globalSetting:[]');
    await expect(a.purge({ scope: 'all' })).resolves.toBe('purged');
    await until(() => b.logs.events('cache.purge_received').length === 1);
    expect(b.tier.store.generation()).toBe(a.tier.store.generation());
    expect(b.cache.fresh('settings', 'globalSetting:[]')).toBeUndefined();
    // The old generation's key is not read: B asks its upstream.
    const calls: number[] = [];
    await b.cache.get('settings', 'globalSetting:[]', async () => (calls.push(1), []));
    expect(calls).toHaveLength(1);
  });

  it('an instance that lost its subscription drops its first tier once it is back', async () => {
    const [a, b] = [await instance(), await instance()];
    await heldByBoth(a, b, 'categoriesByIds:[]');
    await shared.server.kill();
    await shared.server.restart();
    await until(() => b.logs.events('cache.resynced').length === 1);
    expect(b.cache.fresh('settings', 'categoriesByIds:[]')).toBeUndefined();
  });

  it('with the store gone, the purge drops this instance and says the others were not told', async () => {
    const a = await instance();
    await a.cache.get('settings', 'k', async () => [1], { tags: TAGS });
    await shared.server.kill();
    await until(() => a.tier.store.state() === 'down');
    await expect(a.purge({ scope: 'site', host: HOST })).resolves.toBe('unavailable');
  });
});
