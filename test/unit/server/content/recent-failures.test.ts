import { RecentFailures } from '../../../../src/server/content/recent-failures';

function setup(maxEntries = 100) {
  let clock = 1_000;
  const failures = new RecentFailures<{ at: number; n: number }>(2_000, maxEntries, () => clock);
  const fail = (key: string, n = 0) => failures.set(key, { at: clock, n });
  const keys = () => [...failures.entries()].map(([key]) => key);
  return { failures, fail, keys, advance: (ms: number) => (clock += ms) };
}

describe('recent failures', () => {
  it('keeps a failure for the window, and drops it at the next failure after that', () => {
    const { failures, fail, keys, advance } = setup();
    fail('a');
    advance(1_999);
    fail('b');
    expect(keys()).toEqual(['a', 'b']);
    advance(1);
    expect(failures.get('a')?.at).toBe(1_000);
    fail('c');
    expect(failures.get('a')).toBeUndefined();
    expect(keys()).toEqual(['b', 'c']);
  });

  it('a flood of one-time keys failing holds one window of them, not all', () => {
    const { fail, keys, advance } = setup(10_000);
    for (let i = 0; i < 5_000; i++) {
      fail(`flood:${i}`);
      advance(1);
    }
    expect(keys()).toHaveLength(2_000);
    expect(keys()[0]).toBe('flood:3000');
  });

  it('a key that fails again counts from its new failure', () => {
    const { failures, fail, keys, advance } = setup();
    fail('a', 1);
    fail('b');
    advance(1_500);
    fail('a', 2);
    advance(600);
    fail('c');
    expect(keys()).toEqual(['a', 'c']);
    expect(failures.get('a')?.n).toBe(2);
  });

  it('past maxEntries the oldest failures go first, however recent', () => {
    const { failures, fail, keys } = setup(3);
    for (const key of ['a', 'b', 'c', 'd']) fail(key);
    expect(keys()).toEqual(['b', 'c', 'd']);
    failures.delete('c');
    expect(keys()).toEqual(['b', 'd']);
  });
});
