import { jsonForScript, rememberedJsonForScript } from '../../../src/shared/json-script';

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

describe('rememberedJsonForScript', () => {
  it('serializes each object once: the same object gets the same text, another object its own', () => {
    const first = { headline: 'a </script> b' };
    const second = { headline: 'another' };
    const text = rememberedJsonForScript(first);
    expect(text).toBe(jsonForScript(first));
    expect(rememberedJsonForScript(first)).toBe(text);
    expect(JSON.parse(rememberedJsonForScript(second))).toEqual(second);
    expect(JSON.parse(rememberedJsonForScript({ ...first }))).toEqual(first);
  });
});
