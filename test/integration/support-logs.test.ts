/** What support reads (docs/support.md): one request's lines, found by its id; short, secret-free. */
import request from 'supertest';
import { failWith, type Override } from '../support/fake-upstream';
import type { LogLine } from '../support/logs';
import { GENEROUS_TIMEOUT_MS, HANG_TIMEOUT_MS, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
/** Trusts loopback (the test client's address), as an app behind a load balancer would. */
let behindProxy: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  behindProxy = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await t.close();
  await behindProxy.close();
});
beforeEach(() => {
  for (const app of [t, behindProxy]) {
    app.upstream.clearOverrides();
    app.logs.clear();
  }
});

const linesOf = (app: TestApp, reqId: string) => app.logs.lines.filter((line) => line.reqId === reqId);
const rawLinesOf = (app: TestApp, reqId: string) => app.logs.raw.filter((line) => line.includes(`"reqId":"${reqId}"`));

describe('logs for support', () => {
  it('a failed lookup: every line of the request has its id, host and site key; the cause is on the event lines', async () => {
    behindProxy.upstream.override('/api/*', failWith.status(502));
    const res = await request(behindProxy.app).get('/article-1?s=private+words').set('Host', 'sub.example.com').set('X-Request-Id', 'lb-7f3a9c2e4b1d');
    expect(res.status).toBe(503);
    expect(res.headers['x-request-id']).toBe('lb-7f3a9c2e4b1d');
    const lines = linesOf(behindProxy, 'lb-7f3a9c2e4b1d');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) expect(line).toMatchObject({ siteKey: 'example', host: 'sub.example.com' });
    const lookups = lines.filter((line) => line.event === 'site.lookup_failed');
    // Upstream URLs keep their parameter names, never their values.
    expect(lookups.map((line) => String(line.url).replace(/^http:\/\/127\.0\.0\.1:\d+/, '')).sort()).toEqual(['/api/domain/get?url', '/api/setting/get', '/api/subdomains/get?url']);
    for (const line of lookups) expect(line).toMatchObject({ level: 40, kind: 'status', status: 502 });
    const requestLine = lines.find((line) => line.msg === 'request completed');
    expect(requestLine).toMatchObject({ level: 50, status: 503, method: 'GET', path: '/article-1' });
    // No made-up error with a stack on the request line: the cause is above.
    expect(requestLine?.err).toBeUndefined();
  });

  it('takes X-Request-Id only from a trusted proxy; any other client gets a fresh id', async () => {
    const res = await request(t.app).get('/').set('Host', 'sub.example.com').set('X-Request-Id', 'someone-elses-id-1');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.logs.lines.filter((line) => line.reqId === 'someone-elses-id-1')).toEqual([]);
    expect(linesOf(t, String(res.headers['x-request-id'])).length).toBeGreaterThan(0);
  });

  it('cookies and authorization never reach the logs', async () => {
    await request(behindProxy.app).get('/').set('Host', 'sub.example.com').set('Cookie', 'session=cookie-secret').set('Authorization', 'Bearer auth-secret').set('X-Request-Id', 'lb-secret-check-1');
    const text = behindProxy.logs.raw.join('\n');
    expect(text).not.toContain('cookie-secret');
    expect(text).not.toContain('auth-secret');
    expect(linesOf(behindProxy, 'lb-secret-check-1').length).toBeGreaterThan(0);
  });

  const hang: Override = failWith.hang();
  it.each<[string, Override]>([
    ['refused (connection reset)', failWith.reset()],
    ['timed out', hang],
    ['HTTP 502', failWith.status(502, JSON.stringify({ error: 'x'.repeat(5000) }))],
    ['invalid JSON', failWith.invalidJson(`<html>${'x'.repeat(5000)}</html>`)],
  ])('an expected upstream failure (%s): one short line per failed call, no stack, at most 2 KB for the whole request', async (_name, failure) => {
    // Everything hangs in the timed-out case: a short timeout ends it; the other failures keep their own kind.
    behindProxy.setUpstreamTimeout(failure === hang ? HANG_TIMEOUT_MS : GENEROUS_TIMEOUT_MS);
    behindProxy.upstream.override('/api/*', failure);
    const reqId = `lb-failure-${_name.replace(/\W+/g, '-')}`;
    await request(behindProxy.app).get('/article-1').set('Host', 'sub.example.com').set('X-Request-Id', reqId);
    const raw = rawLinesOf(behindProxy, reqId);
    const bytes = raw.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    expect(bytes).toBeLessThanOrEqual(2048);
    const failures: LogLine[] = linesOf(behindProxy, reqId).filter((line) => line.event !== undefined);
    expect(failures.length).toBeGreaterThan(0);
    for (const line of failures) {
      expect(JSON.stringify(line)).not.toMatch(/"stack"|\n\s+at /);
      if (line.err !== undefined) expect(line.err).toEqual({ type: 'UpstreamError', code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
    }
  });
});
