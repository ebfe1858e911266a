/** Two `Host` headers name no site: a 400, no upstream call, on the Express path and the page-cache path. */
import { connect, type AddressInfo } from 'node:net';
import http from 'node:http';
import request from 'supertest';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { useTestApp } from '../support/test-app';

const t = useTestApp({ pageCache: createPageCache({ freshMs: 60_000, staleMs: 60_000, maxBytes: 1024 * 1024 }) });

/** Sends the request bytes as they are (no client would send two Host headers) and returns the status line. */
function rawStatusLine(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(t.app).listen(0, '127.0.0.1', () => {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => socket.write(head));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => server.close(() => resolve(received.split('\r\n')[0] ?? '')));
    });
  });
}

describe('duplicate Host headers', () => {
  it('get a 400 without any upstream call', async () => {
    const status = await rawStatusLine('GET / HTTP/1.1\r\nHost: sub.example.com\r\nHost: other.example.com\r\nConnection: close\r\n\r\n');
    expect(status).toBe('HTTP/1.1 400 Bad Request');
    expect(t.upstream.calls).toHaveLength(0);
  });

  it('get a 400 even when the first host has a page in the page cache', async () => {
    expect((await request(t.app).get('/article-1').set('Host', 'sub.example.com')).status).toBe(200);
    expect((await request(t.app).get('/article-1').set('Host', 'sub.example.com')).status).toBe(200);
    // The second miss stores its page before its last byte is sent: the next request is a hit.
    expect((await request(t.app).get('/article-1').set('Host', 'sub.example.com')).headers['x-page-cache']).toBe('hit');
    const status = await rawStatusLine('GET /article-1 HTTP/1.1\r\nHost: sub.example.com\r\nhost: sub.example.com\r\nConnection: close\r\n\r\n');
    expect(status).toBe('HTTP/1.1 400 Bad Request');
  });

  it('one Host header is served as usual', async () => {
    expect(await rawStatusLine('GET / HTTP/1.1\r\nHost: sub.example.com\r\nConnection: close\r\n\r\n')).toBe('HTTP/1.1 200 OK');
  });
});
