/** One canonical host per site: a 301 from its other hosts, before any upstream call beyond the site lookup. */
import request from 'supertest';
import { globalSetting, testDataset } from '../fixtures/dataset';
import { failWith } from '../support/fake-upstream';
import { parseHtml, parseXml } from '../support/html';
import { useTestApp } from '../support/test-app';

const t = useTestApp();
const get = (path: string, host: string) => request(t.app).get(path).set('Host', host);
const SITE_LOOKUPS = ['/api/subdomains/get', '/api/domain/get', '/api/setting/get'];

describe('another host of a site with a canonical host', () => {
  it.each([
    ['/', 'https://rich.test/'],
    ['/lead-image-answer?utm_id=c1&page=2', 'https://rich.test/lead-image-answer?utm_id=c1&page=2'],
    ['/category/rich', 'https://rich.test/category/rich'],
    ['/sitemap.xml', 'https://rich.test/sitemap.xml'],
    ['/no/such/page', 'https://rich.test/no/such/page'],
  ])('%s: a cacheable 301 to the same path and query on the canonical host', async (path, location) => {
    const res = await get(path, 'www.rich.test:8443');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('is redirected after the site lookup alone: no menu, article or campaign call', async () => {
    await get('/lead-image-answer?utm_id=c1', 'www.rich.test');
    expect(t.upstream.calls.map((call) => call.path).every((path) => SITE_LOOKUPS.includes(path))).toBe(true);
    expect(t.upstream.campaignCalls).toEqual([]);
  });
});

describe('the canonical host itself', () => {
  it('is served, and its canonical links and sitemap use it', async () => {
    const res = await get('/lead-image-answer', 'rich.test');
    expect(res.status).toBe(200);
    expect(parseHtml(res.text).querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://rich.test/lead-image-answer');
    const locs = [...parseXml((await get('/sitemap.xml', 'rich.test')).text).getElementsByTagName('loc')].map((loc) => loc.textContent);
    expect(locs.every((loc) => loc?.startsWith('https://rich.test/'))).toBe(true);
  });
});

describe('no redirect', () => {
  it('for a site without a canonical host', async () => {
    expect((await get('/', 'inherit.example.com')).status).toBe(200);
  });

  it('when a lookup failed (the resolution may be a fallback; a 301 would be kept)', async () => {
    t.upstream.override('/api/domain/get', failWith.status(500));
    const res = await get('/robots.txt', 'www.rich.test');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toContain('Sitemap: https://www.rich.test/sitemap.xml');
  });
});

describe('a canonical host on the global setting', () => {
  const network = useTestApp({ dataset: { ...testDataset, global: { ...globalSetting, config: { ...globalSetting.config, canonical_host: 'network.test' } } } });

  it('redirects nobody: the global setting answers for every host without a record', async () => {
    const res = await request(network.app).get('/').set('Host', 'unknown.test');
    expect(res.status).toBe(200);
    expect(parseHtml(res.text).querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://unknown.test/');
  });
});
