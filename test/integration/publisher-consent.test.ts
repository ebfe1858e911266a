/** Consent Mode v2 from the server's side: the app-state's consent, the consent platform in the CSP, malformed fields. */
import request from 'supertest';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { DEFAULT_CONSENT_REGIONS } from '../../src/shared/consent';
import { appStateOf, parseHtml } from '../support/html';
import { startTestApp, useTestApp } from '../support/test-app';
import { CRAWLER } from '../support/user-agents';

const t = useTestApp({ pageCache: createPageCache({ freshMs: 60_000, staleMs: 60_000, maxBytes: 10 * 1024 * 1024 }) });
const get = (path: string, host: string) => request(t.app).get(path).set('Host', host);
const directive = (csp: string | undefined, name: string) => (csp ?? '').split(';').find((part) => part.startsWith(`${name} `)) ?? '';

describe('the consent settings of a page', () => {
  it("carry the site's regions (upper-cased) and its consent platform", async () => {
    const state = appStateOf(parseHtml((await get('/', 'example.com')).text));
    expect(state.consent).toEqual({ regions: ['DE', 'FR', 'US-CA'], cmpSrc: 'https://cmp.example/cmp.js' });
  });

  it('default to the EEA, the UK and Switzerland, without a platform, for a site without the fields', async () => {
    const state = appStateOf(parseHtml((await get('/article-1', 'sub.example.com')).text));
    expect(state.consent).toEqual({ regions: DEFAULT_CONSENT_REGIONS, cmpSrc: null });
    expect(state.consent?.regions).toEqual(expect.arrayContaining(['DE', 'FR', 'IE', 'NO', 'IS', 'LI', 'GB', 'CH']));
    expect(state.consent?.regions).toHaveLength(32);
  });

  it('are null on /fortified-portal, where no Google tag runs, and its CSP stays the static one', async () => {
    const res = await get('/fortified-portal', 'example.com');
    expect(appStateOf(parseHtml(res.text)).consent).toBeNull();
    expect(res.headers['content-security-policy']).not.toContain('cmp.example');
    expect(res.text).not.toContain('cmp.example');
  });
});

describe('the consent platform in the CSP', () => {
  it("admits the platform's origin where its script loads from, talks to, frames and styles", async () => {
    const csp = (await get('/', 'example.com')).headers['content-security-policy'];
    for (const name of ['script-src', 'connect-src', 'frame-src', 'style-src', 'font-src']) expect(directive(csp, name).split(' ')).toContain('https://cmp.example');
    // Everything else stays as strict as before.
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'script-src')).toContain("'strict-dynamic'");
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
  });

  it("is in a streamed page's CSP too, beside the page's nonce", async () => {
    // A personal page (campaign id) is not kept by the page cache: it streams, with a nonce.
    const csp = (await get('/article-13?utm_id=c1', 'example.com')).headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toMatch(/'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(directive(csp, 'connect-src').split(' ')).toContain('https://cmp.example');
  });

  it('is not in the CSP of a site without a platform', async () => {
    expect((await get('/', 'sub.example.com')).headers['content-security-policy']).not.toContain('cmp.example');
  });

  it('stays in the CSP of the page when the page cache answers', async () => {
    // A crawler's miss is sent with the policy the kept page has (a person's streamed miss adds a nonce); the second keeps it.
    await get('/article-13', 'example.com').set('User-Agent', CRAWLER);
    const first = await get('/article-13', 'example.com').set('User-Agent', CRAWLER);
    const hit = await get('/article-13', 'example.com');
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(hit.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(hit.headers['content-security-policy']).toContain('https://cmp.example');
    await get('/article-1', 'sub.example.com');
    await get('/article-1', 'sub.example.com');
    const other = await get('/article-1', 'sub.example.com');
    expect((await get('/article-1', 'sub.example.com')).headers['content-security-policy']).toBe(other.headers['content-security-policy']);
  });
});

describe('malformed publisher fields', () => {
  it('are ignored (the site works as without them) and logged once per site and field', async () => {
    const fresh = await startTestApp();
    try {
      for (let i = 0; i < 2; i += 1) {
        const res = await request(fresh.app).get('/').set('Host', 'check-only.test');
        expect(res.status).toBe(200);
        expect(appStateOf(parseHtml(res.text)).consent).toEqual({ regions: DEFAULT_CONSENT_REGIONS, cmpSrc: null });
        expect(res.headers['content-security-policy']).not.toContain('cmp.example');
      }
      const warnings = fresh.logs.events('settings.invalid_field');
      expect(warnings.map((line) => [line.field, line.value, line.settingId, line.level])).toEqual([
        ['consent_regions', '"EU"', 'dom-check-only', 40],
        ['cmp_src', '"http://cmp.example/cmp.js"', 'dom-check-only', 40],
        ['canonical_host', '"not a host"', 'dom-check-only', 40],
      ]);
    } finally {
      await fresh.close();
    }
  });
});
