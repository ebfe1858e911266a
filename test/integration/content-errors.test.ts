/** Error pages: 404 and 503 in the site's shell with a way home; 500 logged once, no stack. */
import request from 'supertest';
import type { Article } from '../../src/shared/records';
import { failWith } from '../support/fake-upstream';
import { appStateOf, parseHtml } from '../support/html';
import { startTestApp, useTestApp, type TestApp } from '../support/test-app';

const t = useTestApp();

const get = (path: string, host = 'sub.example.com') => request(t.app).get(path).set('Host', host);
const STACK = /at \w+ \(|at <anonymous>|node_modules|\.tsx?:\d+|Error:/;

describe('404', () => {
  it.each([
    ['an unknown article', '/no-such-answer', /no answer at this address/],
    ['an impossible slug', '/bad%20slug!', /no page at this address/],
    ['an unknown category', '/category/nothing', /no category at this address/],
    ['an unknown path', '/a/b/c', /no page at this address/],
    ['a page past the last', '/category/alpha?page=9', /not that many pages/],
  ])('%s: in the shell and look of the site, noindex, with a way home', async (_name, path, message) => {
    const res = await get(path, 'dark.test');
    expect(res.status).toBe(404);
    const doc = parseHtml(res.text);
    expect(doc.getElementById('site-header')).not.toBeNull();
    expect(doc.getElementById('site-footer')).not.toBeNull();
    expect(doc.documentElement.className).toBe('dark');
    expect(doc.querySelector('h1')?.textContent).toBe('Page not found');
    expect(doc.querySelector('main')?.textContent).toMatch(message);
    expect(doc.querySelector('main a[href="/"]')?.textContent).toBe('Go to the home page');
    expect(doc.title).toBe('Page not found');
    expect(doc.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    expect(appStateOf(doc).adSlots).toEqual([]);
  });
});

describe('503', () => {
  it.each([
    ['the article lookup fails', '/article-1', '/api/article/get'],
    ['the category lookup fails', '/category/alpha', '/api/category/get'],
  ])('%s: in the shell with Retry-After and a way home', async (_name, path, failing) => {
    // The menu also uses /api/category/get: let only the slug lookup fail.
    t.upstream.override(failing, (req, res) => {
      if (failing === '/api/category/get' && !req.url?.includes('slug=')) return failWith.json({ data: [] })(req, res);
      failWith.status(502)(req, res);
    });
    const res = await get(path);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    const doc = parseHtml(res.text);
    expect(doc.getElementById('site-header')).not.toBeNull();
    expect(doc.querySelector('h1')?.textContent).toBe('Temporarily unavailable');
    expect(doc.querySelector('main a[href="/"]')).not.toBeNull();
    expect(res.text).not.toMatch(STACK);
    expect(t.logs.events('upstream.fetch_failed')[0]).toMatchObject({ level: 50, status: 502 });
  });

  it('no site at all: a page without the shell (there is no site to dress it), still with a way home', async () => {
    t.upstream.override('/api/*', failWith.reset());
    const res = await get('/');
    expect(res.status).toBe(503);
    const doc = parseHtml(res.text);
    expect(doc.querySelector('main a[href="/"]')).not.toBeNull();
    expect(res.text).not.toMatch(STACK);
  });
});

describe('500', () => {
  let broken: TestApp;
  // A client bug, not an upstream failure: an answer of the wrong type that the page then trips on.
  const PLANTED = 'is not a function';
  beforeAll(async () => {
    broken = await startTestApp({ wrapApi: (api) => ({ ...api, homeArticles: async () => ({}) as unknown as readonly Article[] }) });
  });
  afterAll(() => broken.close());

  it('the unexpected is a 500 page, logged once with the request id, never a stack trace', async () => {
    const res = await request(broken.app).get('/').set('Host', 'sub.example.com');
    expect(res.status).toBe(500);
    expect(res.text).not.toMatch(STACK);
    expect(res.text).not.toContain(PLANTED);
    const doc = parseHtml(res.text);
    expect(doc.querySelector('h1')?.textContent).toBe('Something went wrong');
    expect(doc.querySelector('main a[href="/"]')).not.toBeNull();
    const mentions = broken.logs.lines.filter((line) => JSON.stringify(line).includes(PLANTED));
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatchObject({ level: 50, event: 'request.failed', reqId: res.headers['x-request-id'] });
  });

  it('a bug inside an upstream call is a 500 too, not an empty list', async () => {
    const buggy = await startTestApp({
      wrapApi: (api) => ({
        ...api,
        categoriesByIds: async () => {
          throw new TypeError('planted bug in a helper call');
        },
      }),
    });
    try {
      const res = await request(buggy.app).get('/').set('Host', 'sub.example.com');
      expect(res.status).toBe(500);
      expect(buggy.logs.events('upstream.fetch_failed')).toHaveLength(0);
      expect(buggy.logs.events('request.failed')[0]).toMatchObject({ level: 50 });
    } finally {
      await buggy.close();
    }
  });
});
