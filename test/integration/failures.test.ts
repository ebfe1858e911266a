import request from 'supertest';
import { appStateOf, parseHtml } from '../support/html';
import { failWith } from '../support/fake-upstream';
import { HANG_TIMEOUT_MS, useTestApp } from '../support/test-app';

const t = useTestApp();

const get = (path: string, host = 'sub.example.com') => request(t.app).get(path).set('Host', host);
const newArticleLinks = (html: string) => [...parseHtml(html).querySelectorAll('#new-articles a')].map((a) => a.getAttribute('href'));

describe('the error catalogue', () => {
  it('findnew non-OK: error with the status, list topped up from home', async () => {
    t.upstream.override('/api/article/findnew', failWith.status(500));
    const res = await get('/article-12');
    expect(res.status).toBe(200);
    const line = t.logs.events('article.findnew.http_error')[0];
    expect(line).toMatchObject({ level: 50, status: 500 });
    expect(typeof line?.reqId).toBe('string');
    // Empty findnew -> all 9 from final_articles (a3,a1,a2,a4..a9), the current a12 is not among them.
    expect(newArticleLinks(res.text)).toEqual(['/article-3', '/article-1', '/article-2', '/article-4', '/article-5', '/article-6', '/article-7', '/article-8', '/article-9']);
  });

  it('findnew invalid JSON: error with the first 200 characters of the body', async () => {
    const body = `<html>${'x'.repeat(300)}</html>`;
    t.upstream.override('/api/article/findnew', failWith.invalidJson(body));
    expect((await get('/article-12')).status).toBe(200);
    const line = t.logs.events('article.findnew.invalid_json')[0];
    expect(line).toMatchObject({ level: 50, body: body.slice(0, 200) });
  });

  it('a failing helper call (home top-up) logs upstream.fetch_failed and is an empty list', async () => {
    t.upstream.override('/api/article/findnew', failWith.json({ data: [] }));
    t.upstream.override('/api/article/home', failWith.reset());
    const res = await get('/article-12');
    expect(res.status).toBe(200);
    expect(newArticleLinks(res.text)).toEqual([]);
    const line = t.logs.events('upstream.fetch_failed')[0];
    expect(line).toMatchObject({ level: 50 });
    expect(String(line?.url)).toContain('/api/article/home');
    expect(line?.err).toBeDefined();
  });

  it('a failing menu lookup gives an empty menu, logged with url and status', async () => {
    t.upstream.override('/api/category/get', failWith.status(503));
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(parseHtml(res.text).querySelectorAll('#category-menu a')).toHaveLength(0);
    expect(t.logs.events('upstream.fetch_failed')[0]).toMatchObject({ status: 503 });
  });

  it('a failed site lookup is a warning with host and counts as no record', async () => {
    t.upstream.override('/api/subdomains/get', failWith.status(500));
    const res = await get('/');
    // The subdomain is unknown now; sub.example.com is no domain either: the global setting.
    expect(parseHtml(res.text).title).toBe('Global Site');
    expect(t.logs.events('site.lookup_failed')[0]).toMatchObject({ level: 40, host: 'sub.example.com', status: 500 });
    const raw = t.logs.raw.find((line) => line.includes('"site.lookup_failed"')) ?? '';
    expect(raw.match(/"host":/g)).toHaveLength(1);
  });

  it('a site lookup answering invalid JSON or a wrong shape is no record', async () => {
    t.upstream.override('/api/subdomains/get', failWith.invalidJson());
    expect(parseHtml((await get('/')).text).title).toBe('Global Site');
    t.upstream.override('/api/subdomains/get', failWith.json({ data: [{ _id: 42, active: 'yes' }] }));
    expect(parseHtml((await get('/')).text).title).toBe('Global Site');
    t.upstream.override('/api/subdomains/get', failWith.json({ nothing: true }));
    expect(parseHtml((await get('/')).text).title).toBe('Global Site');
    expect(t.logs.events('site.lookup_failed').map((l) => l.err !== undefined || l.status !== undefined)).toEqual([true, true, true]);
  });

  it('a hanging upstream is cut off by the timeout', async () => {
    // Only the hung call has the short timeout: the global lookup beside it must succeed.
    t.setUpstreamTimeout(HANG_TIMEOUT_MS, ['subdomainsByHost']);
    t.upstream.override('/api/subdomains/get', failWith.hang());
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(parseHtml(res.text).title).toBe('Global Site');
    // Its own timeout ended it (the request's budget is far longer), before the answer.
    expect(t.logs.events('site.lookup_failed')).toEqual([expect.objectContaining({ kind: 'timeout', url: expect.stringContaining('/api/subdomains/get') })]);
  });
});

