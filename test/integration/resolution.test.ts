import request from 'supertest';
import { appStateOf, parseHtml } from '../support/html';
import { startTestApp, useTestApp } from '../support/test-app';

const t = useTestApp();

async function home(host: string) {
  const res = await request(t.app).get('/').set('Host', host);
  const doc = parseHtml(res.text);
  return { res, doc, state: appStateOf(doc) };
}

describe('settings resolution through HTTP', () => {
  it('i: an active subdomain is served as itself', async () => {
    const { res, doc, state } = await home('sub.example.com');
    expect(res.status).toBe(200);
    expect(doc.title).toBe('Sub A');
    expect(state.hostKey).toBe('example');
    expect(state.gaCode).toBe('G-SUBA');
    expect(t.upstream.callsTo('/api/subdomains/get')[0]?.query).toEqual({ url: 'sub.example.com' });
    // The parent is looked up by id; the domain by host is not needed.
    expect(t.upstream.callsTo('/api/domain/get').map((c) => c.query)).toEqual([{ _id: 'dom-example' }]);
  });

  it('ii: a global subdomain inherits its parent, with its own campaign flags', async () => {
    const { doc, state } = await home('inherit.example.com');
    expect(doc.title).toBe('Example Domain');
    expect(state.gaCode).toBe('G-DOMAIN');
    // campaign_check comes from the subdomain (true), so the lookup ran and required existence.
    expect(state.campaign).toEqual({ exists: false, headline: null });
    expect(t.logs.events('campaign.ids_missing')).toHaveLength(1);
  });

  it('an inactive subdomain falls to the domain found by host', async () => {
    const { doc } = await home('inactive.example.com');
    expect(doc.title).toBe('Inactive Host Domain');
    expect(t.upstream.callsTo('/api/domain/get').map((c) => c.query)).toEqual([{ _id: 'dom-example' }, { url: 'inactive.example.com' }]);
  });

  it('iii: a domain found by host', async () => {
    const { doc, state } = await home('example.com');
    expect(doc.title).toBe('Example Domain');
    expect(state.menu.categories.map((c) => c.slug)).toEqual(['beta', 'alpha']);
  });

  it('iv: a global subdomain with a global parent and no domain falls to the global setting', async () => {
    const { doc, state } = await home('orphan.example.com');
    expect(doc.title).toBe('Global Site');
    expect(state.pixels).toEqual([{ name: 'p1', url: '/p.gif' }]);
  });

  it('iv: an unknown host gets the global setting; ANALYTICS_CODES fills in the code by site key', async () => {
    const { doc, state } = await home('www.other.org');
    expect(doc.title).toBe('Global Site');
    expect(state.hostKey).toBe('other');
    expect(state.gaCode).toBe('G-OTHER');
  });

  it('iv: an unknown host whose site key is `constructor` (an Object.prototype member) gets no analytics id that ANALYTICS_CODES does not hold', async () => {
    const { state } = await home('www.constructor.org');
    expect(state.hostKey).toBe('constructor');
    expect(state.gaCode).toBeNull();
  });

  it('ads disabled by the parent domain', async () => {
    const { state, doc } = await home('noads.example.com');
    expect(state.adSlots).toEqual([]);
    expect(doc.querySelector('[data-ad-slot]')).toBeNull();
  });

  it('a dark site renders <html class="dark">, whatever the visitor saved (the browser applies that)', async () => {
    expect((await home('dark.test')).doc.documentElement.className).toBe('dark');
    const res = await request(t.app).get('/').set('Host', 'dark.test').set('Cookie', 'theme=light');
    expect(parseHtml(res.text).documentElement.className).toBe('dark');
    expect(appStateOf(parseHtml(res.text)).dark).toBe('dark');
    expect(res.headers.vary).toBe('Accept-Encoding');
  });

  it('the brand colour is #2FABF0 on the default site key and black on others', async () => {
    expect((await home('localhost')).state.brandColor).toBe('#2FABF0');
    expect((await home('127.0.0.1')).state.hostKey).toBe('main');
    expect((await home('sub.example.com')).state.brandColor).toBe('#000000');
  });

  it('menu categories keep the order of categories_menu_option and drop unknown ids', async () => {
    const { doc } = await home('sub.example.com');
    const links = [...doc.querySelectorAll('#category-menu a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/category/gamma', '/category/alpha']);
    expect(doc.querySelector('#other-menu a')?.getAttribute('href')).toBe('/help');
  });

  it('an unknown ad slot is logged once per site and slot', async () => {
    const fresh = await startTestApp();
    try {
      await request(fresh.app).get('/').set('Host', 'sub.example.com');
      await request(fresh.app).get('/').set('Host', 'sub.example.com');
      const lines = fresh.logs.events('settings.unknown_ad_slot');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 40, slot: 'bogus_slot', siteKey: 'example' });
    } finally {
      await fresh.close();
    }
  });
});

describe('host handling', () => {
  it('a malformed host answers 400 and calls no upstream', async () => {
    for (const host of ['bad host', 'a/b', 'user@x.com', 'x'.repeat(300)]) {
      const res = await request(t.app).get('/').set('Host', host);
      expect(res.status).toBe(400);
      expect(res.text).not.toContain('site-header');
    }
    expect(t.upstream.calls).toHaveLength(0);
  });

  it('X-Forwarded-Host is ignored unless TRUST_PROXY trusts the peer', async () => {
    const res = await request(t.app).get('/').set('Host', 'example.com').set('X-Forwarded-Host', 'sub.example.com');
    expect(parseHtml(res.text).title).toBe('Example Domain');
    const trusted = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
    try {
      const viaProxy = await request(trusted.app).get('/').set('Host', 'example.com').set('X-Forwarded-Host', 'SUB.example.com:443, other.example.com');
      expect(parseHtml(viaProxy.text).title).toBe('Sub A');
    } finally {
      await trusted.close();
    }
  });
});
