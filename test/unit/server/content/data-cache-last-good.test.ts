/** The data cache's stale-if-error path after a flood has emptied its LRU (issue 15.2). */
import pino from 'pino';
import { createDataCache, type CachePolicy } from '../../../../src/server/content/data-cache';
import { createOutageLog } from '../../../../src/server/content/outage-log';
import { UpstreamError } from '../../../../src/server/content/upstream-error';
import { captureLogs } from '../../../support/logs';

// An LRU of 3 entries: a flood of a few keys empties it.
const policy: CachePolicy = { ttlMs: 1000, maxEntries: 3, maxBytes: 10_000 };

function setup() {
  let clock = 1_000_000;
  const logs = captureLogs();
  const log = pino({ level: 'debug' }, logs);
  const outage = createOutageLog({ log, intervalMs: 60_000 });
  const cache = createDataCache({
    policies: { settings: policy, menus: policy, lists: policy, articles: policy },
    maxStaleMs: 5000,
    failureBackoffMs: 500,
    log,
    outage,
    now: () => clock,
    lastGoodMaxBytes: 100_000,
  });
  return { cache, logs, outage, advance: (ms: number) => (clock += ms) };
}

const down = () => Promise.reject(new UpstreamError('network', 'http://api.test/api/setting/get', { message: 'upstream down' }));

describe('data cache with its last-good store', () => {
  it('answers a value used twice from the last-good store once a flood has pushed it out of the LRU and the upstream fails', async () => {
    const { cache, logs, outage, advance } = setup();
    const site = { name: 'Site 1' };
    expect(await cache.get('settings', 'site-1', async () => site)).toBe(site);
    expect(await cache.get('settings', 'site-1', down)).toBe(site); // a fresh hit: its second use
    for (let i = 0; i < 1000; i++) await cache.get('settings', `flood-${i}`, async () => ({ i, text: 'flood '.repeat(20) }));
    advance(1500);
    expect(await cache.get('settings', 'site-1', down)).toBe(site);
    // The failed call is one line; the stale answer is counted.
    expect(logs.events('cache.refresh_failed')).toEqual([expect.objectContaining({ kind: 'network', cache: 'settings' })]);
    // Within the failure back-off too.
    expect(await cache.get('settings', 'site-1', down)).toBe(site);
    outage.flush();
    expect(logs.events('upstream.outage_summary')).toEqual([expect.objectContaining({ origin: 'http://api.test', staleServed: 2 })]);
  });

  it('a value used once goes with the flood, and one older than the stale limit is not served', async () => {
    const { cache, advance } = setup();
    await cache.get('settings', 'once', async () => 'x');
    for (let i = 0; i < 1000; i++) await cache.get('settings', `flood-${i}`, async () => ({ i, text: 'flood '.repeat(20) }));
    await expect(cache.get('settings', 'once', down)).rejects.toThrow('upstream down');

    await cache.get('settings', 'twice', async () => 'y');
    await cache.get('settings', 'twice', down);
    for (let i = 0; i < 10; i++) await cache.get('settings', `more-${i}`, async () => ({ i, text: 'flood '.repeat(20) }));
    advance(1000 + 5000 + 1);
    await expect(cache.get('settings', 'twice', down)).rejects.toThrow('upstream down');
  });
});
