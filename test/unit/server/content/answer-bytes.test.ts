import { takeJsonLength, upstreamTextOf, withJsonLength, withUpstreamText } from '../../../../src/server/content/answer-bytes';

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

describe("the upstream's text of an answer", () => {
  it('is read as often as asked until the length is taken, which is its length; then it is gone', () => {
    const text = '{"data": [{"a": 1, "unknown": true}]}';
    const answer = withUpstreamText([{ a: 1 }], text);
    expect(upstreamTextOf(answer)).toBe(text);
    expect(upstreamTextOf(answer)).toBe(text);
    expect(takeJsonLength(answer)).toBe(text.length);
    expect(upstreamTextOf(answer)).toBeUndefined();
  });

  it('is none for an answer noted with its length only, or no object', () => {
    expect(upstreamTextOf(withJsonLength({ a: 1 }, 10))).toBeUndefined();
    expect(upstreamTextOf(withUpstreamText(null, 'null'))).toBeUndefined();
  });
});
