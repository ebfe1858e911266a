/** /ads.txt per host: the resolved setting's lines, else the global setting's, validated line by line. */
import request from 'supertest';
import { globalSetting, testDataset } from '../fixtures/dataset';
import { parseHtml } from '../support/html';
import { startTestApp, useTestApp } from '../support/test-app';

const t = useTestApp();
const get = (path: string, host: string) => request(t.app).get(path).set('Host', host);

const SHARED = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60, stale-if-error=3600';
const EXAMPLE_LINES = ['# Example Domain sellers', 'google.com, pub-1111111111111111, DIRECT, f08c47fec0942fa0', 'CONTACT=ads@example.com', 'appnexus.com, 1234, RESELLER # partner', 'SUBDOMAIN=sub.example.com'];

describe('/ads.txt', () => {
  it("serves the resolved setting's valid lines as text/plain, cacheable like robots.txt", async () => {
    const res = await get('/ads.txt', 'example.com');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe(SHARED);
    expect(res.text).toBe(`${EXAMPLE_LINES.join('\n')}\n`);
  });

  it("a subdomain that inherits its parent (step ii) serves the parent's lines", async () => {
    const res = await get('/ads.txt', 'inherit.example.com');
    expect(res.text).toBe(`${EXAMPLE_LINES.join('\n')}\n`);
  });

  it("falls back to the global setting's lines when the resolved setting has none", async () => {
    for (const host of ['sub.example.com', 'unknown.test']) {
      const res = await get('/ads.txt', host);
      expect(res.status).toBe(200);
      expect(res.text).toBe('google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0\n');
    }
  });

  it("a malformed value (not a list) is the site's own: no fallback, a 404", async () => {
    const res = await get('/ads.txt', 'dark.test');
    expect(res.status).toBe(404);
    expect(parseHtml(res.text).getElementById('site-header')).not.toBeNull();
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('asks nothing of the content API beyond the site lookup', async () => {
    await get('/ads.txt?utm_id=c1', 'example.com');
    expect(t.upstream.calls.map((call) => call.path).filter((path) => path.startsWith('/api/article'))).toEqual([]);
    expect(t.upstream.campaignCalls).toHaveLength(0);
  });
});

describe('/ads.txt warnings', () => {
  // A fresh app each: the warnings are once per app, so a shared one would depend on test order.
  it('a malformed line is dropped and logged once per site, not on every request', async () => {
    const fresh = await startTestApp();
    try {
      for (const host of ['example.com', 'example.com', 'inherit.example.com']) expect((await request(fresh.app).get('/ads.txt').set('Host', host)).status).toBe(200);
      expect(fresh.logs.events('settings.invalid_ads_txt')).toEqual([expect.objectContaining({ level: 40, settingId: 'dom-example', count: 1, lines: ['not a record'] })]);
    } finally {
      await fresh.close();
    }
  });

  it('a malformed value is logged once as one invalid entry', async () => {
    const fresh = await startTestApp();
    try {
      for (let i = 0; i < 2; i += 1) await request(fresh.app).get('/ads.txt').set('Host', 'dark.test');
      expect(fresh.logs.events('settings.invalid_ads_txt')).toEqual([expect.objectContaining({ settingId: 'dom-dark', count: 1, lines: ['"google.com, pub-2, DIRECT"'] })]);
    } finally {
      await fresh.close();
    }
  });
});

describe('/ads.txt when neither the site nor the global setting has lines', () => {
  const bare = useTestApp({ dataset: { ...testDataset, global: { ...globalSetting, config: { ...globalSetting.config, ads_txt: null } } } });

  it('is a 404', async () => {
    for (const host of ['sub.example.com', 'unknown.test']) expect((await request(bare.app).get('/ads.txt').set('Host', host)).status).toBe(404);
    expect((await request(bare.app).get('/ads.txt').set('Host', 'example.com')).status).toBe(200);
  });
});
