import { jsonForScript } from '../../../src/shared/json-script';

describe('jsonForScript', () => {
  const value = { title: '</script><script>alert(1)</script>', comment: '<!-- x -->', amp: 'a & b', separators: 'a\u2028b\u2029c' };

  it('leaves nothing that could end the script element or start a comment', () => {
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('is still JSON for the same value', () => {
    expect(JSON.parse(jsonForScript(value))).toEqual(value);
  });
});
