/**
 * The data cache's failed calls by key, for its back-off (a key that failed less than
 * `windowMs` ago is not asked for again), bounded by time and by count: each failure is kept at
 * least `windowMs`, unless `maxEntries` newer ones push it out, and is dropped at the next `set`
 * after that. A Map keeps insertion order and a key that fails again moves to the end, so the
 * oldest failures are always first and are dropped from there. A flood of one-time keys that
 * fail (random hosts while the upstream hangs) thus holds about one window of failures, each with
 * its error and the stack frames the error keeps (about 1.5 KB), not the last 10,000.
 */
export interface Failure {
  /** When the call failed (the cache's clock). */
  readonly at: number;
}

export class RecentFailures<F extends Failure> {
  private readonly byKey = new Map<string, F>();

  constructor(
    private readonly windowMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  /** The key's last failure while it is kept (the caller decides whether it is recent enough). */
  get(key: string): F | undefined {
    return this.byKey.get(key);
  }

  set(key: string, failure: F): void {
    this.byKey.delete(key);
    this.byKey.set(key, failure);
    const now = this.now();
    for (const [oldKey, old] of this.byKey) {
      if (this.byKey.size <= this.maxEntries && now - old.at < this.windowMs) break;
      this.byKey.delete(oldKey);
    }
  }

  delete(key: string): void {
    this.byKey.delete(key);
  }

  /** Every failure kept, for a purge. */
  entries(): IterableIterator<[string, F]> {
    return this.byKey.entries();
  }
}
