/**
 * Confined inputs at the upstream edge (issue 15.6): an answer nested past the fixed depth is an
 * invalid answer (the last good value keeps serving), a campaign id cannot climb the service's
 * path, and a `null` list in a site record reads as empty (logged once).
 */
import request from 'supertest';
import { MAX_JSON_DEPTH } from '../../src/server/content/http';
import { testDataset } from '../fixtures/dataset';
import { dataCacheOnTestClock, TEST_TTL_MS } from '../support/data-cache';
import type { Override } from '../support/fake-upstream';
import { appStateOf, parseHtml } from '../support/html';
import { useTestApp } from '../support/test-app';

/** The global setting with a key nested `levels` deep in igp_settings (built as text: JSON.stringify would overflow). */
function deeplyNestedGlobal(levels: number): Override {
  const marker = '"NESTED"';
  const record = { ...testDataset.global, config: { ...testDataset.global.config, igp_settings: { title: 'Global Site', deep: 'NESTED' } } };
  const body = JSON.stringify({ data: record }).replace(marker, `${'{"k":'.repeat(levels)}1${'}'.repeat(levels)}`);
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  };
}

/** Runs `work` and returns the unhandled rejections seen meanwhile. */
async function unhandledRejectionsDuring(work: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const record = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', record);
  try {
    await work();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('unhandledRejection', record);
  }
  return seen;
}

describe('an answer nested past the depth limit', () => {
  const t = useTestApp();

  it('is refused as an invalid answer: a host that needs the global setting gets the 503, other hosts are untouched, nothing crashes', async () => {
    t.upstream.override('/api/setting/get', deeplyNestedGlobal(5000));
    const rejections = await unhandledRejectionsDuring(async () => {
      const fallback = await request(t.app).get('/').set('Host', 'unknown.example.org');
      expect(fallback.status).toBe(503);
      const own = await request(t.app).get('/').set('Host', 'sub.example.com');
      expect(own.status).toBe(200);
      expect(parseHtml(own.text).title).toBe('Sub A');
    });
    expect(rejections).toEqual([]);
    const failed = t.logs.events('site.lookup_failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((line) => line.kind === 'too_deep')).toBe(true);
    expect(t.logs.events('request.failed')).toEqual([]);
  });

  it('is accepted up to the limit', async () => {
    // data > record > config > igp_settings > deep: 5 levels above the nested value.
    t.upstream.override('/api/setting/get', deeplyNestedGlobal(MAX_JSON_DEPTH - 5));
    const res = await request(t.app).get('/').set('Host', 'unknown.example.org');
    expect(res.status).toBe(200);
  });
});

describe('behind the data cache, an over-deep answer', () => {
  const cached = dataCacheOnTestClock();
  const t = useTestApp({ dataCache: cached.dataCache });

  it('leaves the last good value serving', async () => {
    const page = () => request(t.app).get('/').set('Host', 'unknown.example.org');
    expect((await page()).status).toBe(200);
    t.upstream.override('/api/setting/get', deeplyNestedGlobal(5000));
    cached.advance(TEST_TTL_MS + 1);
    t.logs.clear();
    const rejections = await unhandledRejectionsDuring(async () => {
      for (let i = 0; i < 2; i++) {
        const res = await page();
        expect(res.status).toBe(200);
        expect(parseHtml(res.text).title).toBe('Global Site');
      }
    });
    expect(rejections).toEqual([]);
    expect(t.upstream.callsTo('/api/setting/get').length).toBeGreaterThan(1);
    expect(t.logs.events('cache.refresh_failed').some((line) => line.kind === 'too_deep')).toBe(true);
    t.flushOutageSummary();
    expect(t.logs.events('upstream.outage_summary')[0]?.staleServed).toBeGreaterThan(0);
  });
});

describe('values in upstream URLs', () => {
  const t = useTestApp();
  // inherit.example.com: campaign check and headlines on.
  const page = (query: string) => request(t.app).get(`/${query}`).set('Host', 'inherit.example.com');

  it.each(['..', '.', '%2e%2e', '%2E.', '..%2F', '%2F..'])('utm_id=%s never leaves the checkCampaign path', async (utmId) => {
    const res = await page(`?utm_id=${utmId}`);
    expect(res.status).toBe(200);
    for (const call of t.upstream.campaignCalls) {
      expect(call.path).toMatch(/^\/meta-ms\/api\/v1\/meta-db\/campaigns\/checkCampaign\/[^/]+$/);
    }
  });

  it('an id that is only dots names no campaign and asks nothing', async () => {
    const res = await page('?utm_id=..');
    expect(t.upstream.campaignCalls).toEqual([]);
    expect(appStateOf(parseHtml(res.text)).campaign).toEqual({ exists: false, headline: null });
  });

  it('a slug with path syntax stays a query value', async () => {
    await request(t.app).get('/..%2F..%2Fapi%2Fsetting%2Fget').set('Host', 'sub.example.com');
    for (const call of t.upstream.calls) expect(call.path.startsWith('/api/')).toBe(true);
    const articleCalls = t.upstream.callsTo('/api/article/get');
    for (const call of articleCalls) expect(call.query.slug).toBe('../../api/setting/get');
  });
});

describe('a null list in a site record', () => {
  const dataset = structuredClone(testDataset);
  const sub = dataset.subdomains.find((record) => record._id === 'sub-a');
  if (!sub) throw new Error('fixture sub-a is missing');
  Object.assign(sub, { final_articles: null, menu: { categories_menu_option: ['cat-a'], other_menu_option: null }, config: { ...sub.config, ad_slots: null } });
  const t = useTestApp({ dataset });

  it('reads as empty: the site is still its own, and each null field is logged once', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await request(t.app).get('/').set('Host', 'sub.example.com');
      expect(res.status).toBe(200);
      expect(parseHtml(res.text).title).toBe('Sub A');
    }
    expect(t.logs.events('site.lookup_failed')).toEqual([]);
    const nullLists = t.logs.events('settings.null_list');
    expect(nullLists.map((line) => [line.settingId, line.field]).sort()).toEqual([
      ['sub-a', 'config.ad_slots'],
      ['sub-a', 'final_articles'],
      ['sub-a', 'menu.other_menu_option'],
    ]);
    expect(nullLists.every((line) => line.level === 40)).toBe(true);
  });
});
