import { canonicalLocationOf } from '../../../../src/server/site/canonical-redirect';
import { canonicalHostOf } from '../../../../src/server/site/canonical-host';
import { absoluteHttpUrl, isDevelopmentHost, pageQuery, portOf, siteOrigin, siteUrl } from '../../../../src/server/routing/site-urls';

describe('siteOrigin', () => {
  it('is https on the host alone for public sites, whatever the request said', () => {
    expect(siteOrigin('cooking.example.com', { protocol: 'http', rawHost: 'cooking.example.com:8080' })).toBe('https://cooking.example.com');
  });
  it.each([
    ['localhost', 'http', 'localhost:3000', 'http://localhost:3000'],
    ['cooking.localhost', 'http', 'cooking.localhost:3000', 'http://cooking.localhost:3000'],
    ['localhost', 'http', 'localhost', 'http://localhost'],
    ['localhost', 'http', 'localhost:80', 'http://localhost'],
    ['localhost', 'https', 'localhost:443', 'https://localhost'],
    ['127.0.0.1', 'http', '127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['::1', 'http', '[::1]:3000', 'http://[::1]:3000'],
    ['::1', 'http', '[::1]', 'http://[::1]'],
    ['localhost', 'gopher', 'localhost:70', 'http://localhost:70'],
  ])('development host %s over %s (Host %s) -> %s', (host, protocol, rawHost, expected) => {
    expect(siteOrigin(host, { protocol, rawHost })).toBe(expected);
  });
});

describe('portOf and isDevelopmentHost', () => {
  it('reads the port only when there is one', () => {
    expect(portOf('example.com:8080')).toBe('8080');
    expect(portOf('example.com')).toBeUndefined();
    expect(portOf('[::1]')).toBeUndefined();
    expect(portOf('[::1]:9')).toBe('9');
    expect(portOf('example.com:abc')).toBeUndefined();
  });
  it('knows loopback names and IP literals', () => {
    expect(isDevelopmentHost('localhost')).toBe(true);
    expect(isDevelopmentHost('a.b.localhost')).toBe(true);
    expect(isDevelopmentHost('10.0.0.1')).toBe(true);
    expect(isDevelopmentHost('localhost.example.com')).toBe(false);
    expect(isDevelopmentHost('example.com')).toBe(false);
  });
});

describe('siteUrl and pageQuery', () => {
  it('carries only the parameters it is given, page 1 without one', () => {
    expect(siteUrl('https://a.example', '/category/x', pageQuery(1))).toBe('https://a.example/category/x');
    expect(siteUrl('https://a.example', '/category/x', pageQuery(3))).toBe('https://a.example/category/x?page=3');
    expect(siteUrl('', '/', { s: 'a b&c', page: undefined })).toBe('/?s=a+b%26c');
  });
});

describe('absoluteHttpUrl', () => {
  it.each([
    ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
    ['/img/a.jpg', 'https://site.example/img/a.jpg'],
    ['//cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
    ['data:image/svg+xml,<svg/>', undefined],
    ['javascript:alert(1)', undefined],
    ['', undefined],
    [null, undefined],
    ['http://[bad', undefined],
  ])('%p -> %p', (url, expected) => {
    expect(absoluteHttpUrl(url, 'https://site.example')).toBe(expected);
  });
});

describe('the canonical host', () => {
  it('applies to a site found by its records, not to the global fallback nor after a failed lookup', () => {
    expect(canonicalHostOf({ source: 'parent', canonicalHost: 'example.com', lookupFailed: false })).toBe('example.com');
    expect(canonicalHostOf({ source: 'domain', canonicalHost: null, lookupFailed: false })).toBeNull();
    expect(canonicalHostOf({ source: 'global', canonicalHost: 'example.com', lookupFailed: false })).toBeNull();
    expect(canonicalHostOf({ source: 'subdomain', canonicalHost: 'example.com', lookupFailed: true })).toBeNull();
  });

  it('keeps the path and query; a development host keeps the scheme and port', () => {
    expect(canonicalLocationOf('example.com', { protocol: 'http', rawHost: 'www.example.com:8080', originalUrl: '/a?b=1' })).toBe('https://example.com/a?b=1');
    expect(canonicalLocationOf('garden.localhost', { protocol: 'http', rawHost: 'www.garden.localhost:3000', originalUrl: '/x' })).toBe('http://garden.localhost:3000/x');
    expect(canonicalLocationOf('example.com', { protocol: 'https', rawHost: 'www.example.com', originalUrl: '*' })).toBe('https://example.com/');
  });
});
