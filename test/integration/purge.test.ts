/**
 * POST /purge on the metrics port (docs/interface.md, Content updates (purge)): after an edit in the
 * content API and a purge, the next request shows the edit; a refused purge changes nothing;
 * shared pages carry the keys a CDN purges by.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { createContentApiHandler } from '../../src/demo/content-api';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { testDataset } from '../fixtures/dataset';
import { dataCacheOnTestClock } from '../support/data-cache';
import { startTestApp, useTestApp } from '../support/test-app';

const TOKEN = 'purge-token-for-tests-0123456789abcdef';
const HOST = 'sub.example.com';
/** a5 is on the home of sub.example.com, on page 1 of /category/alpha, and among article-1's new articles. */
const OLD_TITLE = 'Question number 5?';
const NEW_TITLE = 'Question five, corrected?';
const PAGES_SHOWING_A5 = ['/article-5', '/category/alpha', '/', '/article-1'];

const clock = dataCacheOnTestClock();
const t = useTestApp({
  env: { PURGE_TOKEN: TOKEN, METRICS_PORT: '0' },
  dataCache: clock.dataCache,
  // Nothing expires during a test: only a purge can make a page or an answer go.
  pageCache: createPageCache({ freshMs: 3_600_000, staleMs: 3_600_000, maxBytes: 10 * 1024 * 1024, now: () => 1_000_000 }),
});

const get = (path: string, host = HOST) => request(t.app).get(path).set('Host', host);
const purge = (body: unknown, token = TOKEN) => request(t.internal).post('/purge').set('authorization', `Bearer ${token}`).send(body as object);

/** The pages, one after another (each is a page-cache miss or hit of its own). */
async function texts(paths: readonly string[], host = HOST): Promise<string[]> {
  const answers: string[] = [];
  for (const path of paths) {
    const res = await get(path, host);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    answers.push(res.text);
  }
  return answers;
}

/** Every page shows the old title, kept by the page cache; then the content API changes it. */
/** Each page asked for twice, so that the page cache keeps it (it keeps a page on its second request), then the edit. */
async function warmThenEdit(): Promise<void> {
  await texts(PAGES_SHOWING_A5);
  for (const text of await texts(PAGES_SHOWING_A5)) expect(text).toContain(OLD_TITLE);
  expect(t.upstream.editArticle('article-5', { title: NEW_TITLE })).toBe(true);
}

