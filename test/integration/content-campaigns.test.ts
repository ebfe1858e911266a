/** The campaign lookup on page requests: both service paths, the headline, every failure. */
import request from 'supertest';
import { failWith } from '../support/fake-upstream';
import { appStateOf, parseHtml } from '../support/html';
import { HANG_TIMEOUT_MS, useTestApp } from '../support/test-app';

const t = useTestApp();

// sub.example.com: headlines on, check off (existence not required).
// inherit.example.com: check and headlines on (required). check-only.test: check on, headlines off.
const get = (path: string, host = 'sub.example.com') => request(t.app).get(path).set('Host', host);
const load = async (path: string, host?: string) => {
  const res = await get(path, host);
  const doc = parseHtml(res.text);
  return { res, doc, state: appStateOf(doc), headline: doc.getElementById('campaign-headline') };
};

describe('the two service paths', () => {
  it('utm_id: the meta-db path with count 10, Accept JSON and no-cache', async () => {
    const { state, headline, doc } = await load('/?utm_id=c1');
    expect(t.upstream.campaignCalls).toHaveLength(1);
    const call = t.upstream.campaignCalls[0];
    expect(call?.path).toBe('/meta-ms/api/v1/meta-db/campaigns/checkCampaign/c1');
    expect(call?.query).toEqual({ count: '10' });
    expect(call?.headers.accept).toBe('application/json');
    expect(call?.headers['cache-control']).toBe('no-cache');
    expect(state.campaign).toEqual({ exists: true, headline: 'Big sale,Today only' });
    expect(headline?.textContent).toBe('Big sale,Today only');
    // Rendered by the server above the content, so nothing shifts when it appears.
    const main = doc.getElementById('main');
    expect(main?.querySelector('#campaign-headline')).toBe(headline);
    expect(headline?.compareDocumentPosition(doc.querySelector('h1') as Element)).toBe(4 /* FOLLOWING */);
  });

  it('campaign_id alone: the campaigns path with campaign_id and count 10', async () => {
    await load('/article-1?campaign_id=c1');
    expect(t.upstream.campaignCalls).toHaveLength(1);
    expect(t.upstream.campaignCalls[0]).toMatchObject({ path: '/campaigns/api/v1/checkCampaign', query: { campaign_id: 'c1', count: '10' } });
    expect(t.upstream.campaignCalls[0]?.headers['cache-control']).toBe('no-cache');
  });

  it('both: utm_id wins', async () => {
    await load('/category/alpha?campaign_id=c1&utm_id=empty');
    expect(t.upstream.campaignCalls.map((call) => call.path)).toEqual(['/meta-ms/api/v1/meta-db/campaigns/checkCampaign/empty']);
  });

  it('an id of unreserved characters is asked about as it is', async () => {
    await load('/?utm_id=Spring_2026.news-letter~1');
    expect(t.upstream.campaignCalls.map((call) => call.path)).toEqual(['/meta-ms/api/v1/meta-db/campaigns/checkCampaign/Spring_2026.news-letter~1']);
  });

  it.each(['..', '.', '%2E%2E', 'a%2Fb', 'a%20b', 'a%09b', '', `${'x'.repeat(129)}`])('a utm_id that cannot be sent (%s) counts as absent: campaign_id is asked about', async (utmId) => {
    const { state, headline } = await load(`/?utm_id=${utmId}&campaign_id=c1`);
    expect(t.upstream.campaignCalls).toHaveLength(1);
    expect(t.upstream.campaignCalls[0]).toMatchObject({ path: '/campaigns/api/v1/checkCampaign', query: { campaign_id: 'c1', count: '10' } });
    expect(state.campaign).toEqual({ exists: true, headline: 'Big sale,Today only' });
    expect(headline?.textContent).toBe('Big sale,Today only');
    expect(t.logs.events('campaign.ids_missing')).toEqual([]);
  });

  it('runs on home, article, category and the search view; never on private, error or document routes', async () => {
    for (const path of ['/', '/article-1', '/category/alpha', '/?s=x']) await get(`${path}${path.includes('?') ? '&' : '?'}utm_id=c1`);
    expect(t.upstream.campaignCalls).toHaveLength(4);
    t.upstream.campaignCalls.length = 0;
    for (const path of ['/login', '/dashboard', '/fortified-portal', '/a/b/c', '/robots.txt', '/feed.xml']) {
      const res = await get(`${path}?utm_id=c1`);
      if (res.headers['content-type']?.startsWith('text/html')) expect(appStateOf(parseHtml(res.text)).campaign).toBeNull();
    }
    expect(t.upstream.campaignCalls).toHaveLength(0);
  });
});

