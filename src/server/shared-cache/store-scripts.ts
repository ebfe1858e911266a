/**
 * What one view asks of the store, each as one command (a Lua script run by EVALSHA, ioredis's
 * defineCommand; decision 0396): a view that misses both tiers makes one command a lookup and
 * one a write, rather than a pipeline of several, each with its own command object, promise and
 * reply for this process to handle.
 */
import type Redis from 'ioredis';
import type { Result } from 'ioredis';

/**
 * The lock KEYS[2] taken for ARGV[1] (this instance) for ARGV[2] ms, or renewed when this instance
 * holds it already: a fetch of its own that ended without freeing it (purged while in flight, its
 * write skipped) is not waited for by the next one. Sets `locked`.
 */
const TAKE_LOCK = `
local locked = redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2], 'NX')
if not locked and redis.call('GET', KEYS[2]) == ARGV[1] then locked = redis.call('PEXPIRE', KEYS[2], ARGV[2]) == 1 end`;

/** A value, or nil; and whether this instance now holds the key's lock (taken only when the value is missing). */
const READ_OR_CLAIM = `
local value = redis.call('GET', KEYS[1])
if value then return {value, 0} end
${TAKE_LOCK}
if locked then return {false, 1} end
return {false, 0}`;

/** Whether this instance now holds the lock KEYS[2] (KEYS[1] is the value's key, unread). */
const CLAIM = `${TAKE_LOCK}
if locked then return 1 end
return 0`;

/** The lock KEYS[1] freed when this instance (ARGV[1]) holds it: another's is left alone. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** A value and the view counted (INCR, and its window from now on). */
const READ_AND_COUNT = `
local views = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[1])
return {redis.call('GET', KEYS[1]), views}`;

/** A value written with its expiry, its lock freed, and its name added to each tag's set (each set's expiry renewed). */
const KEEP = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('DEL', KEYS[2])
for index = 3, #KEYS do
  redis.call('SADD', KEYS[index], ARGV[4])
  redis.call('PEXPIRE', KEYS[index], ARGV[3])
end
return 1`;

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
    readOrClaim(value: string, lock: string, holder: string, lockMs: number): Result<[string | null, 0 | 1], Context>;
    claimLock(value: string, lock: string, holder: string, lockMs: number): Result<0 | 1, Context>;
    releaseLock(lock: string, holder: string): Result<0 | 1, Context>;
    readAndCountBuffer(value: string, counter: string, windowMs: number): Result<[Buffer | null, number], Context>;
    keep(numberOfKeys: number, ...keysThenArgs: (string | Buffer | number)[]): Result<1, Context>;
    announce(count: string, channel: string, message: string, countMs: number): Result<number, Context>;
    readGeneration(generation: string, former: string, unused: number, lifetimeMs: number): Result<string, Context>;
    nextGeneration(generation: string, former: string, unused: number, lifetimeMs: number): Result<number, Context>;
    followGeneration(generation: string, moved: number, lifetimeMs: number): Result<1, Context>;
  }
}

/** The scripts defined on `client` (each sent once per connection, then named by its hash). */
export function defineStoreScripts(client: Redis): void {
  client.defineCommand('readOrClaim', { numberOfKeys: 2, lua: READ_OR_CLAIM });
  client.defineCommand('claimLock', { numberOfKeys: 2, lua: CLAIM });
  client.defineCommand('releaseLock', { numberOfKeys: 1, lua: RELEASE });
  client.defineCommand('readAndCount', { numberOfKeys: 2, lua: READ_AND_COUNT });
  // Its number of keys is given with each call: one per tag.
  client.defineCommand('keep', { lua: KEEP });
  client.defineCommand('announce', { numberOfKeys: 1, lua: ANNOUNCE });
  client.defineCommand('readGeneration', { numberOfKeys: 2, lua: GENERATION });
  client.defineCommand('nextGeneration', { numberOfKeys: 2, lua: NEXT_GENERATION });
  client.defineCommand('followGeneration', { numberOfKeys: 1, lua: FOLLOW_GENERATION });
}
