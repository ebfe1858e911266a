/**
 * The shared cache tier's store against a real server: its keys, and each fault it must survive
 * without a wait past its timeout (killed, hung, slow, full, flushed, a wrong password), with
 * one log line per change of state.
 */
import { createLogger } from '../../../src/server/observability/logger';
import { createSharedStore, type CommandOutcome, type SharedStore, type StoreCommand, type StoreState } from '../../../src/server/shared-cache/store';
import { captureLogs, type LogCapture } from '../../support/logs';
import { describeWithStore, startStoreServer, type StoreServer } from '../../support/store-server';
import { STORE_FORMAT } from '../../../src/server/shared-cache/store';

/** Generous for a loaded test machine: a command that should succeed is never cut off. */
const COMMAND_TIMEOUT_MS = 250;
const TUNING = { breakAfter: 2, openMs: 300, reconnectBaseMs: 20, reconnectMaxMs: 100 };

interface Watched {
  readonly store: SharedStore;
  readonly logs: LogCapture;
  readonly outcomes: CommandOutcome[];
  /** Resolves when the store reaches `state` (at once when it is there). */
  until(state: StoreState): Promise<void>;
  /** Resolves at the next `command` with `outcome`. */
  untilCommand(command: StoreCommand, outcome: CommandOutcome): Promise<void>;
}

function watchedStore(url: string, keyPrefix = 'test'): Watched {
  const logs = captureLogs();
  const outcomes: CommandOutcome[] = [];
  const waiting: { state: StoreState; resolve: () => void }[] = [];
  const waitingCommands: { command: StoreCommand; outcome: CommandOutcome; resolve: () => void }[] = [];
  const store = createSharedStore({
    settings: { url, keyPrefix, commandTimeoutMs: COMMAND_TIMEOUT_MS, connectTimeoutMs: 500 },
    log: createLogger('debug', logs),
    tuning: TUNING,
    observer: {
      observeSharedCommand(command, outcome) {
        outcomes.push(outcome);
        for (const each of waitingCommands.filter((wait) => wait.command === command && wait.outcome === outcome)) {
          waitingCommands.splice(waitingCommands.indexOf(each), 1);
          each.resolve();
        }
      },
      sharedCacheState(state) {
        for (const each of waiting.filter((wait) => wait.state === state)) {
          waiting.splice(waiting.indexOf(each), 1);
          each.resolve();
        }
      },
    },
  });
  return {
    store,
    logs,
    outcomes,
    until: (state) => (store.state() === state ? Promise.resolve() : new Promise((resolve) => waiting.push({ state, resolve }))),
    untilCommand: (command, outcome) => new Promise((resolve) => waitingCommands.push({ command, outcome, resolve })),
  };
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const startedAt = performance.now();
  const value = await work;
  return { value, ms: performance.now() - startedAt };
}

