/**
 * Security headers on every kind of answer, the CSP hash against the loader actually served,
 * and TRUST_PROXY for host and protocol.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { failWith } from '../support/fake-upstream';
import { startTestApp, type TestApp } from '../support/test-app';

let plain: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [plain, proxied] = await Promise.all([startTestApp(), startTestApp({ env: { TRUST_PROXY: 'loopback' } })]);
});
afterAll(() => Promise.all([plain.close(), proxied.close()]));
beforeEach(() => plain.upstream.clearOverrides());

const SIX_MONTHS = 15_552_000;

function expectSecurityHeaders(headers: Record<string, string | undefined>) {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("'strict-dynamic'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(Number(/max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '')?.[1])).toBeGreaterThanOrEqual(SIX_MONTHS);
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it.each([
    ['a page', () => request(plain.app).get('/').set('Host', 'sub.example.com'), 200],
    ['a 404', () => request(plain.app).get('/no/such/page').set('Host', 'sub.example.com'), 404],
    ['a malformed host', () => request(plain.app).get('/').set('Host', 'bad host'), 400],
    ['another method', () => request(plain.app).post('/').set('Host', 'sub.example.com'), 405],
    ['/healthz', () => request(plain.app).get('/healthz'), 200],
  ])('are on %s', async (_name, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    expectSecurityHeaders(res.headers);
  });

  it('are on the 503 when nothing can be served', async () => {
    plain.upstream.override('/api/*', failWith.status(500));
    const res = await request(plain.app).get('/').set('Host', 'sub.example.com');
    expect(res.status).toBe(503);
    expectSecurityHeaders(res.headers);
  });

  it('allow exactly the inline loader the page carries, and no other inline script runs', async () => {
    const res = await request(plain.app).get('/article-1').set('Host', 'sub.example.com');
    const inline = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    const executable = inline.filter(([, attributes]) => !/type="application\/(?:ld\+)?json"/.test(attributes ?? ''));
    expect(executable).toHaveLength(1);
    const hash = createHash('sha256').update(executable[0]?.[2] ?? '').digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers['content-security-policy'] ?? '')?.[1]?.split(' ');
    expect(scriptSrc?.[0]).toBe(`'sha256-${hash}'`);
  });
});

describe('TRUST_PROXY', () => {
  it('when trusted, the host comes from X-Forwarded-Host', async () => {
    const res = await request(proxied.app).get('/').set('Host', 'internal:3000').set('X-Forwarded-Host', 'sub.example.com').set('X-Forwarded-Proto', 'https');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Sub A</title>');
  });

  it('when not trusted, X-Forwarded-Host and X-Forwarded-Proto are ignored', async () => {
    const res = await request(plain.app).get('/').set('Host', 'sub.example.com').set('X-Forwarded-Host', 'other.example.org').set('X-Forwarded-Proto', 'http');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Sub A</title>');
  });

  it('a visitor who came over http is sent to the same address over https', async () => {
    const res = await request(proxied.app).get('/article-1?utm_id=a%20b').set('Host', 'internal').set('X-Forwarded-Host', 'sub.example.com').set('X-Forwarded-Proto', 'http');
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe('https://sub.example.com/article-1?utm_id=a%20b');
  });

  it('the redirect never leaves the validated host', async () => {
    const res = await request(proxied.app).get('//evil.example/x').set('Host', 'sub.example.com').set('X-Forwarded-Proto', 'http');
    expect(res.status).toBe(308);
    expect(new URL(res.headers.location ?? '').host).toBe('sub.example.com');
  });

  it('requests that did not pass the proxy (health checks, no X-Forwarded-Proto) are served as they are', async () => {
    expect((await request(proxied.app).get('/healthz').set('X-Forwarded-Proto', 'http')).status).toBe(200);
    expect((await request(proxied.app).get('/').set('Host', 'sub.example.com')).status).toBe(200);
  });
});