describe('nothing to serve', () => {
  it('an unreachable content API is a 503 with Retry-After and no stack trace', async () => {
    t.upstream.override('/api/*', failWith.reset());
    const res = await get('/');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.text).not.toMatch(/at \w+ \(|node_modules|Error:/);
    expect(parseHtml(res.text).getElementById('app-state')).not.toBeNull();
    // docs/support.md: with nothing cached, a failed site lookup ends in this 503, not in the default site.
    expect(t.logs.events('site.lookup_failed').length).toBeGreaterThan(0);
  });

  it('an article the content API cannot give is a 503 inside the shell', async () => {
    t.upstream.override('/api/article/get', failWith.status(500));
    const res = await get('/article-1');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(parseHtml(res.text).getElementById('site-header')).not.toBeNull();
    expect(appStateOf(parseHtml(res.text)).adSlots).toEqual([]);
  });
});

describe('health and logs', () => {
  it('/healthz is 200 without upstream calls; /readyz turns 503 on shutdown', async () => {
    expect((await request(t.app).get('/healthz')).status).toBe(200);
    expect((await request(t.app).get('/readyz')).status).toBe(200);
    expect(t.upstream.calls).toHaveLength(0);
    t.readiness.ready = false;
    try {
      expect((await request(t.app).get('/readyz')).status).toBe(503);
    } finally {
      t.readiness.ready = true;
    }
  });

  it('the probes answer as every answer does: no-store, a request id, security headers, the request line', async () => {
    for (const [path, body] of [['/healthz', 'ok'], ['/readyz?full=1', 'ready']] as const) {
      t.logs.clear();
      const res = await request(t.app).get(path);
      expect([res.status, res.text, res.headers['cache-control'], res.headers['content-type']]).toEqual([200, body, 'no-store', 'text/plain; charset=utf-8']);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(t.logs.lines.filter((l) => l.msg === 'request completed')).toEqual([expect.objectContaining({ reqId: res.headers['x-request-id'], method: 'GET', path: path.split('?')[0], status: 200 })]);
    }
    const head = await request(t.app).head('/healthz');
    expect([head.status, head.text]).toEqual([200, undefined]);
    // Only GET and HEAD are probes; another method is answered as any other request.
    expect((await request(t.app).post('/healthz')).status).toBe(405);
  });

  it('while draining, the probes close their connection; /readyz says 503 and logs no error', async () => {
    t.readiness.ready = false;
    try {
      const [healthz, readyz] = [await request(t.app).get('/healthz'), await request(t.app).get('/readyz')];
      expect([healthz.status, healthz.headers.connection]).toEqual([200, 'close']);
      expect([readyz.status, readyz.text, readyz.headers.connection]).toEqual([503, 'shutting down', 'close']);
      expect(t.logs.lines.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      t.readiness.ready = true;
    }
  });

  it('the request line carries reqId, host, site key, method, path, status and time', async () => {
    const res = await get('/article-1?x=1');
    const line = t.logs.lines.find((l) => l.msg === 'request completed');
    expect(line).toMatchObject({ reqId: res.headers['x-request-id'], host: 'sub.example.com', siteKey: 'example', method: 'GET', path: '/article-1', status: 200 });
    expect(typeof line?.responseTime).toBe('number');
  });

  it('a malformed x-request-id is replaced; cookies never reach the logs', async () => {
    const res = await get('/').set('x-request-id', 'bad id <with> spaces').set('Cookie', 'session=secret-value');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(t.logs.lines)).not.toContain('secret-value');
  });

  it('other methods get 405 without upstream calls', async () => {
    const res = await request(t.app).post('/').set('Host', 'sub.example.com');
    expect(res.status).toBe(405);
    expect(t.upstream.calls).toHaveLength(0);
  });
});
