/**
 * Wraps an API object so a test can wait for every call made through it, including the
 * background refreshes a data cache starts after answering with stale data: an event to await
 * instead of a sleep that hopes the refresh is done.
 */
export interface TrackedCalls<T extends object> {
  readonly api: T;
  /** Calls started and not yet settled. */
  readonly pending: number;
  /** Calls started so far: a call made counts even if it never reached the upstream. */
  readonly started: number;
  /** Resolves once every call started so far (and any they start) has settled and its callers have run. */
  settled(): Promise<void>;
}

export function trackCalls<T extends object>(target: T): TrackedCalls<T> {
  const pending = new Set<Promise<unknown>>();
  let started = 0;
  const api = new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        started += 1;
        const result: unknown = Reflect.apply(value, object, args);
        if (result instanceof Promise) {
          pending.add(result);
          const drop = () => void pending.delete(result);
          result.then(drop, drop);
        }
        return result;
      };
    },
  });
  return {
    api,
    get pending() {
      return pending.size;
    },
    get started() {
      return started;
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      // The cache's own handlers of those results are promise callbacks: one turn of the
      // event loop runs them all.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
