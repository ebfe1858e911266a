/**
 * The bound on requests in progress and on requests waiting for a slot, over HTTP (issue 15.3):
 * with MAX_IN_FLIGHT_REQUESTS=2 and two pages held by a hanging content API, a third page waits
 * its turn (MAX_QUEUED_REQUESTS) and is served once a slot frees; past the queue, or past
 * MAX_QUEUE_WAIT_MS, a request is answered 503 at once; the probes never wait.
 */
import type { ServerResponse } from 'node:http';
import { EventEmitter, once } from 'node:events';
import request from 'supertest';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { parseHtml } from '../support/html';
import { useTestApp, type TestApp } from '../support/test-app';
import { CRAWLER } from '../support/user-agents';

const HELD_HOSTS = ['hang-a.example.org', 'hang-b.example.org'];

/** Holds every content API call; resolves once both held hosts' pages have reached the upstream. */
async function holdTwoPages(t: TestApp) {
  const held: { url: string; res: ServerResponse }[] = [];
  const arrivals = new EventEmitter();
  t.upstream.override('/api/*', (req, res) => {
    held.push({ url: req.url ?? '', res });
    arrivals.emit('call');
  });
  const hanging = HELD_HOSTS.map((host) => request(t.app).get('/').set('Host', host).then((res) => res));
  const hostsHeld = () => HELD_HOSTS.every((host) => held.some((call) => call.url.includes(host)));
  while (!hostsHeld()) await once(arrivals, 'call');
  return {
    held,
    /** Ends the hang: the held lookups fail and their pages end as degraded pages. */
    async release() {
      t.upstream.clearOverrides();
      for (const call of held) call.res.destroy();
      await Promise.all(hanging);
    },
  };
}

function expectShed(res: request.Response) {
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.text).toBe('Busy, try again shortly');
}

describe('MAX_IN_FLIGHT_REQUESTS=2, no queue', () => {
  const t = useTestApp({ env: { MAX_IN_FLIGHT_REQUESTS: '2', MAX_QUEUED_REQUESTS: '0' } });

  it('sheds a third page at once, keeps /healthz, and serves again once the hangs end', async () => {
    const hold = await holdTwoPages(t);
    expectShed(await request(t.app).get('/').set('Host', 'sub.example.com'));
    // Shed before host resolution: the shed page made no upstream call of its own.
    expect(hold.held.some((call) => call.url.includes('sub.example.com'))).toBe(false);
    expect((await request(t.app).get('/healthz')).status).toBe(200);
    expect(t.logs.events('load.shed')).toEqual([expect.objectContaining({ level: 40, shed: 1, maxInFlight: 2, maxQueued: 0 })]);

    await hold.release();
    const served = await request(t.app).get('/').set('Host', 'sub.example.com');
    expect(served.status).toBe(200);
    expect(parseHtml(served.text).title).toBe('Sub A');
  });
});

describe('MAX_IN_FLIGHT_REQUESTS=2 with a queue of one', () => {
  const t = useTestApp({ env: { MAX_IN_FLIGHT_REQUESTS: '2', MAX_QUEUED_REQUESTS: '1', MAX_QUEUE_WAIT_MS: '60000' } });

  it('keeps a third page waiting until a slot frees, and sheds a fourth at once', async () => {
    const hold = await holdTwoPages(t);
    let waitingAnswered = false;
    const waiting = request(t.app)
      .get('/')
      .set('Host', 'sub.example.com')
      .then((res) => {
        waitingAnswered = true;
        return res;
      });
    // The queue holds one: the fourth is answered while the third still waits.
    expectShed(await request(t.app).get('/').set('Host', 'cooking.example.com'));
    expect(waitingAnswered).toBe(false);
    // The probes wait for nothing: they are answered before admission.
    expect((await request(t.app).get('/healthz')).status).toBe(200);
    expect((await request(t.app).get('/readyz')).status).toBe(200);
    expect(waitingAnswered).toBe(false);
    expect(hold.held.some((call) => call.url.includes('sub.example.com'))).toBe(false);

    await hold.release();
    const served = await waiting;
    expect(served.status).toBe(200);
    expect(parseHtml(served.text).title).toBe('Sub A');
  });
});

