import { AD_AND_ANALYTICS_HOSTS, contentSecurityPolicy, cspHeaderOf, cspHeaderWithNonce, newNonce, SAVED_THEME_SCRIPT_HASH } from '../../../../src/server/http/security';

const HASH = 'sha256-AbCdEf0123456789+/AbCdEf0123456789+/AbCdEf0=';

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy(HASH);

  it('allows scripts only through the hashed loader and what it adds', () => {
    expect(policy['script-src']).toEqual([`'${HASH}'`, `'${SAVED_THEME_SCRIPT_HASH}'`, "'strict-dynamic'", 'https:', "'unsafe-inline'"]);
    expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
  });

  it('has the strict parts of the contract', () => {
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
  });

  it('opens connections and frames to the ad and analytics hosts only, all over https', () => {
    expect(policy['connect-src']).toEqual(["'self'", ...AD_AND_ANALYTICS_HOSTS]);
    expect(policy['frame-src']).toEqual([...AD_AND_ANALYTICS_HOSTS]);
    for (const host of AD_AND_ANALYTICS_HOSTS) expect(host).toMatch(/^https:\/\/(\*\.)?[a-z0-9.-]+\.(com|net|google)$/);
  });

  it('is a pure function of the hash', () => {
    expect(contentSecurityPolicy(HASH)).toEqual(policy);
    expect(contentSecurityPolicy('sha256-other')['script-src']?.[0]).toBe("'sha256-other'");
  });

  it('puts a streamed page\'s nonce beside the hashes, before \'strict-dynamic\' and the fallbacks', () => {
    expect(contentSecurityPolicy(HASH, { nonce: 'n0nce' })['script-src']).toEqual([`'${HASH}'`, `'${SAVED_THEME_SCRIPT_HASH}'`, "'nonce-n0nce'", "'strict-dynamic'", 'https:', "'unsafe-inline'"]);
  });

  it('admits a consent platform\'s origin only in the directives its script needs', () => {
    const origin = 'https://cmp.example';
    const widened = contentSecurityPolicy(HASH, { consentOrigin: origin });
    for (const name of ['script-src', 'connect-src', 'frame-src', 'style-src', 'font-src']) expect(widened[name]).toEqual([...(policy[name] ?? []), origin]);
    for (const name of ['default-src', 'img-src', 'object-src', 'base-uri', 'form-action', 'frame-ancestors']) expect(widened[name]).toEqual(policy[name]);
  });
});

describe('newNonce', () => {
  it('gives 128 random bits in base64, a new value every time, past the draws one fill of its pool holds', () => {
    const nonces = Array.from({ length: 1000 }, () => newNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe('cspHeaderWithNonce', () => {
  it.each([{}, { consentOrigin: 'https://cmp.example' }])('is the header of the policy made with the nonce (%p)', (needs) => {
    const nonce = 'ab+/cd$&==';
    expect(cspHeaderWithNonce(cspHeaderOf(contentSecurityPolicy(HASH, needs)), nonce)).toBe(cspHeaderOf(contentSecurityPolicy(HASH, { ...needs, nonce })));
  });
});

describe('cspHeaderOf', () => {
  it('writes each directive as its name and sources, separated by semicolons', () => {
    expect(cspHeaderOf({ 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] })).toBe("default-src 'self';img-src 'self' data:");
  });
});
