/**
 * What is known of the JSON text an answer was read from, handed from the client that read it
 * to the caches that keep it:
 * - the upstream's own text (content-api.ts): the shared tier stores it as it came, so a first
 *   view's write serializes nothing again (shared-cache/data-tier.ts);
 * - or only its length (an answer read from the shared tier, whose text holds more than it).
 * The data cache sizes its entry by the length (data-cache.ts, HEAP_BYTES_PER_JSON_BYTE), so it
 * does not serialize every value again to measure it. The text may hold what validation drops
 * (unknown fields, spacing): the count errs on the large side, as a bound should.
 */
const noted = new WeakMap<object, string | number>();

/** `answer`, the upstream's JSON text it was read from noted. */
export function withUpstreamText<T>(answer: T, text: string): T {
  if (typeof answer === 'object' && answer !== null) noted.set(answer, text);
  return answer;
}

/** `answer`, the length of the JSON text it was read from noted. */
export function withJsonLength<T>(answer: T, length: number): T {
  if (typeof answer === 'object' && answer !== null) noted.set(answer, length);
  return answer;
}

/** The upstream's text `answer` was read from, while it is noted (the note stays for takeJsonLength). */
export function upstreamTextOf(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const note = noted.get(answer);
  return typeof note === 'string' ? note : undefined;
}

/**
 * The JSON length of an answer: as noted when it was read (taken: the one cache entry that
 * keeps it asks once, so nothing stays noted), else measured (an answer made without a call, such
 * as the empty list of no ids).
 */
export function takeJsonLength(answer: unknown): number {
  if (typeof answer === 'object' && answer !== null) {
    const note = noted.get(answer);
    if (note !== undefined) {
      noted.delete(answer);
      return typeof note === 'string' ? note.length : note;
    }
  }
  return JSON.stringify(answer ?? null).length;
}
