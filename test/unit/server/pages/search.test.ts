import { PageError } from '../../../../src/server/http/errors';
import { MAX_SEARCH_LENGTH, searchQueryOf } from '../../../../src/server/pages/search';

const status = (raw: string) => {
  try {
    searchQueryOf(raw);
    return 200;
  } catch (error) {
    return error instanceof PageError ? error.status : 500;
  }
};

describe('searchQueryOf', () => {
  it('trims the query; none is the empty query', () => {
    expect(searchQueryOf('  bread  ')).toBe('bread');
    expect(searchQueryOf(undefined)).toBe('');
  });

  it('allows 200 characters, counted as characters, not UTF-16 units', () => {
    expect(status('a'.repeat(MAX_SEARCH_LENGTH))).toBe(200);
    expect(status('😀'.repeat(MAX_SEARCH_LENGTH))).toBe(200);
    expect(status(` ${'a'.repeat(MAX_SEARCH_LENGTH)} `)).toBe(200);
    expect(status('a'.repeat(MAX_SEARCH_LENGTH + 1))).toBe(400);
    expect(status('😀'.repeat(MAX_SEARCH_LENGTH + 1))).toBe(400);
  });

  it.each(['a\u0000b', 'a\tb', 'line\n', '\u001b[31m', 'a\u007fb', 'a\u0085b'])('%j has a control character: 400', (raw) => {
    expect(status(raw)).toBe(400);
  });

  it('says what is wrong', () => {
    expect(() => searchQueryOf('a'.repeat(201))).toThrow(/at most 200 characters/);
    expect(() => searchQueryOf('a\u0000')).toThrow(/control characters/);
  });
});
