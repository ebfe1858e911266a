import { takeJsonLength, withJsonLength } from '../../../../src/server/content/answer-bytes';

describe('the JSON length of an answer', () => {
  it('is the length noted when it was read, taken once; then, or for an answer never noted, its JSON measured', () => {
    const answer = withJsonLength([{ a: 1 }], 5000);
    expect(takeJsonLength(answer)).toBe(5000);
    expect(takeJsonLength(answer)).toBe('[{"a":1}]'.length);
    expect(takeJsonLength({ b: 'xy' })).toBe('{"b":"xy"}'.length);
  });

  it('measures a value that is no object (a 404 article is null)', () => {
    expect(takeJsonLength(withJsonLength(null, 900))).toBe(4);
    expect(takeJsonLength(undefined)).toBe(4);
  });
});
