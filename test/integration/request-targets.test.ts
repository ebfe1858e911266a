/**
 * Request targets (issue 46): an absolute-form target's host is the request's (RFC 9112,
 * section 3.2.2), an over-long target gets 414, and a `page` parameter that names no page is
 * never a page of its own (404 on a paginated route, a redirect to the address without it
 * elsewhere), so it never reaches the page cache.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { MAX_TARGET_LENGTH } from '../../src/server/front-door/request-target';
import { useTestApp } from '../support/test-app';

const pageCache = createPageCache({ freshMs: 3_600_000, staleMs: 3_600_000, maxBytes: 10 * 1024 * 1024, now: () => 1_000_000 });
const t = useTestApp({ pageCache });
const get = (path: string, host = 'sub.example.com') => request(t.app).get(path).set('Host', host);

let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => t.app(req, res)).listen(0, '127.0.0.1');
  await once(server, 'listening');
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** One raw request on its own connection; the whole answer as text. */
async function raw(requestText: string): Promise<string> {
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.write(requestText);
  await once(socket, 'close');
  return text;
}

describe('an absolute-form target', () => {
  it("is answered for the target's host, not the Host header's", async () => {
    const answer = await raw('GET http://inherit.example.com/ HTTP/1.1\r\nHost: sub.example.com\r\nConnection: close\r\n\r\n');
    const viaInherit = await get('/', 'inherit.example.com');
    const viaSub = await get('/', 'sub.example.com');
    expect(viaInherit.text).not.toBe(viaSub.text);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toContain('<link rel="canonical" href="https://inherit.example.com/"');
  });
});

describe('an over-long target', () => {
  it('gets 414, without a page or an upstream call', async () => {
    const callsBefore = t.upstream.calls.length;
    const res = await get(`/${'a'.repeat(MAX_TARGET_LENGTH)}`);
    expect(res.status).toBe(414);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(t.upstream.calls.length).toBe(callsBefore);
    expect(t.logs.lines).toEqual([expect.objectContaining({ msg: 'request completed', status: 414 })]);
    expect((await get(`/${'a'.repeat(MAX_TARGET_LENGTH - 200)}`)).status).toBe(404);
  });
});

describe('a page parameter', () => {
  it.each(['zzz1', '-1', '1e99', '0', '02', ''])('?page=%s on a category is a 404, never kept', async (value) => {
    const res = await get(`/category/beta?page=${value}`);
    expect(res.status).toBe(404);
    expect((await get(`/category/beta?page=${value}`)).headers['x-page-cache']).not.toBe('hit');
  });

  it.each([
    ['/?page=zzz1', '/'],
    ['/?page=2&utm_source=mail', '/?utm_source=mail'],
    ['/article-1?page=-1', '/article-1'],
    ['//evil.example/?page=1', '/evil.example/'],
  ])('%s on a route without pages is redirected to %s, never kept', async (target, location) => {
    for (let n = 0; n < 2; n++) {
      const res = await get(target);
      expect([res.status, res.headers.location]).toEqual([301, location]);
    }
  });
});
