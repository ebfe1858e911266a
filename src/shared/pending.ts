/**
 * A value a page shows once it arrives (a secondary part, decision 0180). It remembers when the
 * value has arrived, so that a render that starts later reads it at once, without suspending,
 * and the renderer can tell whether anything is still worth streaming for.
 */
export interface Pending<T> {
  readonly promise: Promise<T>;
  /** The value, once the promise has fulfilled. */
  readonly arrived: { readonly value: T } | undefined;
  /** Whether the promise has fulfilled or rejected. */
  readonly settled: boolean;
}

export function pendingOf<T>(promise: Promise<T>): Pending<T> {
  const pending: { promise: Promise<T>; arrived: { value: T } | undefined; settled: boolean } = { promise, arrived: undefined, settled: false };
  promise.then(
    (value) => {
      pending.arrived = { value };
      pending.settled = true;
    },
    () => {
      // The render reads the rejection (and reports it); this only records that it came.
      pending.settled = true;
    },
  );
  return pending;
}
