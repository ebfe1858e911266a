import { formatDate, joinPath, titleCase } from '../../../src/shared/format';

describe('titleCase', () => {
  it('capitalises each word', () => {
    expect(titleCase('hello WIDE world')).toBe('Hello Wide World');
    expect(titleCase('')).toBe('');
  });
});

describe('joinPath', () => {
  it.each([
    ['/base', 'seg', '/base/seg'],
    ['/base/', '/seg', '/base/seg'],
    ['/base//', '//seg/x', '/base/seg/x'],
    ['', 'seg', '/seg'],
    ['/base', '', '/base'],
    ['', '', '/'],
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
});