/** The scripts the server has run (EVAL and EVALSHA: ioredis sends a script's text once a connection, then its hash). */
async function scriptCalls(server: StoreServer): Promise<number> {
  const stats = await server.admin.info('commandstats');
  return [...stats.matchAll(/^cmdstat_eval(?:sha)?:calls=(\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
}

const states = (logs: LogCapture) => logs.events('shared_cache.state').map((line) => line.state);

describeWithStore('the shared store against a real server', () => {
  let server: StoreServer;
  const opened: SharedStore[] = [];
  const open = (url: string, prefix?: string) => {
    const watched = watchedStore(url, prefix);
    opened.push(watched.store);
    return watched;
  };

  beforeAll(async () => {
    server = await startStoreServer();
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    server.resume();
    await server.restart();
    await server.admin.flushall();
  });
  afterAll(() => server.close());

  it('writes every key under its prefix, with an expiry, and reads it back', async () => {
    const { store, logs, until } = open(server.url(), 'deploy-a');
    await until('up');
    expect(await store.get('page:x')).toBeNull();
    expect(await store.set('page:x', 'hello', 60_000, ['host:a.example'], 120_000)).toBe(true);
    expect(await store.get('page:x')).toBe('hello');
    const keys = await server.admin.keys('*');
    expect(keys.length).toBeGreaterThan(0);
    // The deployment's generation, and everything else under it.
    for (const key of keys) {
      expect({ key, named: key === 'deploy-a:generation' || key.startsWith(`deploy-a:v${STORE_FORMAT}:g${store.generation()}:`) }).toEqual({ key, named: true });
      expect(await server.admin.pttl(key)).toBeGreaterThan(0);
    }
    // Another deployment's prefix sees nothing of it.
    const other = open(server.url(), 'deploy-b');
    await other.until('up');
    expect(await other.store.get('page:x')).toBeNull();
    expect(states(logs)).toEqual(['up']);
  });

  it('drops by tag, and everything with a new generation, without a scan', async () => {
    const { store, until } = open(server.url());
    await until('up');
    await store.set('a', '1', 60_000, ['t1'], 60_000);
    await store.set('b', '2', 60_000, ['t2'], 60_000);
    expect(await store.purge(new Set(['t1']))).toBe(true);
    expect(await store.get('a')).toBeNull();
    expect(await store.get('b')).toBe('2');
    expect(await store.purge(null)).toBe(true);
    expect(await store.get('b')).toBeNull();
  });

  it("sends a turn's commands in their order: a purge issued after a write in the same turn drops what it wrote", async () => {
    const { store, until } = open(server.url());
    await until('up');
    const [kept, purged] = await Promise.all([store.set('a', '1', 60_000, ['t1'], 60_000), store.purge(new Set(['t1']))]);
    expect([kept, purged]).toEqual([true, true]);
    expect(await store.get('a')).toBeNull();
    // Commands of later turns are answered as they come, each with its own reply.
    expect(await Promise.all([store.set('b', '2', 60_000, [], 60_000), store.get('b'), store.get('c')])).toEqual([true, '2', null]);
  });

  it("sends a turn's reads, read-or-locks and writes as one command, every operation with its own reply", async () => {
    const { store, until } = open(server.url());
    await until('up');
    await store.set('a', '1', 60_000, ['t1'], 60_000);
    const before = await scriptCalls(server);
    const [counted, claimed, kept] = await Promise.all([
      Promise.all([store.readAndCount('a', 'views:a', 60_000), store.readAndCount('b', 'views:b', 60_000), store.readAndCount('a', 'views:a', 60_000)]),
      Promise.all([store.readOrClaim('a', 5000), store.readOrClaim('c', 5000)]),
      Promise.all([store.set('d', '4', 60_000, ['t1', 't2'], 60_000), store.set('e', Buffer.from('5'), 60_000, [], 60_000)]),
    ]);
    expect(await scriptCalls(server)).toBe(before + 1);
    expect(counted).toEqual([
      { value: Buffer.from('1'), count: 1 },
      { value: null, count: 1 },
      { value: Buffer.from('1'), count: 2 },
    ]);
    expect(claimed).toEqual([
      { value: '1', claimed: false },
      { value: null, claimed: true },
    ]);
    expect(kept).toEqual([true, true]);
    expect([await store.get('d'), await store.get('e')]).toEqual(['4', '5']);
    // Each write's tags found it: a purge of one drops it.
    expect(await store.purge(new Set(['t2']))).toBe(true);
    expect([await store.get('a'), await store.get('d')]).toEqual(['1', null]);
  });

  it('writes a value given in parts joined, and loads the batch script again when the server lost it (SCRIPT FLUSH, a restart)', async () => {
    const { store, until, outcomes } = open(server.url());
    await until('up');
    expect(await store.set('a', ['{"u":', '[1,2]', '}'], 60_000, [], 60_000)).toBe(true);
    expect(await store.get('a')).toBe('{"u":[1,2]}');
    await server.admin.script('FLUSH');
    const before = outcomes.length;
    expect(await store.get('a')).toBe('{"u":[1,2]}');
    expect(outcomes.slice(before)).toEqual(['ok']);
  });

  it('runs a turn as issued: a read after a write of its key in the same turn sees the write', async () => {
    const { store, until } = open(server.url());
    await until('up');
    const [, , after] = await Promise.all([store.readOrClaim('a', 5000), store.set('b', '2', 60_000, [], 60_000), store.readOrClaim('b', 5000)]);
    // Run before the write, it would have found nothing.
    expect(after).toEqual({ value: '2', claimed: false });
  });

  it('a generation lost (evicted, expired) starts again where no key can have been named: the old ones are not read', async () => {
    // A store whose generation had reached 3 when a value was kept.
    await server.admin.set('test:generation', '3');
    const first = open(server.url());
    await first.until('up');
    expect(first.store.generation()).toBe(3);
    await first.store.set('page:x', 'before', 60_000, [], 60_000);
    // Evicted under allkeys-lru (it is read only when an instance connects), or expired.
    await server.admin.del('test:generation');
    const second = open(server.url());
    await second.until('up');
    expect(second.store.generation()).toBeGreaterThan(3);
    expect(await second.store.get('page:x')).toBeNull();
    expect(await server.admin.pttl('test:generation')).toBeGreaterThan(0);
  });

  it('gives one lock per key to one instance at a time', async () => {
    const a = open(server.url());
    const b = open(server.url());
    await Promise.all([a.until('up'), b.until('up')]);
    expect(await a.store.claim('k', 5000)).toBe(true);
    expect(await b.store.claim('k', 5000)).toBe(false);
    // Its holder's own again (a fetch of its own that never freed it), another's only once freed.
    expect(await a.store.claim('k', 5000)).toBe(true);
    expect(await a.store.readOrClaim('k', 5000)).toEqual({ value: null, claimed: true });
    await b.store.release('k');
    expect(await b.store.claim('k', 5000)).toBe(false);
    await a.store.release('k');
    expect(await b.store.claim('k', 5000)).toBe(true);
    expect(await a.store.readOrClaim('k', 5000)).toEqual({ value: null, claimed: false });
  });

  it('killed: answers at once without it, logs one line, and comes back by itself', async () => {
    const { store, logs, until } = open(server.url());
    await until('up');
    await server.kill();
    await until('down');
    const { value, ms } = await timed(store.get('x'));
    expect(value).toBeUndefined();
    // No offline queue: nothing waits for the connection.
    expect(ms).toBeLessThan(20);
    await server.restart();
    await until('up');
    expect(await store.get('x')).toBeNull();
    expect(states(logs)).toEqual(['up', 'down', 'up']);
    expect(logs.events('shared_cache.state')[1]?.reason).toMatch(/^(ECONNRESET|ECONNREFUSED|connection_closed)$/);
  });

  it('killed after its breaker opened and back after the breaker\'s open time: probed again until it answers, then up', async () => {
    const { store, logs, until, untilCommand } = open(server.url());
    await until('up');
    await store.set('x', '1', 60_000, [], 60_000);
    // Commands that fail open the breaker, as those in flight when a store dies under load do.
    server.hang();
    for (let attempt = 0; attempt < TUNING.breakAfter; attempt++) expect(await store.get('x')).toBeUndefined();
    await until('slow');
    await server.kill();
    await until('down');
    // The breaker's probe finds no connection to go on while the store is away.
    await untilCommand('ping', 'skipped');
    await server.restart();
    await until('up');
    expect(await store.get('x')).toBeNull();
    expect(states(logs)).toEqual(['up', 'slow', 'down', 'up']);
  });

  it('hung (SIGSTOP): no command waits past its timeout, the breaker then skips them, and it recovers', async () => {
    const { store, logs, outcomes, until } = open(server.url());
    await until('up');
    server.hang();
    for (let attempt = 0; attempt < TUNING.breakAfter; attempt++) {
      const { value, ms } = await timed(store.get('x'));
      expect(value).toBeUndefined();
      expect(ms).toBeLessThan(COMMAND_TIMEOUT_MS + 150);
    }
    await until('slow');
    const skipped = await timed(store.get('x'));
    expect(skipped.value).toBeUndefined();
    expect(skipped.ms).toBeLessThan(20);
    expect(outcomes).toContain('skipped');
    server.resume();
    await until('up');
    expect(await store.get('x')).toBeNull();
    expect(states(logs)[0]).toBe('up');
    expect(states(logs)).toContain('slow');
    expect(states(logs).at(-1)).toBe('up');
  });

  it('a reply that came while the event loop was blocked, or a turn held before its command was written, is not late; a hung store still is', async () => {
    const { store, logs, outcomes, until } = open(server.url());
    await until('up');
    await store.set('x', '1', 60_000, [], 60_000);
    // Renders holding the loop past the timeout once the command is on its way (at the latest at
    // the end of its turn): the reply is there when the loop gets to it.
    const blockLoop = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const until = performance.now() + COMMAND_TIMEOUT_MS * 2;
      while (performance.now() < until);
    };
    for (let attempt = 0; attempt <= TUNING.breakAfter; attempt++) {
      const reply = store.get('x');
      await blockLoop();
      expect(await reply).toBe('1');
    }
    // Held in the turn the read was issued in, before its command is written: the store is not timed for it.
    for (let attempt = 0; attempt <= TUNING.breakAfter; attempt++) {
      const reply = store.get('x');
      const until = performance.now() + COMMAND_TIMEOUT_MS * 2;
      while (performance.now() < until);
      expect(await reply).toBe('1');
    }
    expect(outcomes).not.toContain('error');
    expect(store.state()).toBe('up');
    server.hang();
    for (let attempt = 0; attempt < TUNING.breakAfter; attempt++) {
      const reply = store.get('x');
      await blockLoop();
      expect(await reply).toBeUndefined();
    }
    await until('slow');
    expect(logs.events('shared_cache.state').at(-1)).toEqual(expect.objectContaining({ state: 'slow', reason: 'timeout' }));
  });

  it('slow (a command that blocks the server): the others time out, then it recovers', async () => {
    const { store, until } = open(server.url());
    await until('up');
    const blocking = server.admin.call('DEBUG', 'SLEEP', '0.5'); // past the command timeout, within the socket's (1 s, which would reconnect)
    const { value, ms } = await timed(store.get('x'));
    expect(value).toBeUndefined();
    expect(ms).toBeLessThan(COMMAND_TIMEOUT_MS + 150);
    await blocking;
    await until('up');
    expect(await store.set('x', '1', 1000, [], 1000)).toBe(true);
  });

  it('flushed: its values are gone, which is a miss, not an error', async () => {
    const { store, logs, until } = open(server.url());
    await until('up');
    await store.set('x', '1', 60_000, ['t'], 60_000);
    await server.admin.flushall();
    expect(await store.get('x')).toBeNull();
    expect(await store.set('x', '2', 60_000, ['t'], 60_000)).toBe(true);
    expect(await store.get('x')).toBe('2');
    expect(states(logs)).toEqual(['up']);
  });

  it('a wrong password: down, with the reason and never the password in its line', async () => {
    const guarded = await startStoreServer({ password: 'right-pass-1234' });
    try {
      const { store, logs, until } = open(guarded.url('wrong-pass-5678'));
      await until('down');
      expect(await store.get('x')).toBeUndefined();
      expect(logs.events('shared_cache.state')).toEqual([expect.objectContaining({ state: 'down', reason: 'WRONGPASS' })]);
      expect(logs.raw.join('\n')).not.toMatch(/wrong-pass|right-pass/);
      const right = open(guarded.url());
      await right.until('up');
      expect(await right.store.set('x', '1', 1000, [], 1000)).toBe(true);
    } finally {
      await guarded.close();
    }
  });
});

describeWithStore('the shared store when the server is full', () => {
  let server: StoreServer;
  beforeAll(async () => {
    server = await startStoreServer({ maxmemory: '2mb', maxmemoryPolicy: 'noeviction' });
  });
  afterAll(() => server.close());

  it('takes no writes for a while (one line), and reads go on', async () => {
    const { store, logs, until } = watchedStore(server.url());
    try {
      await until('up');
      await store.set('kept', 'yes', 60_000, [], 60_000);
      const big = 'x'.repeat(256 * 1024);
      for (let index = 0; index < 40 && store.state() !== 'full'; index++) await store.set(`big:${index}`, big, 60_000, [], 60_000);
      expect(store.state()).toBe('full');
      const skipped = await timed(store.set('more', big, 60_000, [], 60_000));
      expect(skipped.value).toBe(false);
      expect(skipped.ms).toBeLessThan(20);
      expect(await store.get('kept')).toBe('yes');
      expect(logs.events('shared_cache.state')).toEqual([expect.objectContaining({ state: 'up' }), expect.objectContaining({ state: 'full', reason: 'OOM' })]);
    } finally {
      await store.close();
    }
  });

  it("a write refused in a turn fails alone: the turn's reads still answer", async () => {
    const { store, until } = watchedStore(server.url(), 'alone');
    try {
      await until('up');
      await store.set('here', 'yes', 60_000, [], 60_000);
      // Every write refused from now on.
      await server.admin.config('SET', 'maxmemory', '1');
      const [kept, read, counted] = await Promise.all([store.set('refused', 'x', 60_000, [], 60_000), store.get('here'), store.readAndCount('here', 'views:here', 60_000)]);
      // The count's INCR is a write, refused too.
      expect([kept, read, counted]).toEqual([false, 'yes', undefined]);
      expect(store.state()).toBe('full');
    } finally {
      await server.admin.config('SET', 'maxmemory', '2mb');
      await store.close();
    }
  });

  it('stays full, in one line, until a write goes through again', async () => {
    const { store, logs, until, untilCommand } = watchedStore(server.url(), 'spell');
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    try {
      await until('up');
      // Every write refused from now on.
      await server.admin.config('SET', 'maxmemory', '1');
      await store.set('first', 'x', 60_000, [], 60_000);
      expect(store.state()).toBe('full');
      // Skipped while the pause lasts; then tried again, and refused: still full, no line in between.
      let refusedAgain = false;
      void untilCommand('set', 'error').then(() => {
        refusedAgain = true;
      });
      while (!refusedAgain) {
        await store.set('again', 'x', 60_000, [], 60_000);
        await nextTurn();
      }
      expect(store.state()).toBe('full');
      // Room again (the other test's values gone too, which may hold the bound).
      await server.admin.flushall();
      await server.admin.config('SET', 'maxmemory', '2mb');
      while (!(await store.set('after', 'x', 60_000, [], 60_000))) await nextTurn();
      expect(store.state()).toBe('up');
      expect(logs.events('shared_cache.state').map((line) => line.state)).toEqual(['up', 'full', 'up']);
    } finally {
      await store.close();
    }
  });
});
