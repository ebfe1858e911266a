/**
 * The length of the JSON text an answer was read from, handed from the client that read it to
 * the data cache that sizes its entry by it (data-cache.ts, HEAP_BYTES_PER_JSON_BYTE): known
 * once the text is read, so the cache does not serialize every value again to measure it. The
 * text may hold what validation drops (unknown fields, spacing): the count errs on the large
 * side, as a bound should.
 */
const lengths = new WeakMap<object, number>();

/** `answer`, its JSON text's length noted. */
export function withJsonLength<T>(answer: T, length: number): T {
  if (typeof answer === 'object' && answer !== null) lengths.set(answer, length);
  return answer;
}

/**
 * The JSON length of an answer: as noted when it was read (taken: the one cache entry that
 * keeps it asks once, so nothing stays noted), else measured (an answer made without a call, such
 * as the empty list of no ids).
 */
export function takeJsonLength(answer: unknown): number {
  if (typeof answer === 'object' && answer !== null) {
    const length = lengths.get(answer);
    if (length !== undefined) {
      lengths.delete(answer);
      return length;
    }
  }
  return JSON.stringify(answer ?? null).length;
}
