/**
 * GET /site?host=<host> on the metrics port (docs/support.md, "This site shows the wrong
 * analytics id, menu or ads"): the variant lookup's record, the settings the host's pages
 * resolve and the step that chose them, behind PURGE_TOKEN's bearer token; never on the
 * public port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { demoDataset } from '../../src/demo/index';
import { MAX_HOST_LENGTH } from '../../src/server/routing/host';
import { testDataset } from '../fixtures/dataset';
import { failWith } from '../support/fake-upstream';
import { recipeTitled, runRecipe } from '../support/support-recipes';
import { startTestApp, useTestApp } from '../support/test-app';

const TOKEN = 'site-query-token-for-tests-0123456789';
const t = useTestApp({ dataset: demoDataset, env: { PURGE_TOKEN: TOKEN, METRICS_PORT: '0', DEFAULT_SITE_KEY: 'answers', ANALYTICS_CODES: '{"travel":"G-TRAVEL-ENV"}' } });

const siteQuery = (query: string, token: string | null = TOKEN) => {
  const req = request(t.internal).get(`/site${query}`);
  return token === null ? req : req.set('authorization', `Bearer ${token}`);
};

describe('GET /site on the metrics port, with the token', () => {
  it('cooking.localhost: its subdomain record is the variant, and step i resolves it', async () => {
    const res = await siteQuery('?host=cooking.localhost');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      host: 'cooking.localhost',
      siteKey: 'cooking',
      variant: { _id: 'sub-cooking', type: 'subdomains', url: 'cooking.localhost', domain: 'dom-answers', config: { gaCode: 'G-COOK12345' } },
      lookups: { subdomain: 'sub-cooking', parent: 'dom-answers', domain: null, global: 'global-1' },
      resolved: { step: 'subdomain', gaCode: 'G-COOK12345', adsDisabled: false, setting: { _id: 'sub-cooking', menu: { categories_menu_option: ['cat-grilling', 'cat-baking'] } } },
      fellBack: [],
    });
    // The whole record, as the pages read it: an ad slot the app ignores is there for support to see.
    expect(res.body.variant.config.ad_slots).toContain('skyscraper');
    expect(t.logs.lines.filter((line) => line.msg === 'request completed')).toEqual([expect.objectContaining({ port: 'metrics', path: '/site', status: 200 })]);
  });

  it('tech.localhost: the variant is its global subdomain record, the settings are its parent with its campaign flags (step ii)', async () => {
    const { body } = await siteQuery('?host=tech.localhost');
    expect(body.variant).toMatchObject({ _id: 'sub-tech', config: { global: true } });
    expect(body.resolved).toMatchObject({ step: 'parent', gaCode: 'G-EVERYDAY01', setting: { _id: 'dom-answers', config: { campaign_check: true, campaign_headlines: true, network_ignore: true } } });
  });

  it('old.localhost: the variant is its inactive subdomain record; the domain found by host answers (step iii)', async () => {
    const { body } = await siteQuery('?host=old.localhost');
    expect(body.variant).toMatchObject({ _id: 'sub-old', active: false });
    expect(body.lookups).toMatchObject({ subdomain: 'sub-old', domain: 'dom-old' });
    expect(body.resolved).toMatchObject({ step: 'domain', adsDisabled: true, setting: { _id: 'dom-old' } });
  });

  it('an unknown host: no variant, the global setting (step iv); the analytics id a record lacks comes from ANALYTICS_CODES', async () => {
    const unknown = await siteQuery('?host=nobody.localhost');
    expect(unknown.body).toMatchObject({ variant: null, lookups: { subdomain: null, parent: null, domain: null }, resolved: { step: 'global', setting: { _id: 'global-1' } } });
    const travel = await siteQuery('?host=TRAVEL.localhost:3000');
    expect(travel.body).toMatchObject({ host: 'travel.localhost', resolved: { step: 'subdomain', gaCode: 'G-TRAVEL-ENV' } });
  });

  it('a failed subdomain lookup counts as no record, as for a page: the answer says the settings fell back', async () => {
    t.upstream.override('/api/subdomains/get', failWith.status(503));
    const res = await siteQuery('?host=cooking.localhost');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ variant: null, resolved: { step: 'global' }, fellBack: ['settings'] });
    const [failed] = t.logs.events('site.lookup_failed');
    expect(failed).toMatchObject({ level: 40, status: 503 });
    expect(failed?.reqId).toBe(res.headers['x-request-id']);
  });

  it.each([
    ['', 'give the host to look up: GET /site?host=<host>'],
    ['?host=', 'give the host to look up: GET /site?host=<host>'],
    ['?host=a.localhost&host=b.localhost', 'give one host, not several'],
    [`?host=${'a'.repeat(MAX_HOST_LENGTH + 1)}`, `the host is over ${MAX_HOST_LENGTH} characters`],
    ['?host=a%20b.localhost', expect.stringMatching(/^the host is no valid host name/)],
    ['?host=user%40cooking.localhost', expect.stringMatching(/^the host is no valid host name/)],
  ])('%p: 400 with what is wrong, and no lookup', async (query, error) => {
    const res = await siteQuery(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
    expect(t.upstream.calls).toEqual([]);
  });

  it('answers GET and HEAD only', async () => {
    const res = await request(t.internal).post('/site?host=cooking.localhost').set('authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    const head = await request(t.internal).head('/site?host=cooking.localhost').set('authorization', `Bearer ${TOKEN}`);
    expect(head.status).toBe(200);
  });
});

describe('GET /site refused', () => {
  it.each([
    ['no token', null],
    ['a wrong token', `${TOKEN}x`],
  ])('%s: 401 like /purge, and no lookup', async (_name, token) => {
    const res = await siteQuery('?host=cooking.localhost', token);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body).toEqual({ error: 'missing or wrong bearer token' });
    expect(t.upstream.calls).toEqual([]);
    expect(JSON.stringify(res.body)).not.toContain('sub-cooking');
  });

  it('the public port never answers it: a 404 page, with the token or without', async () => {
    for (const res of [
      await request(t.app).get('/site?host=cooking.localhost').set('Host', 'cooking.localhost').set('authorization', `Bearer ${TOKEN}`),
      await request(t.app).get('/site?host=cooking.localhost').set('Host', 'cooking.localhost'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).not.toContain('"variant"');
    }
  });

  it('without PURGE_TOKEN the route does not exist (404)', async () => {
    const app = await startTestApp({ dataset: demoDataset, env: { METRICS_PORT: '0' } });
    try {
      const res = await request(app.internal).get('/site?host=cooking.localhost').set('authorization', `Bearer ${TOKEN}`);
      expect(res.status).toBe(404);
      expect(app.upstream.calls).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe("docs/support.md's recipe, run as written with curl against a listening metrics port", () => {
  it('This site shows the wrong analytics id, menu or ads: the record, the step, the id, the menu and the ads', async () => {
    const cooking = { _id: 'sub-cooking', type: 'subdomains' as const, active: true, url: 'cooking.example.com', domain: 'dom-example', config: { gaCode: 'G-COOK', ad_slots: ['banner_1'] }, menu: { categories_menu_option: ['cat-a'] } };
    const app = await startTestApp({ dataset: { ...testDataset, subdomains: [...testDataset.subdomains, cooking] }, env: { PURGE_TOKEN: TOKEN, METRICS_PORT: '0' } });
    const server = createServer(app.internal);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const output = await runRecipe(recipeTitled('This site shows the wrong'), '', { PURGE_TOKEN: TOKEN, METRICS_ADDRESS: `127.0.0.1:${port}` });
      expect(JSON.parse(output)).toEqual({ variant: 'sub-cooking', step: 'subdomain', setting: 'sub-cooking', gaCode: 'G-COOK', menu: ['cat-a'], adSlots: ['banner_1'], adsDisabled: false, fellBack: [] });
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    }
  });
});
