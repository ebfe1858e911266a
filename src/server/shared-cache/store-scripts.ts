/**
 * What one view asks of the store, each as one command (a Lua script run by EVALSHA, ioredis's
 * defineCommand; decision 0396): a view that misses both tiers makes one command a lookup and
 * one a write, rather than a pipeline of several, each with its own command object, promise and
 * reply for this process to handle. A view's read, read-or-lock and write take any number of
 * entries: a turn's entries of each go as one command (turn-pipeline.ts, decision 0422), each
 * entry its keys in KEYS and its arguments in ARGV, its replies in order in the one reply.
 */
import type Redis from 'ioredis';
import type { Result } from 'ioredis';
import type { MergedScript, ScriptArgument } from './turn-pipeline';

/**
 * `take(lock, holder, ms)`: the lock taken for `holder` (this instance) for `ms`, or renewed when
 * this instance holds it already: a fetch of its own that ended without freeing it (purged while
 * in flight, its write skipped) is not waited for by the next one. Whether it now holds it.
 */
const TAKE_LOCK = `
local function take(lock, holder, ms)
  local locked = redis.call('SET', lock, holder, 'PX', ms, 'NX')
  if not locked and redis.call('GET', lock) == holder then locked = redis.call('PEXPIRE', lock, ms) == 1 end
  return locked
end`;

/**
 * Per entry (KEYS: the value, its lock; ARGV: this instance, the lock's ms): the value, or nil;
 * and 1 when this instance now holds the key's lock (taken only when the value is missing).
 */
const READ_OR_CLAIM = `${TAKE_LOCK}
local replies = {}
for index = 1, #KEYS, 2 do
  local value = redis.call('GET', KEYS[index])
  replies[index] = value
  replies[index + 1] = (not value and take(KEYS[index + 1], ARGV[index], ARGV[index + 1])) and 1 or 0
end
return replies`;

/** Whether this instance now holds the lock KEYS[2] (KEYS[1] is the value's key, unread). */
const CLAIM = `${TAKE_LOCK}
if take(KEYS[2], ARGV[1], ARGV[2]) then return 1 end
return 0`;

/** The lock KEYS[1] freed when this instance (ARGV[1]) holds it: another's is left alone. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Per entry (KEYS: the value, its counter; ARGV: the count's window in ms): the value, and the view counted (INCR, and its window from now on). */
const READ_AND_COUNT = `
local replies = {}
for index = 1, #KEYS, 2 do
  local views = redis.call('INCR', KEYS[index + 1])
  redis.call('PEXPIRE', KEYS[index + 1], ARGV[(index + 1) / 2])
  replies[index] = redis.call('GET', KEYS[index])
  replies[index + 1] = views
end
return replies`;

/**
 * Per entry (KEYS: the value, its lock, then each tag's set; ARGV: the number of tags, the value,
 * its ms, the tags' ms, its name): the value written with its expiry, its lock freed, and its
 * name added to each tag's set (each set's expiry renewed). 1 an entry.
 */
const KEEP = `
local replies = {}
local key = 1
for index = 1, #ARGV, 5 do
  local tags = tonumber(ARGV[index])
  redis.call('SET', KEYS[key], ARGV[index + 1], 'PX', ARGV[index + 2])
  redis.call('DEL', KEYS[key + 1])
  for tag = key + 2, key + 1 + tags do
    redis.call('SADD', KEYS[tag], ARGV[index + 4])
    redis.call('PEXPIRE', KEYS[tag], ARGV[index + 3])
  end
  key = key + 2 + tags
  replies[#replies + 1] = 1
end
return replies`;

/**
 * A purge announced: the deployment's count of them (KEYS[1]) one more, kept ARGV[3] ms, and the
 * message ARGV[2] (a JSON object) published on the channel ARGV[1] with that count as its first
 * member, `count`: an instance back on the channel can tell from the count whether it missed one.
 * A release of store format 1 counted in a key of its own, as `seq`: each reads the other's
 * messages as uncounted.
 */