describe('MAX_IN_FLIGHT_REQUESTS=2, a queue that waits 50 ms at most', () => {
  const t = useTestApp({ env: { MAX_IN_FLIGHT_REQUESTS: '2', MAX_QUEUED_REQUESTS: '10', MAX_QUEUE_WAIT_MS: '50' } });

  it('answers a request that waited its time with the 503', async () => {
    const hold = await holdTwoPages(t);
    expectShed(await request(t.app).get('/').set('Host', 'sub.example.com'));
    expect((await request(t.app).get('/healthz')).status).toBe(200);
    await hold.release();
  });
});

describe('MAX_IN_FLIGHT_REQUESTS=2, no queue, with the page cache', () => {
  let clock = 1_000_000;
  const t = useTestApp({
    env: { MAX_IN_FLIGHT_REQUESTS: '2', MAX_QUEUED_REQUESTS: '0' },
    pageCache: createPageCache({ freshMs: 10_000, staleMs: 60_000, lastGoodMs: 3_600_000, maxBytes: 1024 * 1024, now: () => clock }),
  });

  it('answers a page kept past its stale time as the last resort, degraded, rather than shed it', async () => {
    // Kept on its second request (admission).
    await request(t.app).get('/article-6').set('Host', 'sub.example.com').set('User-Agent', CRAWLER);
    const kept = await request(t.app).get('/article-6').set('Host', 'sub.example.com').set('User-Agent', CRAWLER);
    clock += 71_000;
    const hold = await holdTwoPages(t);
    t.logs.clear();
    const old = await request(t.app).get('/article-6').set('Host', 'sub.example.com');
    expect([old.status, old.headers['x-page-cache'], old.headers['cache-control'], old.headers.etag]).toEqual([200, 'last-resort', 'private, no-store', undefined]);
    expect(old.text).toBe(kept.text);
    expect(old.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.logs.lines).toEqual([expect.objectContaining({ msg: 'request completed', path: '/article-6', status: 200, fellBack: ['kept-page'] })]);
    await hold.release();
  });

  it('answers a stale kept page as it is rather than shed the request that would refresh it', async () => {
    // A crawler's miss is sent the complete page the cache keeps (on the page's second request).
    await request(t.app).get('/article-1').set('Host', 'sub.example.com').set('User-Agent', CRAWLER);
    const kept = await request(t.app).get('/article-1').set('Host', 'sub.example.com').set('User-Agent', CRAWLER);
    expect(kept.headers['x-page-cache']).toBe('miss');
    clock += 11_000;
    const hold = await holdTwoPages(t);
    const stale = await request(t.app).get('/article-1').set('Host', 'sub.example.com');
    expect(stale.status).toBe(200);
    expect(stale.headers['x-page-cache']).toBe('hit');
    expect(stale.text).toBe(kept.text);
    // A page the cache does not hold is shed.
    expectShed(await request(t.app).get('/article-2').set('Host', 'sub.example.com'));
    await hold.release();
  });

  it('while draining and busy, every kept page still answers 200 and the 503s close their connection', async () => {
    const keptFromSecond = async (path: string) => {
      await request(t.app).get(path).set('Host', 'sub.example.com').set('User-Agent', CRAWLER);
      return request(t.app).get(path).set('Host', 'sub.example.com').set('User-Agent', CRAWLER);
    };
    const stale = await keptFromSecond('/article-4');
    clock += 11_000;
    const fresh = await keptFromSecond('/article-3');
    const hold = await holdTwoPages(t);
    t.readiness.ready = false;
    try {
      for (const [path, kept] of [['/article-3', fresh], ['/article-4', stale]] as const) {
        const res = await request(t.app).get(path).set('Host', 'sub.example.com');
        expect([res.status, res.headers['x-page-cache'], res.headers.connection]).toEqual([200, 'hit', 'close']);
        expect(res.text).toBe(kept.text);
      }
      const shed = await request(t.app).get('/article-5').set('Host', 'sub.example.com');
      expectShed(shed);
      expect(shed.headers.connection).toBe('close');
    } finally {
      t.readiness.ready = true;
      await hold.release();
    }
  });
});
