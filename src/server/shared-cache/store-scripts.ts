/**
 * The store's scripts (Lua, run by EVALSHA: ioredis's defineCommand, and BATCH by `sendBatch`
 * below). A batch's work is one call of BATCH (batch-command.ts, decisions 0426 and 0430): every operation a view asks of the store
 * (a read, a read-or-lock, a read with its view count, a write with its tags, a lock's claim and
 * release, a purge's read of a tag and its unlink) is an operation of it, run in the order issued,
 * each with its own reply (or its own error) in the one reply. The others (the generation, the
 * channel's count) are commands of their own, outside a batch.
 */
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { Command, type Result } from 'ioredis';

export type ScriptArgument = string | number | Buffer;

/** What one operation of BATCH replies, as ioredis reads it in buffer mode. */
export type BatchReply = Buffer | number | null | BatchReply[];

/**
 * The operations of BATCH, by name, and the letter each is in the script's list (its first
 * argument). Each takes its keys from KEYS and its arguments from ARGV, in turn:
 * - `read`: [value] []: the value, or nil;
 * - `readOrClaim`: [value, lock] [holder, lock ms]: [the value or nil, 1 when this instance now
 *   holds the value's lock, taken only when the value is missing];
 * - `readAndCount`: [value, counter] [window ms]: [the value or nil, the views counted so far,
 *   this one with them (INCR, and the window from now on)];
 * - `keep`: [value, lock, ...tags] [number of tags, head, body, tail, ms, tags' ms, name]: the
 *   value (head, body and tail joined) written with its expiry, its lock freed, its name added to
 *   each tag's set (each set's expiry renewed); 1;
 * - `claim`: [value, lock] [holder, lock ms]: 1 when this instance now holds the lock (the value unread);
 * - `release`: [lock] [holder]: the lock freed when this instance holds it (another's is left); 1 or 0;
 * - `members`: [tag] []: the tag's names;
 * - `unlink`: [...keys] [number of keys]: the keys dropped (UNLINK: freed off the server's main thread).
 */
export const BATCH_OPERATIONS = { read: 'r', readOrClaim: 'c', readAndCount: 'n', keep: 'k', claim: 'l', release: 'u', members: 'm', unlink: 'x' } as const;
export type OperationCode = keyof typeof BATCH_OPERATIONS;

/**
 * `take(lock, holder, ms)`: the lock taken for `holder` (this instance) for `ms`, or renewed when
 * this instance holds it already: a fetch of its own that ended without freeing it (purged while
 * in flight, its write skipped) is not waited for by the next one. Whether it now holds it.
 * Each operation runs in `pcall`: one refused (a full store's OOM) is that operation's error, and
 * the others still run.
 */
const BATCH = `
local function take(lock, holder, ms)
  local locked = redis.call('SET', lock, holder, 'PX', ms, 'NX')
  if not locked and redis.call('GET', lock) == holder then locked = redis.call('PEXPIRE', lock, ms) == 1 end
  return locked
end
local operations = {
  r = function(k, a) return redis.call('GET', KEYS[k]) end,
  c = function(k, a)
    local value = redis.call('GET', KEYS[k])
    return {value, (not value and take(KEYS[k + 1], ARGV[a], ARGV[a + 1])) and 1 or 0}
  end,
  n = function(k, a)
    local views = redis.call('INCR', KEYS[k + 1])
    redis.call('PEXPIRE', KEYS[k + 1], ARGV[a])
    return {redis.call('GET', KEYS[k]), views}
  end,
  k = function(k, a)
    redis.call('SET', KEYS[k], ARGV[a + 1] .. ARGV[a + 2] .. ARGV[a + 3], 'PX', ARGV[a + 4])
    redis.call('DEL', KEYS[k + 1])
    for tag = k + 2, k + 1 + tonumber(ARGV[a]) do
      redis.call('SADD', KEYS[tag], ARGV[a + 6])
      redis.call('PEXPIRE', KEYS[tag], ARGV[a + 5])
    end
    return 1
  end,
  l = function(k, a) return take(KEYS[k + 1], ARGV[a], ARGV[a + 1]) and 1 or 0 end,
  u = function(k, a)
    if redis.call('GET', KEYS[k]) == ARGV[a] then return redis.call('DEL', KEYS[k]) end
    return 0
  end,
  m = function(k, a) return redis.call('SMEMBERS', KEYS[k]) end,
  x = function(k, a)
    local last, dropped = k + tonumber(ARGV[a]) - 1, 0
    -- In slices: unpack's stack is bounded, a tag's names are not.
    for first = k, last, 1000 do dropped = dropped + redis.call('UNLINK', unpack(KEYS, first, math.min(first + 999, last))) end
    return dropped
  end,
}
local sizes = { r = {1, 0}, c = {2, 2}, n = {2, 1}, l = {2, 2}, u = {1, 1}, m = {1, 0} }
local codes, replies, key, arg = ARGV[1], {}, 1, 2
for index = 1, #codes do
  local code = string.sub(codes, index, index)
  local keys, args
  if code == 'k' then keys, args = 2 + tonumber(ARGV[arg]), 7
  elseif code == 'x' then keys, args = tonumber(ARGV[arg]), 1
  else keys, args = sizes[code][1], sizes[code][2] end
  local ok, reply = pcall(operations[code], key, arg)
  if ok then replies[index] = reply
  elseif type(reply) == 'table' then replies[index] = reply
  else replies[index] = redis.error_reply(tostring(reply)) end
  key, arg = key + keys, arg + args
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

const BATCH_SHA = createHash('sha1').update(BATCH).digest('hex');

/**
 * One call of BATCH (its number of keys, then its keys, then its arguments), replies in buffer
 * mode: EVALSHA by its hash, and its text (EVAL, which also loads it) when the server does not
 * hold it (a new or restarted server). Its command is made here, not by a command ioredis defines
 * (defineCommand): those hand their arguments on through a rest parameter, and a batch's
 * arguments carry the content API's answers, which then outlived the young generation (decision 0434).
 */
export function sendBatch(client: Redis, numberOfKeys: number, keysThenArgs: readonly ScriptArgument[]): Promise<(BatchReply | Error)[]> {
  const call = (name: string, script: string) => client.sendCommand(new Command(name, [script, numberOfKeys, ...keysThenArgs], { replyEncoding: null })) as Promise<(BatchReply | Error)[]>;
  return call('evalsha', BATCH_SHA).catch((error: unknown) => {
    if (error instanceof Error && error.message.startsWith('NOSCRIPT')) return call('eval', BATCH);
    throw error;
  });
}

declare module 'ioredis' {
  interface RedisCommander<Context> {
    announce(count: string, channel: string, message: string, countMs: number): Result<number, Context>;
    readGeneration(generation: string, former: string, unused: number, lifetimeMs: number): Result<string, Context>;
    nextGeneration(generation: string, former: string, unused: number, lifetimeMs: number): Result<number, Context>;
    followGeneration(generation: string, moved: number, lifetimeMs: number): Result<1, Context>;
  }
}

/** The scripts other than BATCH defined on `client` (each sent once per connection, then named by its hash). */
export function defineStoreScripts(client: Redis): void {
  client.defineCommand('announce', { numberOfKeys: 1, lua: ANNOUNCE });
  client.defineCommand('readGeneration', { numberOfKeys: 2, lua: GENERATION });
  client.defineCommand('nextGeneration', { numberOfKeys: 2, lua: NEXT_GENERATION });
  client.defineCommand('followGeneration', { numberOfKeys: 1, lua: FOLLOW_GENERATION });
}