describe('POST /purge', () => {
  // Each test purges everything first: no test sees pages another one kept.
  beforeEach(async () => {
    expect((await purge({ all: true })).status).toBe(200);
    t.logs.clear();
  });

  it('after an edit and a purge of its slug, the article, its category page, the home and other answers show the edit', async () => {
    await warmThenEdit();
    // Without a purge the caches still answer with the old title, without asking upstream.
    const callsBefore = t.upstream.calls.length;
    for (const text of await texts(PAGES_SHOWING_A5)) expect(text).toContain(OLD_TITLE);
    expect(t.upstream.calls.length).toBe(callsBefore);

    const res = await purge({ site: HOST, slugs: ['article-5'] });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ purged: { scope: 'slugs', host: HOST, slugs: ['article-5'] }, setting: 'sub-a', dropped: { dataEntries: expect.any(Number), pages: 4 } });
    expect(res.body.dropped.dataEntries).toBeGreaterThan(0);

    for (const text of await texts(PAGES_SHOWING_A5)) {
      expect(text).toContain(NEW_TITLE);
      expect(text).not.toContain(OLD_TITLE);
    }
    expect(t.logs.events('cache.purged')).toEqual([
      expect.objectContaining({ level: 30, scope: 'slugs', site: HOST, slugs: ['article-5'], slugCount: 1, dataEntries: res.body.dropped.dataEntries, pages: 4 }),
    ]);
  });

  it('a purge of a site drops its pages and data only: another site keeps its kept pages', async () => {
    await texts(['/article-13', '/article-13'], 'example.com');
    await warmThenEdit();
    const res = await purge({ site: 'SUB.example.com.' });
    expect(res.status).toBe(200);
    expect(res.body.purged).toEqual({ scope: 'site', host: HOST });
    for (const text of await texts(PAGES_SHOWING_A5)) expect(text).toContain(NEW_TITLE);
    expect((await get('/article-13', 'example.com')).headers['x-page-cache']).toBe('hit');
    expect(t.logs.events('cache.purged')).toEqual([expect.objectContaining({ scope: 'site', site: HOST })]);
  });

  /** A page of example.com built afresh from the data cache (personal: the page cache neither answers nor keeps it): the calls it made. */
  async function callsOfAnotherSitesView(): Promise<string[]> {
    const before = t.upstream.calls.length;
    const res = await get('/article-13?testDisplayAd=on', 'example.com');
    expect(res.status).toBe(200);
    return t.upstream.calls.slice(before).map((call) => call.path);
  }

  it.each(['nobody-xyz.example', 'qq.zz', 'EVIL.COM.:80'])('a purge for %s, a host no site answers, drops nothing and says so', async (host) => {
    await texts(['/article-13'], 'example.com');
    // The host was asked for: its lookups (no record) and the global setting are kept.
    expect((await get('/', host)).status).toBe(200);
    expect(await callsOfAnotherSitesView()).toEqual([]);
    const res = await purge({ site: host });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ purged: { scope: 'site', host: host.toLowerCase().replace(/\.?:80$/, '') }, setting: null, note: expect.stringContaining('no site answers this host'), dropped: { dataEntries: 0, pages: 0 } });
    expect(await callsOfAnotherSitesView()).toEqual([]);
    expect(t.logs.events('cache.purged')).toEqual([expect.objectContaining({ setting: null, dataEntries: 0, pages: 0 })]);
  });

  it('a site purge keeps the data other sites share; a purge that names it drops it too', async () => {
    await texts(['/article-13'], 'example.com');
    await warmThenEdit();
    const own = await purge({ site: HOST });
    expect(own.body).toMatchObject({ setting: 'sub-a', dropped: { dataEntries: expect.any(Number), pages: 4 } });
    expect(own.body.dropped.dataEntries).toBeGreaterThan(0);
    for (const text of await texts(PAGES_SHOWING_A5)) expect(text).toContain(NEW_TITLE);
    // The categories every site shares and the global setting stayed: another site asks nothing.
    expect(await callsOfAnotherSitesView()).toEqual([]);
    const named = await purge({ site: HOST, shared: ['categories', 'global'] });
    expect(named.status).toBe(200);
    expect(named.body.purged).toEqual({ scope: 'site', host: HOST, shared: ['categories', 'global'] });
    expect(new Set(await callsOfAnotherSitesView())).toEqual(new Set(['/api/category/get', '/api/setting/get']));
  });

  it('a purge of everything drops every page and answer', async () => {
    await warmThenEdit();
    const res = await purge({ all: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ purged: { scope: 'all' }, dropped: { dataEntries: expect.any(Number), pages: 4 } });
    for (const text of await texts(PAGES_SHOWING_A5)) expect(text).toContain(NEW_TITLE);
  });

  it.each([
    ['no Authorization header', (req: request.Test) => req],
    ['a wrong token', (req: request.Test) => req.set('authorization', `Bearer ${TOKEN.replace(/.$/, 'X')}`)],
    ['a token one character short', (req: request.Test) => req.set('authorization', `Bearer ${TOKEN.slice(0, -1)}`)],
    ['another scheme', (req: request.Test) => req.set('authorization', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`)],
  ])('%s: 401, and nothing changes', async (_case, authorize) => {
    await warmThenEdit();
    const res = await authorize(request(t.internal).post('/purge')).send({ site: HOST, slugs: ['article-5'] });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    const callsBefore = t.upstream.calls.length;
    for (const text of await texts(PAGES_SHOWING_A5)) expect(text).toContain(OLD_TITLE);
    expect(t.upstream.calls.length).toBe(callsBefore);
    expect(t.logs.events('cache.purged')).toEqual([]);
    // At most one line a minute (purge-refusals.test.ts): the first of this file's refusals.
    expect(t.logs.events('purge.refused').length).toBeLessThanOrEqual(1);
    for (const line of t.logs.events('purge.refused')) expect(line).toMatchObject({ level: 40, status: 401, client: expect.any(String), count: 1 });
    expect(t.logs.raw.join('\n')).not.toContain(TOKEN.slice(0, 20));
  });

  it.each([
    ['not JSON', 'site=sub.example.com'],
    ['an empty object', {}],
    ['all: false', { all: false }],
    ['all with a site', { all: true, site: HOST }],
    ['no site', { slugs: ['article-5'] }],
    ['a site that is no host', { site: 'sub example.com/path' }],
    ['an empty slug list', { site: HOST, slugs: [] }],
    ['a slug that is no slug', { site: HOST, slugs: ['../etc'] }],
    ['an unknown field', { site: HOST, paths: ['/'] }],
    ['shared data of no known name', { site: HOST, shared: ['everything'] }],
    ['shared data without a site', { all: true, shared: ['global'] }],
  ])('a malformed body (%s): 400, and nothing changes', async (_case, body) => {
    await warmThenEdit();
    const res = await purge(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    for (const text of await texts(PAGES_SHOWING_A5)) expect(text).toContain(OLD_TITLE);
    expect(t.logs.events('cache.purged')).toEqual([]);
  });

  it('only POST: another method gets 405', async () => {
    const res = await request(t.internal).get('/purge').set('authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('the public port never answers it', async () => {
    await warmThenEdit();
    const res = await request(t.app).post('/purge').set('Host', HOST).set('authorization', `Bearer ${TOKEN}`).send({ all: true });
    expect(res.status).not.toBe(200);
    for (const text of await texts(PAGES_SHOWING_A5)) expect(text).toContain(OLD_TITLE);
  });

  it('a render that began before the purge does not keep its page: the next request shows the edit', async () => {
    const answerNormally = createContentApiHandler(testDataset);
    let releaseFindNew: (() => void) | undefined;
    const findNewHeld = new Promise<void>((arrived) => {
      t.upstream.override('/api/article/findnew', (req: IncomingMessage, res: ServerResponse) => {
        releaseFindNew = () => answerNormally(req, res);
        arrived();
      });
    });
    // The article (old title) is loaded; the whole page waits for its new articles.
    const early = get('/article-5').then((res) => res);
    await findNewHeld;
    expect(t.upstream.editArticle('article-5', { title: NEW_TITLE })).toBe(true);
    expect((await purge({ site: HOST, slugs: ['article-5'] })).status).toBe(200);
    // The purge gave up the held call (its answer could predate the edit): the page asks again.
    t.upstream.clearOverrides();
    releaseFindNew?.();
    expect((await early).text).toContain(OLD_TITLE);

    const next = await get('/article-5');
    expect(next.headers['x-page-cache']).toBe('miss');
    expect(next.text).toContain(NEW_TITLE);
  });
});

describe('purge keys', () => {
  it('a shared page names its site and each article it shows, on a miss and on a hit', async () => {
    await purge({ all: true });
    const miss = await get('/');
    const hit = await get('/');
    expect(hit.headers['x-page-cache']).toBe('hit');
    for (const res of [miss, hit]) {
      const keys = String(res.headers['surrogate-key']).split(' ');
      expect(keys[0]).toBe('site-example');
      // The home's final_articles (a3, a1, a2, a4 ... a10).
      expect(keys).toEqual(expect.arrayContaining(['article-a3', 'article-a1', 'article-a5', 'article-a10']));
      expect(res.headers['cache-tag']).toBe(keys.join(','));
    }
  });

  it('an answer names its article and its new articles', async () => {
    // A person's miss is streamed: its headers leave before the new articles are known. The
    // kept page (a hit) names them all.
    await get('/article-1');
    const keys = String((await get('/article-1')).headers['surrogate-key']).split(' ');
    expect(keys).toEqual(expect.arrayContaining(['site-example', 'article-a1', 'article-a5', 'article-a12']));
  });

  it('documents that a CDN may keep name their site too', async () => {
    const feed = await get('/feed.xml');
    expect(feed.status).toBe(200);
    expect(String(feed.headers['surrogate-key']).split(' ')[0]).toBe('site-example');
  });

  it('a personal page (search) and an error page carry none', async () => {
    expect((await get('/?s=question')).headers['surrogate-key']).toBeUndefined();
    const missing = await get('/no-such-answer');
    expect(missing.status).toBe(404);
    expect(missing.headers['surrogate-key']).toBeUndefined();
    expect(missing.headers['cache-tag']).toBeUndefined();
  });
});

describe('without PURGE_TOKEN', () => {
  it('the metrics port has no /purge route: 404, whatever the token', async () => {
    const plain = await startTestApp();
    try {
      const res = await request(plain.internal).post('/purge').set('authorization', `Bearer ${TOKEN}`).send({ all: true });
      expect(res.status).toBe(404);
      expect((await request(plain.internal).get('/healthz')).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
