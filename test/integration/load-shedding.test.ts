/**
 * The bound on requests in progress over HTTP (issue 15.3): with MAX_IN_FLIGHT_REQUESTS=2 and two
 * pages held by a hanging content API, a third is answered 503 at once, /healthz still answers,
 * and once the hangs end the bound admits requests again.
 */
import type { ServerResponse } from 'node:http';
import { EventEmitter, once } from 'node:events';
import request from 'supertest';
import { parseHtml } from '../support/html';
import { useTestApp } from '../support/test-app';

describe('MAX_IN_FLIGHT_REQUESTS=2 with the content API hanging', () => {
  const t = useTestApp({ env: { MAX_IN_FLIGHT_REQUESTS: '2' } });

  it('sheds a third page at once, keeps /healthz, and serves again once the hangs end', async () => {
    const held: { url: string; res: ServerResponse }[] = [];
    const arrivals = new EventEmitter();
    t.upstream.override('/api/*', (req, res) => {
      held.push({ url: req.url ?? '', res });
      arrivals.emit('call');
    });
    const hostsHeld = () => ['hang-a.example.org', 'hang-b.example.org'].every((host) => held.some((call) => call.url.includes(host)));
    const hanging = ['hang-a.example.org', 'hang-b.example.org'].map((host) => request(t.app).get('/').set('Host', host).then((res) => res));
    // Each page is in progress once its site lookup reached the upstream.
    while (!hostsHeld()) await once(arrivals, 'call');

    const shed = await request(t.app).get('/').set('Host', 'sub.example.com');
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.headers['cache-control']).toBe('private, no-store');
    expect(shed.text).toBe('Busy, try again shortly');
    // Shed before host resolution: the shed page made no upstream call of its own.
    expect(held.some((call) => call.url.includes('sub.example.com'))).toBe(false);
    const health = await request(t.app).get('/healthz');
    expect(health.status).toBe(200);

    t.upstream.clearOverrides();
    for (const call of held) call.res.destroy();
    // Their lookups failed: each ends as a degraded page of the global setting.
    await Promise.all(hanging);

    const served = await request(t.app).get('/').set('Host', 'sub.example.com');
    expect(served.status).toBe(200);
    expect(parseHtml(served.text).title).toBe('Sub A');
  });
});
