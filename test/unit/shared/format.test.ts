import { formatDate, isoDateOf, joinPath, summarize, titleCase } from '../../../src/shared/format';

describe('titleCase', () => {
  it.each([
    // words
    ['hello wide world', 'Hello Wide World'],
    ['x', 'X'],
    ['  two   spaces ', 'Two Spaces'],
    ['', ''],
    // hyphens and underscores separate words too, so a slug reads as a name
    ['home-networking', 'Home Networking'],
    ['rail--travel_tips-', 'Rail Travel Tips'],
    ['-', ''],
    // case: the first letter up, the rest down
    ['hello WIDE wOrLd', 'Hello Wide World'],
    ['HOME-NETWORKING', 'Home Networking'],
    ['éclair recipes', 'Éclair Recipes'],
    ['3d printing', '3d Printing'],
  ])('%p -> %p', (input, expected) => {
    expect(titleCase(input)).toBe(expected);
  });
});

describe('joinPath', () => {
  it.each([
    ['/base', 'seg', '/base/seg'],
    ['/base/', '/seg', '/base/seg'],
    ['/base//', '//seg/x', '/base/seg/x'],
    ['', 'seg', '/seg'],
    ['/', 'seg', '/seg'],
    ['/', '/', '/'],
    ['/base', '', '/base/'],
    ['/base', '/', '/base/'],
    ['/base', '/category/x/', '/base/category/x/'],
    ['/base', '/?s=a%2Fb&page=2', '/base/?s=a%2Fb&page=2'],
    ['', '', '/'],
    ['https://cdn.example.com/img/', '/a.png', 'https://cdn.example.com/img/a.png'],
  ])('%p + %p = %p', (base, segment, expected) => {
    expect(joinPath(base, segment)).toBe(expected);
  });
});

describe('formatDate', () => {
  it('formats ISO dates and rejects others', () => {
    expect(formatDate('2026-10-01T08:00:00.000Z')).toBe('1 October 2026');
    expect(formatDate('yesterday')).toBeNull();
    expect(formatDate(null)).toBeNull();
  });

  it('writes the day in UTC, whatever offset the value came with', () => {
    expect(formatDate('2025-03-02T23:30:00-05:00')).toBe('3 March 2025');
    expect(formatDate('2025-12-31T23:59:59.999Z')).toBe('31 December 2025');
  });
});

describe('isoDateOf', () => {
  it('normalizes dates and rejects the rest', () => {
    expect(isoDateOf('2026-10-01T10:00:00+02:00')).toBe('2026-10-01T08:00:00.000Z');
    expect(isoDateOf('not a date')).toBeUndefined();
    expect(isoDateOf(undefined)).toBeUndefined();
  });
});

describe('summarize', () => {
  it('keeps short text, with whitespace collapsed', () => {
    expect(summarize('  a \n short\ttext ')).toBe('a short text');
  });
  it('cuts long text at a word boundary with three dots, within the limit', () => {
    const text = 'word '.repeat(100);
    const summary = summarize(text, 50);
    expect(summary.length).toBeLessThanOrEqual(50);
    expect(summary).toMatch(/^(word )+word…$/);
  });
  it('cuts one very long word hard', () => {
    expect(summarize('x'.repeat(300), 20)).toBe(`${'x'.repeat(19)}…`);
  });
});

describe('remembered date results', () => {
  it('gives the same answer when asked again, for dates and non-dates alike', () => {
    for (let round = 0; round < 2; round++) {
      expect(formatDate('2025-03-22T08:30:00.000Z')).toBe('22 March 2025');
      expect(formatDate('not a date')).toBeNull();
      expect(isoDateOf('2025-03-22 08:30Z')).toBe('2025-03-22T08:30:00.000Z');
      expect(isoDateOf('not a date')).toBeUndefined();
    }
  });
});
