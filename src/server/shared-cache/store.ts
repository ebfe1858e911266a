/**
 * The shared cache tier's store: a Redis-protocol server (Valkey, Redis) through ioredis
 * (decision 0370), kept an optimisation, never a dependency:
 * - every reply is waited for at most CACHE_COMMAND_TIMEOUT_MS (reply-deadline.ts: a reply that
 *   came while the event loop was busy is not late) and nothing waits for a connection: while the
 *   store is not ready a command is skipped at once (no offline queue);
 * - consecutive failures (late replies, a lost connection) open a breaker (cockatiel): commands
 *   are skipped for a while, then a PING probes the store;
 * - a store that is full (an OOM reply under `noeviction`) takes no writes for a while, then the
 *   next write finds out whether it still is; it stays `full` until a write goes through; reads go on;
 * - a lost connection is reopened with capped exponential back-off and jitter;
 * - one log line per change of state (`shared_cache.state`), and metrics per operation.
 * A skipped or failed command answers `undefined`: callers go on with their first tier.
 *
 * Keys: `<prefix>:v<format>:g<generation>:<name>`. The format version keeps releases that
 * store values differently apart; the generation is how a purge of everything drops every key
 * at once, without a scan (old keys expire). Every key is written with an expiry. The
 * generation and the count of purges (`<prefix>:generation`, `<prefix>:announced`) are the
 * deployment's, one for every format, as the channel is: releases of two formats side by side
 * in a rollout move to the same generations and count one sequence. Format 1 kept both under its
 * own root; the scripts keep its generation in step (store-scripts.ts).
 */
import { randomUUID } from 'node:crypto';
import { CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen, isBrokenCircuitError } from 'cockatiel';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import type { SharedCacheSettings } from '../config/config';
import { LOG_EVENTS } from '../http/log-events';
import { LateReply, replyDeadline } from './reply-deadline';
import { batchCommands } from './batch-command';
import { type BatchReply, defineStoreScripts, sendBatch } from './store-scripts';

/** The shape of what this release stores: a value written by another format is not read. */
export const STORE_FORMAT = 2;

export type StoreState = 'connecting' | 'up' | 'down' | 'slow' | 'full';
export type StoreCommand = 'get' | 'count' | 'set' | 'claim' | 'release' | 'purge' | 'publish' | 'generation' | 'mark' | 'ping';
/**
 * What a command needs: `read` and `write` a generation to name keys (a write is skipped while the
 * store is full), `root` nothing (keys outside a generation, the channel), and `probe` is the one
 * command that goes to the store while the breaker is open.
 */
type Access = 'read' | 'write' | 'root' | 'probe';
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

/**
 * A value to write: its text or bytes, or its text in three parts the store joins (a head and a
 * tail around a text this process already holds, such as the content API's answer: not joined,
 * and so not copied, here).
 */
export type StoredValue = string | Buffer | readonly [head: string, body: string, tail: string];

/** A message from another instance on the deployment's channel. */
export type MessageHandler = (message: string) => void;
/** The subscription is back after it was lost: `missed` unless the store shows that no announced message went unheard meanwhile. */
export type ReturnHandler = (missed: boolean) => void;

