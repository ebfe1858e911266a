/**
 * The last good value of each upstream answer that served, kept apart from the data cache's
 * LRU so that a flood of one-time keys (random hosts and slugs) cannot push it out: a segmented
 * LRU bounded in bytes (lru-cache underneath).
 * - An answer is first kept on probation (a tenth of the bytes).
 * - Used again (a second request for it, or its refresh) it moves to the protected segment (the
 *   rest); the protected segment's least recent entries fall back to probation when it is full.
 * One-time keys only ever reach probation, where they push out each other. The data cache answers
 * from here when the upstream fails and its own entry is gone (stale-if-error).
 */
import { LRUCache } from 'lru-cache';

export interface KeptValue {
  readonly value: unknown;
  readonly storedAt: number;
  /** The value's JSON length: what the byte bound counts. */
  readonly size: number;
}

export interface LastGoodStore {
  /** An answer that served: kept on probation, or protected when it was kept already. */
  remember(key: string, kept: KeptValue): void;
  /** The key's value served again (from the data cache): protected from now on. */
  touch(key: string): void;
  get(key: string): KeptValue | undefined;
}

/** LAST_GOOD_MAX_BYTES unless set: heap bytes, counted as the data cache counts them (its records are shared with it). */
export const DEFAULT_LAST_GOOD_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Share of the bytes for entries seen once: enough to hold an answer until its second use, and
 * all that a flood of one-time keys can take (about 12,000 of a flood's empty answers at the
 * default bound).
 */
const PROBATION_SHARE = 0.1;
/**
 * What an entry costs on the heap besides its key and value: the kept object, the LRU's map
 * entry and slots, the key's string header. Measured: 269 bytes for a 72-character key and a
 * null value.
 */
const ENTRY_OVERHEAD_BYTES = 192;

export function createLastGoodStore(maxBytes: number): LastGoodStore {
  const probationBytes = Math.max(1, Math.floor(maxBytes * PROBATION_SHARE));
  // The key and the entry's own bookkeeping count too: a flood's answers are often `[]`.
  const sizeCalculation = (kept: KeptValue, key: string) => kept.size + key.length + ENTRY_OVERHEAD_BYTES;
  const probation = new LRUCache<string, KeptValue>({ maxSize: probationBytes, sizeCalculation });
  const protectedSegment = new LRUCache<string, KeptValue>({
    maxSize: Math.max(1, maxBytes - probationBytes),
    sizeCalculation,
    // Pushed out of the protected segment: one more chance on probation.
    dispose: (kept, key, reason) => {
      if (reason === 'evict') probation.set(key, kept);
    },
  });

  function protect(key: string, kept: KeptValue): void {
    probation.delete(key);
    protectedSegment.set(key, kept);
  }

  return {
    remember(key, kept) {
      if (protectedSegment.has(key) || probation.has(key)) protect(key, kept);
      else probation.set(key, kept);
    },
    touch(key) {
      if (protectedSegment.get(key) !== undefined) return;
      const kept = probation.get(key);
      if (kept !== undefined) protect(key, kept);
    },
    get: (key) => protectedSegment.get(key) ?? probation.get(key),
  };
}