describe('answers', () => {
  it('isCampaignExists false: exists false, the headline still shown', async () => {
    t.upstream.override('/meta-ms/*', failWith.json({ isCampaignExists: false, headlines: ['Ended'], extra: { ignored: true } }));
    const { state, headline } = await load('/?utm_id=old');
    expect(state.campaign).toEqual({ exists: false, headline: 'Ended' });
    expect(headline?.textContent).toBe('Ended');
  });

  it('no headlines: headline null and no #campaign-headline', async () => {
    const { state, headline } = await load('/?utm_id=empty');
    expect(state.campaign).toEqual({ exists: true, headline: null });
    expect(headline).toBeNull();
  });

  it('campaign_headlines off: the lookup runs (campaign_check), the headline is not shown', async () => {
    const { state, headline } = await load('/?utm_id=c1', 'check-only.test');
    expect(t.upstream.campaignCalls).toHaveLength(1);
    expect(state.campaign).toEqual({ exists: true, headline: 'Big sale,Today only' });
    expect(headline).toBeNull();
  });

  it('no campaign flags: no lookup, campaign null', async () => {
    const { state } = await load('/?utm_id=c1', 'example.com');
    expect(t.upstream.campaignCalls).toHaveLength(0);
    expect(state.campaign).toBeNull();
  });
});

describe('no id: no request, a warning, existence only when not required', () => {
  it.each([
    ['sub.example.com', '/', false, true],
    ['inherit.example.com', '/', true, false],
    ['check-only.test', '/', true, false],
    ['sub.example.com', `/?utm_id=${'x'.repeat(129)}`, false, true],
    ['sub.example.com', '/?utm_id=&campaign_id=', false, true],
    ['sub.example.com', '/?utm_id=..', false, true],
    ['inherit.example.com', '/?utm_id=.', true, false],
    ['sub.example.com', '/?utm_id=%2E%2E&campaign_id=a%2Fb', false, true],
    ['sub.example.com', '/?utm_id=a%20b&campaign_id=%00', false, true],
    ['inherit.example.com', '/?utm_id=a%2F..%2Fb%3Fx%3D1&campaign_id=..%2F..%2Fadmin', true, false],
    ['sub.example.com', '/?utm_id=%252E%252E&campaign_id=%C3%A9t%C3%A9', false, true],
    ['sub.example.com', `/?campaign_id=${'x'.repeat(129)}`, false, true],
  ])('%s%s (required %p) -> exists %p', async (host, path, required, exists) => {
    const { state, headline } = await load(path, host);
    expect(t.upstream.campaignCalls).toHaveLength(0);
    const lines = t.logs.events('campaign.ids_missing');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, required });
    expect(typeof lines[0]?.reqId).toBe('string');
    expect(state.campaign).toEqual({ exists, headline: null });
    expect(headline).toBeNull();
  });
});

describe('a failing lookup: a warning, existence only when not required, no headline', () => {
  it.each([
    ['a 500', failWith.status(500), { status: 500 }],
    ['a 404', failWith.status(404), { status: 404 }],
    ['a dropped connection', failWith.reset(), { kind: 'network' }],
    ['a hang past the timeout', failWith.hang(), { kind: 'timeout' }],
    ['invalid JSON', failWith.invalidJson(), { kind: 'invalid_json' }],
    ['the wrong shape', failWith.json({ exists: 'yes' }), { kind: 'shape' }],
  ])('%s', async (_name, override, fields) => {
    // A short timeout for the hung campaign calls only: the other failures must keep their own kind.
    if ('kind' in fields && fields.kind === 'timeout') t.setUpstreamTimeout(HANG_TIMEOUT_MS, ['checkByUtmId', 'checkByCampaignId']);
    t.upstream.override('/meta-ms/*', override);
    t.upstream.override('/campaigns/*', override);
    for (const [host, path, exists] of [
      ['sub.example.com', '/?utm_id=c1', true],
      ['inherit.example.com', '/article-1?campaign_id=c1', false],
    ] as const) {
      t.logs.clear();
      const { res, state, headline } = await load(path, host);
      expect(res.status).toBe(200);
      const lines = t.logs.events('campaign.lookup_failed');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 40, ...fields });
      if ('kind' in fields) expect(lines[0]?.err).toBeDefined();
      expect(state.campaign).toEqual({ exists, headline: null });
      expect(headline).toBeNull();
    }
  });
});

describe('canonical URLs', () => {
  it('never carry utm_id or campaign_id', async () => {
    for (const path of ['/?utm_id=c1&campaign_id=c1', '/article-1?campaign_id=c1&utm_id=c1', '/category/alpha?utm_id=c1']) {
      const href = parseHtml((await get(path)).text).querySelector('link[rel=canonical]')?.getAttribute('href') ?? '';
      expect(href).toMatch(/^https:\/\/sub\.example\.com\//);
      expect(href).not.toMatch(/utm|campaign/);
    }
  });
});
