import { createLastGoodStore, type KeptValue } from '../../../../src/server/content/last-good';

const kept = (value: string, size = 100): KeptValue => ({ value, storedAt: 0, size });

describe('last-good store', () => {
  it('keeps an answer used twice through a flood of 100,000 one-time keys', () => {
    const store = createLastGoodStore(100_000);
    store.remember('site:a', kept('A'));
    store.touch('site:a');
    store.remember('page:b', kept('B'));
    store.remember('page:b', kept('B2')); // its refresh: a second use
    for (let i = 0; i < 100_000; i++) store.remember(`flood:${i}`, kept(`f${i}`));
    expect(store.get('site:a')?.value).toBe('A');
    expect(store.get('page:b')?.value).toBe('B2');
    expect(store.get('flood:0')).toBeUndefined();
    expect(store.get('flood:99999')?.value).toBe('f99999');
  });

  it('an answer used once is the first to go', () => {
    // An entry counts its value, its key and 192 bytes of bookkeeping: probation (1,000 bytes) holds three.
    const afterOthers = (others: number) => {
      const store = createLastGoodStore(10_000);
      store.remember('once', kept('x'));
      for (let i = 0; i < others; i++) store.remember(`other:${i}`, kept('y'));
      return store.get('once');
    };
    expect(afterOthers(2)?.value).toBe('x');
    expect(afterOthers(3)).toBeUndefined();
  });

  it('stays within its bytes, keys and bookkeeping counted: the protected segment pushes its least recent entries back to probation, then out', () => {
    const store = createLastGoodStore(10_000);
    for (let i = 0; i < 100; i++) {
      store.remember(`k${i}`, kept(`v${i}`));
      store.touch(`k${i}`);
    }
    // About 295 bytes an entry (100 of value, the key, 192 of bookkeeping): at most 33 fit.
    const held = Array.from({ length: 100 }, (_, i) => store.get(`k${i}`)).filter(Boolean);
    expect(held.length).toBeGreaterThan(25);
    expect(held.length).toBeLessThanOrEqual(33);
    expect(store.get('k99')?.value).toBe('v99');
    expect(store.get('k0')).toBeUndefined();
  });
});
