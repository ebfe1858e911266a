/**
 * The data cache's shared tier (content/data-cache.ts, SharedDataTier): the content API's
 * answers kept for the whole deployment, for their fresh time plus stale-if-error, findable by
 * their purge tags. Each is `{f, at, u}`: the format, when it was fetched, and the content
 * API's JSON as it came, which the reading instance makes its answer of with the call's reader
 * (its schema: what another release or instance wrote is checked as an upstream answer is), so
 * the write serializes nothing again; or `{f, at, v}`, the value itself, for an answer made
 * without a call's text (a 404's null, the empty list of no ids).
 * - A first-tier miss reads it here first: a fresh answer costs no upstream call.
 * - Missing or stale here too, one instance of the deployment asks the upstream: it takes a
 *   short lock (SET NX PX; when the answer is missing, in the read's own command); the others
 *   read again every few milliseconds, for at most `waitMs`, then ask themselves (the lock's
 *   holder may have died or hung).
 * - When the call fails, the stale copy read here is handed to the last-good store, so an
 *   instance that never held the answer still serves it while the upstream fails.
 * A value of another format, or unreadable, is a miss (counted as `error`).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { upstreamTextOf, withJsonLength } from '../content/answer-bytes';
import type { AnswerReader } from '../content/content-api';
import type { CacheKind, PurgeTag, SharedAnswer, SharedDataTier } from '../content/data-cache';
import { STORE_FORMAT, type SharedLookupOutcome, type SharedStore, type StoredValue } from './store';

export interface SharedDataTierOptions {
  readonly store: SharedStore;
  readonly countLookup: (cache: string, outcome: SharedLookupOutcome) => void;
  /** How long the lock lasts: the upstream's timeout and a margin, so that a dead holder frees it. */
  readonly lockMs: number;
  /** How long another instance's fetch is waited for before this one asks the upstream itself. */
  readonly waitMs: number;
  /** How long a tag's set lives: the longest an entry does. */
  readonly tagTtlMs: number;
  readonly now?: () => number;
}

/** Between two reads while another instance fetches: a loopback call to the content API takes longer. */
const POLL_MS = 15;

/** The value a stored answer holds: `u` read by the call's reader, or `v` itself; undefined when there is none. */
function valueIn(stored: object, read: AnswerReader<unknown> | undefined): { readonly value: unknown } | undefined {
  if ('u' in stored) {
    const outcome = read?.(stored.u);
    return outcome && 'answer' in outcome ? { value: outcome.answer } : undefined;
  }
  return 'v' in stored ? { value: stored.v } : undefined;
}

/** An answer as stored, or null when the text is not one of this format, or its content API answer not one `read` takes. */
export function sharedAnswerOf(text: string, read: AnswerReader<unknown> | undefined): SharedAnswer | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || !('f' in parsed) || parsed.f !== STORE_FORMAT || !('at' in parsed) || typeof parsed.at !== 'number') return null;
  const held = valueIn(parsed, read);
  // Sized by its text, as the client's answers are: the data cache need not serialize it again.
  return held ? { value: withJsonLength(held.value, text.length), storedAt: parsed.at } : null;
}

/** An answer as it is written: the content API's text between its head and tail (joined by the store), else the value's JSON. */
export function storedAnswer(answer: SharedAnswer): StoredValue {
  const upstream = upstreamTextOf(answer.value);
  // The content API's text parsed as JSON, so it is a JSON value as it stands.
  return upstream === undefined ? JSON.stringify({ f: STORE_FORMAT, at: answer.storedAt, v: answer.value }) : [`{"f":${STORE_FORMAT},"at":${answer.storedAt},"u":`, upstream, '}'];
}

export function createSharedDataTier(options: SharedDataTierOptions): SharedDataTier {
  const { store, countLookup } = options;
  const now = options.now ?? Date.now;
  const nameOf = (kind: CacheKind, key: string) => `data:${kind}:${key}`;

  /** The answer in `text`; null when there is none (or not of this format); undefined when the store could not say. */
  function answerIn(kind: CacheKind, text: string | null | undefined, read: AnswerReader<unknown> | undefined): SharedAnswer | null | undefined {
    if (text === undefined || text === null) return text;
    const answer = sharedAnswerOf(text, read);
    if (answer === null) countLookup(kind, 'error');
    return answer;
  }

  const stored = async (kind: CacheKind, name: string, read: AnswerReader<unknown> | undefined) => answerIn(kind, await store.get(name), read);

  /** Another instance's answer, once it is stored and newer than `seen`; null when none came within waitMs. */
  async function filledBy(kind: CacheKind, name: string, freshMs: number, seen: number | undefined, read: AnswerReader<unknown> | undefined): Promise<SharedAnswer | null> {
    const until = performance.now() + options.waitMs;
    while (performance.now() < until) {
      await delay(POLL_MS);
      const answer = await stored(kind, name, read);
      if (answer === undefined) return null;
      if (answer !== null && answer.storedAt !== seen && now() - answer.storedAt < freshMs) return answer;
    }
    return null;
  }

  return {
    async answer(kind, key, freshMs, load, read, staleCopy) {
      const name = nameOf(kind, key);
      const reply = await store.readOrClaim(name, options.lockMs);
      const found = answerIn(kind, reply?.value, read);
      if (found && now() - found.storedAt < freshMs) {
        countLookup(kind, 'hit');
        return { ...found, shared: true };
      }
      countLookup(kind, found === undefined ? 'error' : found === null ? 'miss' : 'stale');
      // A missing answer's lock came with the read; a stale or unreadable one's is claimed now.
      const claimed = reply === undefined ? undefined : reply.value === null ? reply.claimed : await store.claim(name, options.lockMs);
      if (claimed === false) {
        const filled = await filledBy(kind, name, freshMs, found?.storedAt, read);
        if (filled) return { ...filled, shared: true };
      }
      try {
        return { value: await load(), storedAt: now(), shared: false };
      } catch (error) {
        if (found) staleCopy(found);
        // Those waiting need not wait for the lock's expiry to try themselves.
        if (claimed === true) void store.release(name);
        throw error;
      }
    },
    keep(kind, key, answer, tags: readonly PurgeTag[], keptMs) {
      void store.set(nameOf(kind, key), storedAnswer(answer), keptMs, tags, options.tagTtlMs);
    },
    drop(kind, key) {
      void store.release(nameOf(kind, key));
    },
  };
}
