import { grade, parseCsp, type HeaderMap, type Retrieval } from '../../../scripts/observatory/algorithm';

const HTML = '<!DOCTYPE html><html><head><title>t</title></head><body><script type="module">1</script></body></html>';
const STRICT_HEADERS: HeaderMap = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'self';script-src 'sha256-abc' 'strict-dynamic' https: 'unsafe-inline';object-src 'none';base-uri 'none';style-src 'self' 'unsafe-inline';frame-ancestors 'self'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** A site whose http:// redirects to https://, answering with these headers. */
function site(headers: HeaderMap, options: { redirect?: boolean; body?: string } = {}): Retrieval {
  const https = { url: new URL('https://example.com/'), status: 200, headers, verified: true, body: options.body ?? HTML };
  const redirect = options.redirect ?? true;
  return {
    hostname: 'example.com',
    auto: https,
    https,
    http: { url: new URL('http://example.com/'), status: redirect ? 308 : 200, headers: {}, verified: true },
    httpRedirects: redirect ? [{ url: new URL('http://example.com/'), status: 308 }, { url: new URL('https://example.com/'), status: 200 }] : [{ url: new URL('http://example.com/'), status: 200 }],
    cors: { url: new URL('https://example.com/'), status: 405, headers: {}, verified: true, origin: 'https://http-observatory.security.mozilla.org' },
    setCookies: [],
  };
}

const resultOf = (retrieval: Retrieval, name: string) => grade(retrieval).tests.find((test) => test.name === name)?.result;

describe('the ported Observatory scoring', () => {
  it("grades this app's headers A+ with 120", () => {
    const result = grade(site(STRICT_HEADERS));
    expect(result).toMatchObject({ grade: 'A+', score: 120 });
    expect(result.tests.every((test) => test.pass)).toBe(true);
  });

  it('a hash with strict-dynamic discounts https: and unsafe-inline; without the hash they count', () => {
    expect(resultOf(site(STRICT_HEADERS), 'content-security-policy')).toBe('csp-implemented-with-unsafe-inline-in-style-src-only');
    const noHash = { ...STRICT_HEADERS, 'content-security-policy': "script-src 'self' 'unsafe-inline'; object-src 'none'" };
    expect(resultOf(site(noHash), 'content-security-policy')).toBe('csp-implemented-with-unsafe-inline');
    const dynamicWithoutHash = { ...STRICT_HEADERS, 'content-security-policy': "script-src 'strict-dynamic'; object-src 'none'" };
    expect(resultOf(site(dynamicWithoutHash), 'content-security-policy')).toBe('csp-header-invalid');
    const none = { ...STRICT_HEADERS, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" };
    expect(resultOf(site(none), 'content-security-policy')).toBe('csp-implemented-with-no-unsafe-default-src-none');
  });

  it('frame-ancestors counts as clickjacking protection; without it X-Frame-Options must be there', () => {
    expect(resultOf(site(STRICT_HEADERS), 'x-frame-options')).toBe('x-frame-options-implemented-via-csp');
    const { 'content-security-policy': _csp, 'x-frame-options': _xfo, ...bare } = STRICT_HEADERS;
    expect(resultOf(site(bare), 'x-frame-options')).toBe('x-frame-options-not-implemented');
  });

  it('HSTS: under six months, missing, or over plain http', () => {
    expect(resultOf(site({ ...STRICT_HEADERS, 'strict-transport-security': 'max-age=86400' }), 'strict-transport-security')).toBe('hsts-implemented-max-age-less-than-six-months');
    expect(resultOf(site({ ...STRICT_HEADERS, 'strict-transport-security': undefined }), 'strict-transport-security')).toBe('hsts-not-implemented');
    expect(resultOf({ ...site(STRICT_HEADERS), https: null }, 'strict-transport-security')).toBe('hsts-not-implemented-no-https');
  });

  it('redirection: missing when http:// answers itself', () => {
    expect(resultOf(site(STRICT_HEADERS, { redirect: false }), 'redirection')).toBe('redirection-missing');
  });

  it('cookies: none found, or a session cookie without Secure and HttpOnly', () => {
    expect(resultOf(site(STRICT_HEADERS), 'cookies')).toBe('cookies-not-found');
    expect(resultOf({ ...site(STRICT_HEADERS), setCookies: ['sessionid=1; Path=/'] }, 'cookies')).toBe('cookies-session-without-httponly-flag');
    expect(resultOf({ ...site(STRICT_HEADERS), setCookies: ['sessionid=1; Path=/; Secure; HttpOnly; SameSite=Lax'] }, 'cookies')).toBe('cookies-secure-with-httponly-sessions-and-samesite');
  });

  it('SRI: an external script without integrity loses points', () => {
    const body = '<html><body><script src="https://cdn.other.net/x.js"></script></body></html>';
    expect(resultOf(site(STRICT_HEADERS, { body }), 'subresource-integrity')).toBe('sri-not-implemented-but-external-scripts-loaded-securely');
  });

  it('a site with no security headers and no redirect gets an F without extra credit', () => {
    const result = grade(site({ 'content-type': 'text/html' }, { redirect: false }));
    // CSP -25, redirection -20, HSTS -20, nosniff -5, frame options -20: 10.
    expect(result).toMatchObject({ grade: 'F', score: 10 });
  });

  it('parses a policy and rejects a duplicate directive', () => {
    expect([...(parseCsp(["script-src 'self' https://a.example; object-src"]).get('object-src') ?? [])]).toEqual(["'none'"]);
    expect(() => parseCsp(["script-src 'self'; script-src 'none'"])).toThrow(/Duplicate directive/);
  });
});
