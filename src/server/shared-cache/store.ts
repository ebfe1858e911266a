/**
 * The shared cache tier's store: a Redis-protocol server (Valkey, Redis) through ioredis
 * (decision 0370), kept an optimisation, never a dependency:
 * - every command has a tight timeout (CACHE_COMMAND_TIMEOUT_MS) and nothing waits for a
 *   connection: while the store is not ready a command is skipped at once (no offline queue);
 * - consecutive failures (timeouts, a lost connection) open a breaker (cockatiel): commands are
 *   skipped for a while, then one probes the store;
 * - a store that is full (an OOM reply under `noeviction`) takes no writes for a while; reads go on;
 * - a lost connection is reopened with capped exponential back-off and jitter;
 * - one log line per change of state (`shared_cache.state`), and metrics per command.
 * A skipped or failed command answers `undefined`: callers go on with their first tier.
 *
 * Keys: `<prefix>:v<format>:g<generation>:<name>`. The format version keeps releases that
 * store values differently apart; the generation is how a purge of everything drops every key
 * at once, without a scan (old keys expire). Every key is written with an expiry.
 */
import { randomUUID } from 'node:crypto';
import { CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen, isBrokenCircuitError } from 'cockatiel';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import type { SharedCacheSettings } from '../config/config';
import { LOG_EVENTS } from '../http/log-events';

/** The shape of what this release stores: a value written by another format is not read. */
export const STORE_FORMAT = 1;

export type StoreState = 'connecting' | 'up' | 'down' | 'slow' | 'full';
export type StoreCommand = 'get' | 'count' | 'set' | 'claim' | 'release' | 'purge' | 'publish' | 'generation' | 'ping';
export type CommandOutcome = 'ok' | 'error' | 'skipped';
/** A lookup in the shared tier: found fresh, found stale, not found, or no answer (the store down, slow, or a value of another format). */
export type SharedLookupOutcome = 'hit' | 'stale' | 'miss' | 'error';

export interface StoreObserver {
  observeSharedCommand(command: StoreCommand, outcome: CommandOutcome, seconds: number): void;
  sharedCacheState(state: StoreState): void;
}

export interface StoreTuning {
  /** Consecutive failures that open the breaker. */
  readonly breakAfter: number;
  /** How long the breaker skips commands before one probes the store; also how long a full store takes no writes. */
  readonly openMs: number;
  /** Reconnection back-off: the first delay, and its cap. */
  readonly reconnectBaseMs: number;
  readonly reconnectMaxMs: number;
}

export const DEFAULT_STORE_TUNING: StoreTuning = { breakAfter: 3, openMs: 1000, reconnectBaseMs: 50, reconnectMaxMs: 2000 };

export interface StoreOptions {
  readonly settings: SharedCacheSettings;
  readonly log: Logger;
  readonly observer: StoreObserver;
  readonly tuning?: StoreTuning;
}

/** A message from another instance on the deployment's channel. */
export type MessageHandler = (message: string) => void;

export interface SharedStore {
  readonly state: () => StoreState;
  /** The value of `name`, null when there is none, undefined when the store could not say. */
  get(name: string): Promise<string | null | undefined>;
  /** The value of `name` as bytes (a kept page), null when there is none, undefined when the store could not say. */
  getBuffer(name: string): Promise<Buffer | null | undefined>;
  /** Counts one more of `name` (INCR), counted for `windowMs` from now on (PEXPIRE): the count, or undefined. */
  count(name: string, windowMs: number): Promise<number | undefined>;
  /** Several values in one round trip (MGET), or undefined. */
  getMany(names: readonly string[]): Promise<readonly (string | null)[] | undefined>;
  /** Writes `value` for `ttlMs`, its name added to each tag's set (kept `tagTtlMs`), and frees its lock, in one pipeline. */
  set(name: string, value: string | Buffer, ttlMs: number, tags: readonly string[], tagTtlMs: number): Promise<boolean>;
  /** A short lock on `name` (SET NX PX): true when this instance holds it, false when another does, undefined when the store could not say. */
  claim(name: string, ttlMs: number): Promise<boolean | undefined>;
  /** Gives up a lock this instance claimed (its fetch failed), so that others need not wait for its expiry. */
  release(name: string): Promise<void>;
  /** Drops every value with one of `tags`, and the tags' sets; null: every value (a new generation, returned). */
  purge(tags: ReadonlySet<string> | null): Promise<boolean>;
  /** The generation keys are named under now (after a purge of everything: the new one). */
  generation(): number | undefined;
  /** Another instance moved to `next` (its purge of everything): keys are named under it from now on. */
  adoptGeneration(next: number): void;
  /** Tells every instance (this one too) `message` on the deployment's channel. */
  publish(message: string): Promise<boolean>;
  /** Each message on the channel, and each time the subscription is back after it was lost (what came meanwhile is unknown). */
  subscribe(onMessage: MessageHandler, onResync: () => void): void;
  /** This instance's id, to tell its own messages from others'. */
  readonly instanceId: string;
  close(): Promise<void>;
}

