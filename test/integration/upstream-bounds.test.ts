/**
 * Bounds per upstream origin over HTTP (issue 15.3): the content API never sees more concurrent
 * calls than the pool allows, calls past the wait queue fail at once, and a failing origin's
 * circuit opens (no more calls), then closes after one successful probe.
 */
import request from 'supertest';
import type { Override } from '../support/fake-upstream';
import { parseHtml } from '../support/html';
import { useTestApp } from '../support/test-app';

/** Never answers; counts the calls open at once. */
function countingHang() {
  const counts = { open: 0, max: 0 };
  const override: Override = (_req, res) => {
    counts.open += 1;
    counts.max = Math.max(counts.max, counts.open);
    res.on('close', () => (counts.open -= 1));
  };
  return { counts, override };
}

describe('a hanging content API behind a pool of 3 with 2 waiting', () => {
  // The budget leaves the hanging calls time to reach the fake on a busy machine (it shares the event loop with the app).
  const t = useTestApp({ timeoutMs: 1000, env: { UPSTREAM_CONNECTIONS: '3', UPSTREAM_QUEUE: '2' } });

  it('sees at most 3 calls at once while 20 cold hosts are asked for; every page still answers', async () => {
    const { counts, override } = countingHang();
    t.upstream.override('/api/*', override);
    const pages = await Promise.all(Array.from({ length: 20 }, (_, i) => request(t.app).get('/').set('Host', `cold-${i}.example.org`)));
    expect(pages.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 503));
    expect(counts.max).toBeGreaterThan(0);
    expect(counts.max).toBeLessThanOrEqual(3);
    // Calls past the 3 running and 2 waiting were refused: the bound was reached. A line stands
    // for a call that was made; the refusals are counted in the origin's summary.
    const kinds = new Set(t.logs.events('site.lookup_failed').map((line) => line.kind));
    expect(kinds).toEqual(new Set(['timeout']));
    t.flushOutageSummary();
    const [summary] = t.logs.events('upstream.outage_summary');
    expect(summary?.failedCalls).toBe(t.logs.events('site.lookup_failed').length);
    expect((summary?.failedWithoutCallReasons as Record<string, number> | undefined)?.overloaded).toBeGreaterThan(0);
  });
});

describe('a failing content API with a breaker after 3 failures', () => {
  const OPEN_MS = 60_000;
  const t = useTestApp({ env: { UPSTREAM_BREAKER_FAILURES: '3', UPSTREAM_BREAKER_OPEN_MS: String(OPEN_MS) } });
  beforeEach(() => {
    // Only the clock is fake: the breaker reads Date.now(); sockets and timers run as usual.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
  });
  afterEach(() => jest.useRealTimers());

  it('stops calling the origin once open, and one successful probe after the open time closes it', async () => {
    t.upstream.override('/api/*', (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{}');
    });
    const page = () => request(t.app).get('/').set('Host', 'sub.example.com');
    await page();
    await page();
    const callsWhenOpen = t.upstream.calls.length;
    expect(t.logs.events('upstream.circuit_open')).toHaveLength(1);
    const failedFast = await page();
    expect(failedFast.status).toBe(503);
    expect(t.upstream.calls.length).toBe(callsWhenOpen);
    // The lookups refused by the open circuit are no failure lines of their own: the request
    // line says what fell back, the origin's summary counts them and gives the circuit's state.
    expect(t.logs.events('site.lookup_failed').some((line) => line.kind === 'circuit_open')).toBe(false);
    expect(t.logs.lines.filter((line) => line.msg === 'request completed').at(-1)).toMatchObject({ status: 503, fellBack: ['settings'] });
    t.flushOutageSummary();
    expect(t.logs.events('upstream.outage_summary')).toEqual([expect.objectContaining({ circuit: 'open', failedWithoutCallReasons: expect.objectContaining({ circuit_open: expect.any(Number) }) })]);

    t.upstream.clearOverrides();
    expect((await page()).status).toBe(503); // still open: the upstream's recovery is not seen yet
    jest.setSystemTime(Date.now() + OPEN_MS + 1);
    // The first call is the probe; the calls made alongside it fail fast, so the page may still
    // be degraded; once the probe closed the circuit the site is back.
    await page();
    expect(t.logs.events('upstream.circuit_closed')).toHaveLength(1);
    const back = await page();
    expect(back.status).toBe(200);
    expect(parseHtml(back.text).title).toBe('Sub A');
  });
});