export interface SharedStore {
  readonly state: () => StoreState;
  /** The value of `name`, null when there is none, undefined when the store could not say. */
  get(name: string): Promise<string | null | undefined>;
  /**
   * The value of `name` as bytes (a kept page), and one more of `counter` (INCR), counted for
   * `windowMs` from now on (PEXPIRE), in one command: the count is undefined while the store is
   * full (then it is only read); undefined when the store could not say.
   */
  readAndCount(name: string, counter: string, windowMs: number): Promise<{ readonly value: Buffer | null; readonly count: number | undefined } | undefined>;
  /**
   * The value of `name`, and when there is none, its lock claimed (as `claim`) in the same
   * command: `claimed` is undefined while the store is full (then it is only read); undefined
   * when the store could not say.
   */
  readOrClaim(name: string, ttlMs: number): Promise<{ readonly value: string | null; readonly claimed: boolean | undefined } | undefined>;
  /** Writes `value` for `ttlMs`, its name added to each tag's set (kept `tagTtlMs`), and frees its lock, in one command. */
  set(name: string, value: StoredValue, ttlMs: number, tags: readonly string[], tagTtlMs: number): Promise<boolean>;
  /** A short lock on `name` (SET NX PX; renewed when this instance holds it already): true when this instance holds it, false when another does, undefined when the store could not say. */
  claim(name: string, ttlMs: number): Promise<boolean | undefined>;
  /** Gives up a lock this instance holds (its fetch failed or was purged), so that others need not wait for its expiry; another's is left. */
  release(name: string): Promise<void>;
  /** Drops every value with one of `tags`, and the tags' sets; null: every value (a new generation, returned). */
  purge(tags: ReadonlySet<string> | null): Promise<boolean>;
  /** The generation keys are named under now (after a purge of everything: the new one). */
  generation(): number | undefined;
  /** Another instance moved to `next` (its purge of everything): keys are named under it from now on. */
  adoptGeneration(next: number): void;
  /**
   * A release of store format 1 moved its own generation to `next` (its purge of everything):
   * adopted (or, were it not past this instance's, the one after this instance's), and the
   * deployment's generation moved to it when it is past it, for the instances that read it next.
   */
  followFormerGeneration(next: number): void;
  /**
   * Tells every instance (this one too) `message`, a JSON object, on the deployment's channel,
   * counted: it arrives with the count as its first member, `count`.
   */
  publish(message: string): Promise<boolean>;
  /** Each message on the channel, and each time the subscription is back after it was lost, with whether a message may have been missed meanwhile. */
  subscribe(onMessage: MessageHandler, onReturn: ReturnHandler): void;
  /** This instance's id, to tell its own messages from others'. */
  readonly instanceId: string;
  close(): Promise<void>;
}

/** The reply a full store gives under `noeviction`. */
const isOutOfMemory = (error: unknown): boolean => error instanceof Error && error.message.startsWith('OOM');

/** A value in a batch's reply: its bytes, or null when there is none. */
const bytesIn = (reply: BatchReply | undefined): Buffer | null => (Buffer.isBuffer(reply) ? reply : null);
/** A value in a batch's reply as text, or null when there is none. */
const textIn = (reply: BatchReply | undefined): string | null => (Buffer.isBuffer(reply) ? reply.toString() : null);
/** The two values of an operation that replies a pair (read-or-lock, read-and-count). */
const pairIn = (reply: BatchReply): readonly [BatchReply | undefined, BatchReply | undefined] => (Array.isArray(reply) ? [reply[0], reply[1]] : [undefined, undefined]);

/**
 * The messages the deployment has announced, as the store counts them, and the store's run
 * (its `run_id`, new at each start): an instance compares it with what it heard to tell a
 * reconnection that missed nothing from one that may have.
 */
interface ChannelMark {
  readonly run: string;
  readonly count: number;
}

/** The count as the announce script puts it, first in the message. */
const COUNT = /^\{"count":(\d+),/;
const RUN_ID = /^run_id:(\w+)/m;
/** The count's expiry, renewed by each message: a deployment that announces none for this long counts again from 1 (and a reconnection then drops its first tier, as when unsure). */
const MARK_COUNT_MS = 7 * 24 * 3600 * 1000;
/**
 * The generation's expiry, renewed by each read and each purge of everything: past it, the next
 * instance to connect starts one of its own (GENERATION), a cold tier for it and safe.
 */
const GENERATION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** Unheard counts checked one by one at most; more mean a long absence, and a drop. */
const MAX_CHECKED_COUNTS = 1000;

/** A short reason for a log line: an error code or the reply's first word, never the URL (it may carry a password). */
function reasonOf(error: unknown): string {
  if (error instanceof LateReply) return 'timeout';
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
    // A hung server (SIGSTOP, a dead peer) holds its socket: past this with replies due, it is closed and reopened.
    socketTimeout: Math.max(tuning.openMs, settings.commandTimeoutMs * 4),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: backoff(tuning),
    // The store batches its operations itself (batch-command.ts): ioredis's own batching holds
    // each batch until the one before it is answered.
    enableAutoPipelining: false,
    lazyConnect: true,
    // At shutdown a socket to a hung server is destroyed after this, not ioredis's 2 s.
    disconnectTimeout: 200,
  };
}

