import { keptPerRecord } from '../../../../src/server/kept/kept-per-record';

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
