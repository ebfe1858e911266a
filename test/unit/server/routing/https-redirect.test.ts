import { httpsLocationOf } from '../../../../src/server/routing/https-redirect';

describe('httpsLocationOf', () => {
  it('keeps the path and the query, on the validated host', () => {
    expect(httpsLocationOf('sub.example.com', '/article-1', '/article-1?utm_id=x&s=%3C')).toBe('https://sub.example.com/article-1?utm_id=x&s=%3C');
    expect(httpsLocationOf('sub.example.com', '/', '/')).toBe('https://sub.example.com/');
  });

  it('brackets an IPv6 host', () => {
    expect(httpsLocationOf('::1', '/', '/?a=1')).toBe('https://[::1]/?a=1');
  });

  it('never leaves the host: an absolute-form or protocol-relative target stays a path', () => {
    // For `GET http://evil.example/x`, Express's req.path is `/x`.
    expect(new URL(httpsLocationOf('sub.example.com', '/x', 'http://evil.example/x?y')).host).toBe('sub.example.com');
    expect(new URL(httpsLocationOf('sub.example.com', '//evil.example/x', '//evil.example/x')).host).toBe('sub.example.com');
    expect(new URL(httpsLocationOf('sub.example.com', '/\\evil.example', '/\\evil.example')).host).toBe('sub.example.com');
  });
});