/** The reply a full store gives under `noeviction`. */
const isOutOfMemory = (error: unknown): boolean => error instanceof Error && error.message.startsWith('OOM');

/** A short reason for a log line: an error code or the reply's first word, never the URL (it may carry a password). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown';
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string') return code;
  if (/^[A-Z]{3,}\b/.test(error.message)) return error.message.split(' ')[0] ?? 'error';
  return error.message.includes('timed out') || error.message.includes('timeout') ? 'timeout' : 'error';
}

function backoff(tuning: StoreTuning): (times: number) => number {
  // Jitter spreads twenty pods' reconnections after the store comes back.
  return (times) => Math.min(tuning.reconnectMaxMs, tuning.reconnectBaseMs * 2 ** Math.min(times - 1, 16)) * (0.5 + Math.random() / 2);
}

function clientOptions(settings: SharedCacheSettings, tuning: StoreTuning) {
  return {
    connectTimeout: settings.connectTimeoutMs,
    commandTimeout: settings.commandTimeoutMs,
    // A hung server (SIGSTOP, a dead peer) holds its socket: past this with replies due, it is closed and reopened.
    socketTimeout: Math.max(tuning.openMs, settings.commandTimeoutMs * 4),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: backoff(tuning),
    // Commands issued in one turn of the event loop go in one write.
    enableAutoPipelining: true,
    lazyConnect: true,
    // At shutdown a socket to a hung server is destroyed after this, not ioredis's 2 s.
    disconnectTimeout: 200,
  };
}

export function createSharedStore(options: StoreOptions): SharedStore {
  const { settings, log, observer } = options;
  const tuning = options.tuning ?? DEFAULT_STORE_TUNING;
  const client = new Redis(settings.url, clientOptions(settings, tuning));
  // The subscription alone waits for its connection (no request waits for it); ioredis subscribes again after each reconnection.
  const subscriber = new Redis(settings.url, { ...clientOptions(settings, tuning), enableAutoPipelining: false, enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: false, commandTimeout: undefined });
  const instanceId = randomUUID();
  const root = `${settings.keyPrefix}:v${STORE_FORMAT}`;
  const channel = `${settings.keyPrefix}:purge`;
  const generationKey = `${root}:generation`;
  /** Known once read after a connection: until then no key can be named, and commands are skipped. */
  let generation: number | undefined;
  let fullUntil = 0;
  let lastReason = 'starting';
  /** 'connecting' until the first connection succeeds or fails (each then logs its line). */
  let current: StoreState = 'connecting';
  let closed = false;

  const breaker = circuitBreaker(handleWhen((error) => !isOutOfMemory(error)), { halfOpenAfter: tuning.openMs, breaker: new ConsecutiveBreaker(tuning.breakAfter) });

  function stateNow(): StoreState {
    if (client.status !== 'ready' || generation === undefined) return 'down';
    if (breaker.state !== CircuitState.Closed) return 'slow';
    if (Date.now() < fullUntil) return 'full';
    return 'up';
  }

  /** The one line of each change of state, with its reason. */
  function settle(): void {
    const next = stateNow();
    if (next === current || closed) return;
    current = next;
    observer.sharedCacheState(next);
    if (next === 'up') log.info({ event: LOG_EVENTS.SHARED_CACHE_STATE.event, state: next }, 'shared cache tier is up');
    else log.warn({ event: LOG_EVENTS.SHARED_CACHE_STATE.event, state: next, reason: lastReason }, `shared cache tier is ${next}: the in-process caches answer alone`);
  }

  let probe: NodeJS.Timeout | undefined;
  breaker.onBreak(() => {
    settle();
    // Without traffic nothing would probe the store: a PING does once the breaker lets one through.
    clearTimeout(probe);
    probe = setTimeout(() => void run('ping', false, () => client.ping(), false), tuning.openMs + 1);
    probe.unref();
  });
  breaker.onReset(() => settle());

  function keyOf(name: string): string {
    return `${root}:g${generation ?? 0}:${name}`;
  }

  const tagKey = (tag: string) => keyOf(`tag:${tag}`);

  /** `work` within the breaker's and the state's rules; undefined when skipped or failed. */
  async function run<T>(command: StoreCommand, write: boolean, work: () => Promise<T>, needsGeneration = true): Promise<T | undefined> {
    if (fullUntil !== 0 && Date.now() >= fullUntil) {
      // A full store's pause is over: the next write finds out whether it still is.
      fullUntil = 0;
      settle();
    }
    // While the one probe of a half-open breaker runs, the others skip rather than wait for its verdict.
    if (client.status !== 'ready' || (needsGeneration && generation === undefined) || (write && fullUntil !== 0) || breaker.state === CircuitState.HalfOpen) {
      observer.observeSharedCommand(command, 'skipped', 0);
      return undefined;
    }
    const startedAt = performance.now();
    try {
      const result = await breaker.execute(work);
      observer.observeSharedCommand(command, 'ok', (performance.now() - startedAt) / 1000);
      return result;
    } catch (error) {
      if (isBrokenCircuitError(error)) {
        observer.observeSharedCommand(command, 'skipped', 0);
        return undefined;
      }
      observer.observeSharedCommand(command, 'error', (performance.now() - startedAt) / 1000);
      lastReason = reasonOf(error);
      if (isOutOfMemory(error)) fullUntil = Date.now() + tuning.openMs;
      settle();
      return undefined;
    }
  }

  async function readGeneration(): Promise<void> {
    const read = await run('generation', false, () => client.get(generationKey), false);
    if (read === undefined) return;
    generation = Number(read ?? 0) || 0;
    settle();
  }

  client.on('ready', () => void readGeneration());
  // A refused AUTH leaves the socket open and the client never ready: the error says why.
  let lastError: string | undefined;
  client.on('error', (error: unknown) => {
    lastError = reasonOf(error);
    lastReason = lastError;
    settle();
  });
  client.on('close', () => {
    lastReason = lastError ?? 'connection_closed';
    lastError = undefined;
    settle();
  });

  const messageHandlers: MessageHandler[] = [];
  const resyncHandlers: (() => void)[] = [];
  let subscribedOnce = false;
  let subscriptionLost = false;
  subscriber.on('error', () => undefined);
  subscriber.on('close', () => {
    if (subscribedOnce) subscriptionLost = true;
  });
  subscriber.on('ready', () => {
    if (!subscriptionLost) return;
    subscriptionLost = false;
    // Once subscribed again (nothing can be missed from then on), what came meanwhile is unknown:
    // the handlers drop what it may have purged, and the generation is read again.
    subscriber.subscribe(channel).then(
      () => {
        void readGeneration();
        for (const handler of resyncHandlers) handler();
      },
      () => undefined,
    );
  });
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    for (const handler of messageHandlers) handler(message);
  });

  // Connection failures reconnect by the retry strategy; the first is not awaited by anyone.
  client.connect().catch(() => settle());

  return {
    instanceId,
    state: () => current,
    get: (name) => run('get', false, () => client.get(keyOf(name))),
    getBuffer: (name) => run('get', false, () => client.getBuffer(keyOf(name))),
    count: (name, windowMs) =>
      run('count', true, () =>
        client
          .pipeline()
          .incr(keyOf(name))
          .pexpire(keyOf(name), Math.max(1, Math.round(windowMs)))
          .exec()
          .then((replies) => {
            const [error, views] = replies?.[0] ?? [new Error('no reply')];
            if (error) throw error;
            return Number(views);
          }),
      ),
    getMany: (names) => run('get', false, () => client.mget(names.map(keyOf))),
    async set(name, value, ttlMs, tags, tagTtlMs) {
      const done = await run('set', true, () => {
        // A value stored frees its lock: whoever waits for it reads it now.
        const pipeline = client.pipeline().set(keyOf(name), value, 'PX', Math.max(1, Math.round(ttlMs))).del(keyOf(`lock:${name}`));
        for (const tag of tags) pipeline.sadd(tagKey(tag), name).pexpire(tagKey(tag), Math.max(1, Math.round(tagTtlMs)));
        return pipeline.exec().then((replies) => {
          const failed = replies?.find(([error]) => error !== null)?.[0];
          if (failed) throw failed;
          return true;
        });
      });
      return done !== undefined;
    },
    async claim(name, ttlMs) {
      const reply = await run('claim', true, () => client.set(keyOf(`lock:${name}`), instanceId, 'PX', Math.max(1, Math.round(ttlMs)), 'NX'));
      return reply === undefined ? undefined : reply === 'OK';
    },
    async release(name) {
      await run('release', true, () => client.del(keyOf(`lock:${name}`)));
    },
    async purge(tags) {
      if (tags === null) {
        const next = await run('purge', false, () => client.incr(generationKey), false);
        if (next === undefined) return false;
        generation = next;
        return true;
      }
      const done = await run('purge', false, async () => {
        const tagKeys = [...tags].map(tagKey);
        const members = await client
          .pipeline(tagKeys.map((key) => ['smembers', key]))
          .exec()
          .then((replies) => (replies ?? []).flatMap(([error, names]) => (error === null && Array.isArray(names) ? (names as string[]) : [])));
        const keys = [...new Set(members)].map(keyOf);
        // UNLINK frees memory off the server's main thread: a large tag does not stall other clients.
        if (keys.length + tagKeys.length > 0) await client.unlink(...keys, ...tagKeys);
        return true;
      });
      return done !== undefined;
    },
    generation: () => generation,
    adoptGeneration(next) {
      // Whatever the announcer moved to, even lower (a flushed store counts again from 1): all follow it.
      generation = next;
    },
    async publish(message) {
      const receivers = await run('publish', false, () => client.publish(channel, message), false);
      return receivers !== undefined;
    },
    subscribe(onMessage, onResync) {
      messageHandlers.push(onMessage);
      resyncHandlers.push(onResync);
      if (subscribedOnce) return;
      subscribedOnce = true;
      subscriber.subscribe(channel).catch(() => undefined);
    },
    async close() {
      closed = true;
      clearTimeout(probe);
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
