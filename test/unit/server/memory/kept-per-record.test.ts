import { keptFromSecondUse, keptPerRecord } from '../../../../src/server/memory/kept-per-record';

describe('keptPerRecord', () => {
  const record = () => ({ id: 'a' });

  it('makes the value once for a record and the same other inputs', () => {
    const make = jest.fn((item: { id: string }, suffix: string) => ({ text: item.id + suffix }));
    const kept = keptPerRecord(make);
    const item = record();
    const first = kept(item, '-x');
    expect(kept(item, '-x')).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('makes it anew for another record, even an equal one (a new answer of the API)', () => {
    const make = jest.fn((item: { id: string }) => ({ text: item.id }));
    const kept = keptPerRecord(make);
    kept(record());
    kept(record());
    expect(make).toHaveBeenCalledTimes(2);
  });

  it('makes it anew when another input changes, and keeps the latest', () => {
    const make = jest.fn((item: { id: string }, suffix: string) => item.id + suffix);
    const kept = keptPerRecord(make);
    const item = record();
    expect(kept(item, '-x')).toBe('a-x');
    expect(kept(item, '-y')).toBe('a-y');
    expect(kept(item, '-y')).toBe('a-y');
    expect(make).toHaveBeenCalledTimes(2);
  });
});

describe('helpers over the same record', () => {
  it('keep their values apart, each with its own inputs', () => {
    const item = { id: 'a' };
    const upper = keptPerRecord((record: { id: string }) => record.id.toUpperCase());
    const suffixed = keptFromSecondUse((record: { id: string }, suffix: string) => record.id + suffix);
    const counted = jest.fn((record: { id: string }, times: number) => record.id.repeat(times));
    const repeated = keptPerRecord(counted);
    expect(upper(item)).toBe('A');
    expect(suffixed(item, '-x')).toBe('a-x');
    expect(repeated(item, 2)).toBe('aa');
    expect(suffixed(item, '-x')).toBe('a-x');
    expect(upper(item)).toBe('A');
    expect(repeated(item, 2)).toBe('aa');
    expect(counted).toHaveBeenCalledTimes(1);
  });
});

describe('keptFromSecondUse', () => {
  const record = () => ({ id: 'a' });

  it('makes the value once with makeOnce and keeps nothing; keeps what make gives from the second use on', () => {
    const make = jest.fn((item: { id: string }, suffix: string) => ({ text: item.id + suffix, kept: true }));
    const makeOnce = jest.fn((item: { id: string }, suffix: string) => ({ text: item.id + suffix, kept: false }));
    const kept = keptFromSecondUse(make, makeOnce);
    const item = record();
    expect(kept(item, '-x')).toEqual({ text: 'a-x', kept: false });
    const second = kept(item, '-x');
    expect(second).toEqual({ text: 'a-x', kept: true });
    expect(kept(item, '-x')).toBe(second);
    expect(makeOnce).toHaveBeenCalledTimes(1);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('counts a use with other inputs, or of another record, as a first use', () => {
    const make = jest.fn((item: { id: string }, suffix: string) => item.id + suffix);
    const kept = keptFromSecondUse(make);
    const item = record();
    kept(item, '-x');
    kept(item, '-y');
    kept(record(), '-y');
    expect(kept(item, '-x')).toBe('a-x');
    expect(make).toHaveBeenCalledTimes(4);
    kept(item, '-x');
    expect(make).toHaveBeenCalledTimes(5);
    kept(item, '-x');
    expect(make).toHaveBeenCalledTimes(5);
  });
});