export function createSharedStore(options: StoreOptions): SharedStore {
  const { settings, log, observer } = options;
  const tuning = options.tuning ?? DEFAULT_STORE_TUNING;
  const client = new Redis(settings.url, clientOptions(settings, tuning));
  defineStoreScripts(client);
  const within = replyDeadline(settings.commandTimeoutMs);
  // The subscription alone waits for its connection (no request waits for it). It is made again
  // after each reconnection here (the 'ready' handler below), not by ioredis, whose own SUBSCRIBE's
  // promise nobody holds: a close before its reply would reject it unhandled.
  const subscriber = new Redis(settings.url, { ...clientOptions(settings, tuning), enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: false, autoResubscribe: false });
  const instanceId = randomUUID();
  const root = `${settings.keyPrefix}:v${STORE_FORMAT}`;
  const channel = `${settings.keyPrefix}:purge`;
  const generationKey = `${settings.keyPrefix}:generation`;
  const countKey = `${settings.keyPrefix}:announced`;
  /** Where a release of store format 1 keeps its generation: kept in step with the deployment's. */
  const formerGenerationKey = `${settings.keyPrefix}:v1:generation`;
  /** Known once read after a connection: until then no key can be named, and commands are skipped. */
  let generation: number | undefined;
  let fullUntil = 0;
  /** A write was refused for want of memory and none has gone through since: `full` between the pauses too, one line for the whole spell. */
  let refusingWrites = false;
  let lastReason = 'starting';
  /** 'connecting' until the first connection succeeds or fails (each then logs its line). */
  let current: StoreState = 'connecting';
  let closed = false;

  const breaker = circuitBreaker(handleWhen((error) => !isOutOfMemory(error)), { halfOpenAfter: tuning.openMs, breaker: new ConsecutiveBreaker(tuning.breakAfter) });
  /** A command written now, within the breaker and the command timeout. */
  const guarded = <T>(command: () => Promise<T>): Promise<T> => breaker.execute(() => within(command()));
  // A batch's operations are one command: its failure is one, not one an operation.
  const batches = batchCommands((numberOfKeys, keysThenArgs) => guarded(() => sendBatch(client, numberOfKeys, keysThenArgs)));

  function stateNow(): StoreState {
    if (client.status !== 'ready' || generation === undefined) return 'down';
    if (breaker.state !== CircuitState.Closed) return 'slow';
    if (refusingWrites) return 'full';
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
  /**
   * Traffic never goes through an open breaker, so only this PING closes it: sent once the
   * breaker lets one through, and again later while it stays open (a probe that found no
   * connection to go on, the store still down, is skipped: without another the tier would stay
   * off after the store is back).
   */
  function probeLater(): void {
    clearTimeout(probe);
    if (closed) return;
    probe = setTimeout(
      () =>
        void run('ping', 'probe', () => client.ping()).then(() => {
          if (breaker.state !== CircuitState.Closed) probeLater();
        }),
      tuning.openMs + 1,
    );
    probe.unref();
  }
  breaker.onBreak((cause) => {
    // Called before the failing command's own handling: its reason is the line's.
    if ('error' in cause) lastReason = reasonOf(cause.error);
    settle();
    probeLater();
  });
  breaker.onReset(() => {
    settle();
    // A connection made while the breaker was open could not read the generation (a purge of
    // everything, or a flush, may have moved it meanwhile): read now.
    void readGeneration();
  });

  function keyOf(name: string): string {
    return `${root}:g${generation ?? 0}:${name}`;
  }

  const tagKey = (tag: string) => keyOf(`tag:${tag}`);

  /** Whether writes go to the store: not while a full store's pause lasts (after it, the next write finds out whether it still is). */
  function writable(): boolean {
    if (fullUntil !== 0 && Date.now() >= fullUntil) fullUntil = 0;
    return fullUntil === 0;
  }

  /** Whether a command of `access` goes to the store now. */
  function sendable(access: Access): boolean {
    const writes = writable();
    if (client.status !== 'ready') return false;
    // While the breaker is not closed only its probe goes: the others skip rather than wait for its verdict.
    if (access === 'probe') return true;
    if (breaker.state !== CircuitState.Closed) return false;
    if (access === 'root') return true;
    return generation !== undefined && (access === 'read' || writes);
  }

  /**
   * `work`'s reply, observed as `command`, when the state's rules let `access` go to the store now
   * (else skipped at once); undefined when skipped or failed. `work` is a batch's operation (the
   * batch's command goes through the breaker and the deadline) or a command of its own (`run`).
   */
  async function observed<T>(command: StoreCommand, access: Access, work: () => Promise<T>): Promise<T | undefined> {
    if (!sendable(access)) {
      observer.observeSharedCommand(command, 'skipped', 0);
      return undefined;
    }
    const startedAt = performance.now();
    try {
      const result = await work();
      observer.observeSharedCommand(command, 'ok', (performance.now() - startedAt) / 1000);
      if (access === 'write' && refusingWrites) {
        refusingWrites = false;
        settle();
      }
      return result;
    } catch (error) {
      if (isBrokenCircuitError(error)) {
        observer.observeSharedCommand(command, 'skipped', 0);
        return undefined;
      }
      observer.observeSharedCommand(command, 'error', (performance.now() - startedAt) / 1000);
      lastReason = reasonOf(error);
      if (isOutOfMemory(error)) {
        refusingWrites = true;
        fullUntil = Date.now() + tuning.openMs;
      }
      settle();
      return undefined;
    }
  }

  /** A command of its own, outside a batch (the generation, the channel's, the probe). */
  const run = <T>(command: StoreCommand, access: Access, work: () => Promise<T>): Promise<T | undefined> => observed(command, access, () => guarded(work));

  async function readGeneration(): Promise<void> {
    const read = await run('generation', 'root', () => client.readGeneration(generationKey, formerGenerationKey, Date.now(), GENERATION_LIFETIME_MS));
    if (read === undefined) return;
    generation = Number(read) || 0;
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
  const returnHandlers: ReturnHandler[] = [];
  let subscribedOnce = false;
  let subscriptionLost = false;
  /** Every count up to this one was heard on this run of the store; undefined: not known (the next return counts as missed). */
  let heardUpTo: ChannelMark | undefined;
  /** Counts heard since the subscription came back, while the store's count is read. */
  let heardSinceReturn: Set<number> | undefined;
  /** A message without a count came (an older release announces uncounted): no return can be shown to have missed nothing. */
  let uncountedSender = false;

  function hear(message: string): void {
    const counted = COUNT.exec(message);
    if (counted === null) {
      uncountedSender = true;
      return;
    }
    const count = Number(counted[1]);
    heardSinceReturn?.add(count);
    // Only the next count moves the mark: a gap stays one, and the next return drops.
    if (heardUpTo && count === heardUpTo.count + 1) heardUpTo = { run: heardUpTo.run, count };
  }

  /** The store's mark, read once the command connection is ready (waited for a reconnection's worth of time at most). */
  async function readMark(): Promise<ChannelMark | undefined> {
    if (!(await readyWithin(tuning.reconnectMaxMs + settings.connectTimeoutMs))) return undefined;
    const startedAt = performance.now();
    try {
      // Past the breaker, as its probe: a breaker opened by the lost connection must not decide that purges were missed.
      const replies = await within(client.pipeline().info('server').get(countKey).exec());
      const [info, count] = replies ?? [];
      const run = info && info[0] === null && typeof info[1] === 'string' ? RUN_ID.exec(info[1])?.[1] : undefined;
      if (run === undefined || !count || count[0] !== null) throw new Error('no mark in the reply');
      observer.observeSharedCommand('mark', 'ok', (performance.now() - startedAt) / 1000);
      return { run, count: Number(count[1] ?? 0) };
    } catch {
      observer.observeSharedCommand('mark', 'error', (performance.now() - startedAt) / 1000);
      return undefined;
    }
  }

  function readyWithin(ms: number): Promise<boolean> {
    if (client.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ready: boolean) => {
        clearTimeout(timer);
        client.off('ready', onReady);
        resolve(ready);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      timer.unref();
      client.on('ready', onReady);
    });
  }

  /** Whether a message may have been announced while the subscription was lost, and the mark heard up to from now on. */
  async function missedSince(before: ChannelMark | undefined, heard: ReadonlySet<number>): Promise<{ readonly missed: boolean; readonly mark: ChannelMark | undefined }> {
    const mark = await readMark();
    if (mark === undefined || before === undefined || uncountedSender || mark.run !== before.run) return { missed: true, mark };
    const unheard = mark.count - before.count;
    if (unheard < 0 || unheard > MAX_CHECKED_COUNTS) return { missed: true, mark };
    for (let count = before.count + 1; count <= mark.count; count++) if (!heard.has(count)) return { missed: true, mark };
    return { missed: false, mark };
  }

  let rejoins = 0;
  /** Subscribed (again): from now on nothing is missed; what came before is told by the store's mark. */
  async function rejoined(returning: boolean): Promise<void> {
    const before = heardUpTo;
    const heard = new Set<number>();
    heardSinceReturn = heard;
    const rejoin = ++rejoins;
    const { missed, mark } = await missedSince(before, heard);
    // Lost and back again meanwhile: the later return decides, from the same mark before.
    if (rejoin !== rejoins) return;
    heardSinceReturn = undefined;
    // Counts heard while the mark was read, past it, move it on as they would have.
    heardUpTo = mark;
    for (let count = (mark?.count ?? 0) + 1; mark && heard.has(count); count++) heardUpTo = { run: mark.run, count };
    if (returning) for (const handler of returnHandlers) handler(missed);
  }

  subscriber.on('error', () => undefined);
  subscriber.on('close', () => {
    if (subscribedOnce) subscriptionLost = true;
  });
  subscriber.on('ready', () => {
    if (!subscriptionLost) return;
    subscriptionLost = false;
    // Once subscribed again nothing can be missed from then on; whether something was meanwhile,
    // the store's count says (rejoined), and the generation is read again.
    subscriber.subscribe(channel).then(
      () => {
        void readGeneration();
        void rejoined(true);
      },
      () => undefined,
    );
  });
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    hear(message);
    for (const handler of messageHandlers) handler(message);
  });

  // Connection failures reconnect by the retry strategy; the first is not awaited by anyone.
  client.connect().catch(() => settle());

  return {
    instanceId,
    state: () => current,
    get(name) {
      const key = keyOf(name);
      return observed('get', 'read', async () => textIn(await batches.run('read', [key], [])));
    },
    async readAndCount(name, counter, windowMs) {
      const key = keyOf(name);
      if (!writable()) {
        const value = await observed('get', 'read', async () => bytesIn(await batches.run('read', [key], [])));
        return value === undefined ? undefined : { value, count: undefined };
      }
      const reply = await observed('count', 'write', () => batches.run('readAndCount', [key, keyOf(counter)], [Math.max(1, Math.round(windowMs))]));
      if (reply === undefined) return undefined;
      const [value, count] = pairIn(reply);
      return { value: bytesIn(value), count: Number(count) };
    },
    async readOrClaim(name, ttlMs) {
      const key = keyOf(name);
      if (!writable()) {
        const value = await observed('get', 'read', async () => textIn(await batches.run('read', [key], [])));
        return value === undefined ? undefined : { value, claimed: undefined };
      }
      const reply = await observed('claim', 'write', () => batches.run('readOrClaim', [key, keyOf(`lock:${name}`)], [instanceId, Math.max(1, Math.round(ttlMs))]));
      if (reply === undefined) return undefined;
      const [value, claimed] = pairIn(reply);
      return { value: textIn(value), claimed: claimed === 1 };
    },
    async set(name, value, ttlMs, tags, tagTtlMs) {
      // A value stored frees its lock: whoever waits for it reads it now.
      const keys = [keyOf(name), keyOf(`lock:${name}`), ...tags.map(tagKey)];
      const [head, body, tail] = typeof value === 'string' || Buffer.isBuffer(value) ? ['', value, ''] : value;
      const args = [tags.length, head, body, tail, Math.max(1, Math.round(ttlMs)), Math.max(1, Math.round(tagTtlMs)), name];
      const done = await observed('set', 'write', () => batches.run('keep', keys, args));
      return done !== undefined;
    },
    async claim(name, ttlMs) {
      const reply = await observed('claim', 'write', () => batches.run('claim', [keyOf(name), keyOf(`lock:${name}`)], [instanceId, Math.max(1, Math.round(ttlMs))]));
      return reply === undefined ? undefined : reply === 1;
    },
    async release(name) {
      const lock = keyOf(`lock:${name}`);
      await observed('release', 'write', () => batches.run('release', [lock], [instanceId]));
    },
    async purge(tags) {
      if (tags === null) {
        const next = await run('purge', 'root', () => client.nextGeneration(generationKey, formerGenerationKey, Date.now(), GENERATION_LIFETIME_MS));
        if (next === undefined) return false;
        generation = next;
        return true;
      }
      // In the batch's command, after the writes issued before it: a value kept earlier in the batch is dropped too.
      const done = await observed('purge', 'read', async () => {
        const tagKeys = [...tags].map(tagKey);
        const members = await Promise.all(tagKeys.map((key) => batches.run('members', [key], [])));
        const names = members.flatMap((reply) => (Array.isArray(reply) ? reply.map(textIn) : [])).filter((name) => name !== null);
        const keys = [...[...new Set(names)].map(keyOf), ...tagKeys];
        if (keys.length > 0) await batches.run('unlink', keys, [keys.length]);
        return true;
      });
      return done !== undefined;
    },
    generation: () => generation,
    adoptGeneration(next) {
      // Whatever the announcer moved to, even lower: all follow it.
      generation = next;
    },
    followFormerGeneration(next) {
      // Format 1's counter is kept past the deployment's (NEXT_GENERATION), so `next` is new here;
      // should it not be, the one after this instance's own is.
      const moved = Math.max(next, (generation ?? 0) + 1);
      generation = moved;
      void run('generation', 'root', () => client.followGeneration(generationKey, moved, GENERATION_LIFETIME_MS));
    },
    async publish(message) {
      const count = await run('publish', 'root', () => client.announce(countKey, channel, message, MARK_COUNT_MS));
      return count !== undefined;
    },
    subscribe(onMessage, onReturn) {
      messageHandlers.push(onMessage);
      returnHandlers.push(onReturn);
      if (subscribedOnce) return;
      subscribedOnce = true;
      subscriber.subscribe(channel).then(
        () => void rejoined(false),
        () => undefined,
      );
    },
    async close() {
      closed = true;
      clearTimeout(probe);
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
