import { hasRepeatedHost, brandColorOf, normalizeHost, queriedHostOf, siteAddressOf, siteKeyOf } from '../../../../src/server/routing/host';

describe('normalizeHost', () => {
  it.each([
    ['Cooking.Example.COM', 'cooking.example.com'],
    ['cooking.localhost:3000', 'cooking.localhost'],
    ['example.com.', 'example.com'],
    ['example.com.:8080', 'example.com'],
    ['127.0.0.1:3000', '127.0.0.1'],
    ['[::1]:3000', '::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['localhost', 'localhost'],
    ['123.example.com', '123.example.com'],
    ['0x7f.example', '0x7f.example'],
  ])('%s -> %s', (raw, expected) => {
    expect(normalizeHost(raw)).toBe(expected);
  });

  it.each([
    [undefined],
    [''],
    ['exa mple.com'],
    ['example.com/path'],
    ['user@example.com'],
    ['example.com:99999'],
    ['example.com:abc'],
    ['-bad.example.com'],
    ['a..b'],
    ['[::1'],
    ['[not-ip]:80'],
    [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`],
    ['exämple.com'],
    // Found by the fuzz test: URL parsers read these as (invalid) IPv4 numbers.
    ['99999999999999999999'],
    ['0x7f.0.0.1'],
    ['1.2.3'],
    ['127.000.0.1'],
    ['example.123'],
  ])('rejects %p', (raw) => {
    expect(normalizeHost(raw)).toBeNull();
  });
});

describe('siteKeyOf', () => {
  it('takes the second-to-last label', () => {
    expect(siteKeyOf('cooking.example.com', 'main')).toBe('example');
    expect(siteKeyOf('cooking.localhost', 'main')).toBe('cooking');
    expect(siteKeyOf('example.com', 'main')).toBe('example');
  });
  it('uses the default for localhost, single labels and IP literals', () => {
    expect(siteKeyOf('localhost', 'main')).toBe('main');
    expect(siteKeyOf('intranet', 'main')).toBe('main');
    expect(siteKeyOf('10.0.0.1', 'main')).toBe('main');
    expect(siteKeyOf('::1', 'main')).toBe('main');
  });
});

describe('siteAddressOf', () => {
  it('gives the normalized host and its site key', () => {
    expect(siteAddressOf('Cooking.Example.com:8080', 'answers')).toEqual({ host: 'cooking.example.com', siteKey: 'example' });
    expect(siteAddressOf('127.0.0.1:3000', 'answers')).toEqual({ host: '127.0.0.1', siteKey: 'answers' });
  });
  it('is null for a missing or malformed host', () => {
    expect(siteAddressOf(undefined, 'answers')).toBeNull();
    expect(siteAddressOf('bad host', 'answers')).toBeNull();
  });
});

describe('brandColorOf', () => {
  it('is #2FABF0 on the default site, black elsewhere', () => {
    expect(brandColorOf('main', 'main')).toBe('#2FABF0');
    expect(brandColorOf('cooking', 'main')).toBe('#000000');
  });
});

describe('hasRepeatedHost', () => {
  it('is true for two Host headers in any case, false for one or none', () => {
    expect(hasRepeatedHost(['Host', 'a.example', 'host', 'b.example'])).toBe(true);
    expect(hasRepeatedHost(['Host', 'a.example', 'Accept', '*/*', 'HOST', 'a.example'])).toBe(true);
    expect(hasRepeatedHost(['Host', 'a.example', 'X-Forwarded-Host', 'b.example'])).toBe(false);
    expect(hasRepeatedHost(['Accept', 'host'])).toBe(false);
    expect(hasRepeatedHost([])).toBe(false);
  });
});

describe('queriedHostOf: the host of GET /site?host=', () => {
  it('normalizes a host as a request host is', () => {
    expect(queriedHostOf('Cooking.Localhost:3000')).toEqual({ host: 'cooking.localhost' });
    expect(queriedHostOf('example.com.')).toEqual({ host: 'example.com' });
  });

  it.each([
    [undefined, 'give the host to look up: GET /site?host=<host>'],
    ['', 'give the host to look up: GET /site?host=<host>'],
    [['a.example', 'b.example'], 'give one host, not several'],
    ['a'.repeat(254), 'the host is over 253 characters'],
    ['a b', expect.stringMatching(/^the host is no valid host name/)],
    ['example.com/path', expect.stringMatching(/^the host is no valid host name/)],
  ])('%p: %p', (value, error) => {
    expect(queriedHostOf(value)).toEqual({ error });
  });
});
