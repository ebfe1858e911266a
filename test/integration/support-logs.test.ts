/** What support reads (README, Logs for support): one request's lines, found by its id. */
import request from 'supertest';
import { failWith } from '../support/fake-upstream';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ timeoutMs: 300 });
});
afterAll(() => t.close());
beforeEach(() => {
  t.upstream.clearOverrides();
  t.logs.clear();
});

const linesOf = (reqId: string) => t.logs.lines.filter((line) => line.reqId === reqId);

describe('logs for support', () => {
  it('a failed lookup: every line of the request has its id and site key; the cause is on the event lines', async () => {
    t.upstream.override('/api/*', failWith.status(502));
    const res = await request(t.app).get('/article-1').set('Host', 'sub.example.com').set('X-Request-Id', 'lb-7f3a9c2e4b1d');
    expect(res.status).toBe(503);
    expect(res.headers['x-request-id']).toBe('lb-7f3a9c2e4b1d');
    const lines = linesOf('lb-7f3a9c2e4b1d');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) expect(line).toMatchObject({ siteKey: 'example', host: 'sub.example.com' });
    const lookups = lines.filter((line) => line.event === 'site.lookup_failed');
    expect(lookups.map((line) => String(line.url).replace(/^http:\/\/127\.0\.0\.1:\d+/, '')).sort()).toEqual(['/api/domain/get?url=sub.example.com', '/api/setting/get', '/api/subdomains/get?url=sub.example.com']);
    for (const line of lookups) expect(line).toMatchObject({ level: 40, kind: 'status', status: 502 });
    const requestLine = lines.find((line) => line.msg === 'request completed');
    expect(requestLine).toMatchObject({ level: 50, status: 503, method: 'GET', path: '/article-1' });
    // No made-up error with a stack on the request line: the cause is above.
    expect(requestLine?.err).toBeUndefined();
  });

  it('cookies and authorization never reach the logs', async () => {
    await request(t.app).get('/').set('Host', 'sub.example.com').set('Cookie', 'session=cookie-secret').set('Authorization', 'Bearer auth-secret').set('X-Request-Id', 'lb-secret-check-1');
    const text = JSON.stringify(t.logs.lines);
    expect(text).not.toContain('cookie-secret');
    expect(text).not.toContain('auth-secret');
    expect(linesOf('lb-secret-check-1').length).toBeGreaterThan(0);
  });
});
