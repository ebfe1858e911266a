import fc from 'fast-check';
import { nestsDeeperThan } from '../../../../src/server/content/json-depth';

/** The nesting depth of a parsed JSON value, walked with a stack (no recursion). */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    max = Math.max(max, depth + 1);
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return max;
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, at the limit and one past it', () => {
    expect(nestsDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(nestsDeeperThan('1', 0)).toBe(false);
    expect(nestsDeeperThan('[]', 0)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[\\\\"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a\\"{{":"\\\\"}', 1)).toBe(false);
  });

  it('finds a 5,000-level nesting', () => {
    expect(nestsDeeperThan(`{"x":${'{"k":'.repeat(5000)}1${'}'.repeat(5000)}}`, 64)).toBe(true);
  });

  it('agrees with the depth of the parsed value for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), (value, limit) => {
        const text = JSON.stringify(value);
        expect(nestsDeeperThan(text, limit)).toBe(depthOf(value) > limit);
      }),
    );
  });
});