const ANNOUNCE = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', ARGV[1], '{"count":' .. count .. ',' .. string.sub(ARGV[2], 2))
return count`;

/**
 * The deployment's generation (KEYS[1]), its expiry renewed to ARGV[2] ms. When there is none
 * (a new store, or the key expired or was evicted), one no key can have been named under: the one
 * a release of store format 1 kept under its own root (KEYS[2]), so that no number it used is
 * used again, else ARGV[1], the time in milliseconds (generations count up by one a purge of
 * everything, so a number from the clock is past every one a store held before).
 */
const GENERATION = `
local current = redis.call('GET', KEYS[1])
if not current then
  current = redis.call('GET', KEYS[2]) or ARGV[1]
  redis.call('SET', KEYS[1], current)
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return current`;

/**
 * A purge of everything: the generation (KEYS[1], made as GENERATION makes it when there is
 * none) moved past its own and format 1's (KEYS[2]), and format 1's, where a release of it ran,
 * set to it: both releases' next one is new to both.
 */
const NEXT_GENERATION = `
if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('SET', KEYS[1], redis.call('GET', KEYS[2]) or ARGV[1]) end
local next = redis.call('INCR', KEYS[1])
local former = redis.call('GET', KEYS[2])
if former then
  if tonumber(former) >= next then
    next = tonumber(former) + 1
    redis.call('SET', KEYS[1], next)
  end
  redis.call('SET', KEYS[2], next)
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return next`;

/** The generation this instance moved to for format 1's purge of everything (ARGV[1]): the deployment's (KEYS[1]) follows when it is past it. */
const FOLLOW_GENERATION = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1]) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    readOrClaim(numberOfKeys: number, ...keysThenArgs: ScriptArgument[]): Result<(string | number | null)[], Context>;
    claimLock(value: string, lock: string, holder: string, lockMs: number): Result<0 | 1, Context>;
    releaseLock(lock: string, holder: string): Result<0 | 1, Context>;
    readAndCountBuffer(numberOfKeys: number, ...keysThenArgs: ScriptArgument[]): Result<(Buffer | number | null)[], Context>;
    keep(numberOfKeys: number, ...keysThenArgs: ScriptArgument[]): Result<number[], Context>;
    announce(count: string, channel: string, message: string, countMs: number): Result<number, Context>;
    readGeneration(generation: string, former: string, unused: number, lifetimeMs: number): Result<string, Context>;
    nextGeneration(generation: string, former: string, unused: number, lifetimeMs: number): Result<number, Context>;
    followGeneration(generation: string, moved: number, lifetimeMs: number): Result<1, Context>;
  }
}

/** The scripts defined on `client` (each sent once per connection, then named by its hash). */
export function defineStoreScripts(client: Redis): void {
  // Their numbers of keys are given with each call: one entry's or many's.
  client.defineCommand('readOrClaim', { lua: READ_OR_CLAIM });
  client.defineCommand('claimLock', { numberOfKeys: 2, lua: CLAIM });
  client.defineCommand('releaseLock', { numberOfKeys: 1, lua: RELEASE });
  client.defineCommand('readAndCount', { lua: READ_AND_COUNT });
  client.defineCommand('keep', { lua: KEEP });
  client.defineCommand('announce', { numberOfKeys: 1, lua: ANNOUNCE });
  client.defineCommand('readGeneration', { numberOfKeys: 2, lua: GENERATION });
  client.defineCommand('nextGeneration', { numberOfKeys: 2, lua: NEXT_GENERATION });
  client.defineCommand('followGeneration', { numberOfKeys: 1, lua: FOLLOW_GENERATION });
}

/** Entries of READ_OR_CLAIM: keys [value, lock], arguments [holder, lock ms]; reply [value or null, 0 | 1]. */
export const READ_OR_CLAIM_ENTRIES: MergedScript = {
  width: 2,
  add: (pipeline, keys, args) => void pipeline.readOrClaim(keys.length, ...keys, ...args),
};

/** Entries of READ_AND_COUNT: keys [value, counter], arguments [window ms]; reply [value bytes or null, views]. */
export const READ_AND_COUNT_ENTRIES: MergedScript = {
  width: 2,
  add: (pipeline, keys, args) => void pipeline.readAndCountBuffer(keys.length, ...keys, ...args),
};

/** Entries of KEEP: keys [value, lock, ...tags], arguments [number of tags, value, ms, tags' ms, name]; reply 1. */
export const KEEP_ENTRIES: MergedScript = {
  width: 1,
  add: (pipeline, keys, args) => void pipeline.keep(keys.length, ...keys, ...args),
};
