/**
 * Refused purges (issue 46): an oversized body with a valid token gets its 400 (read and dropped,
 * not reset), and refused tokens are logged at most once a minute, with the client's address
 * and a count. The route on a real socket, a stub purger and an injected clock. A body slow to
 * arrive gets a 408 within METRICS_PORT_BODY_TIMEOUT_MS and its socket is freed (the metrics port
 * of the test app, on a raw socket).
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { createLogger } from '../../src/server/observability/logger';
import { purgeRoute } from '../../src/server/purge/purge-route';
import { captureLogs } from '../support/logs';
import { loopbackSockets, untilClosed } from '../support/loopback-sockets';
import { useTestApp } from '../support/test-app';

const TOKEN = 'purge-token-for-tests-0123456789abcdef';
let clock = 1_000_000;
const logs = captureLogs();
let purges = 0;
const route = purgeRoute({
  token: TOKEN,
  bodyTimeoutMs: 60_000,
  purge: () => {
    purges++;
    return { dataEntries: 0, pages: 0 };
  },
  logger: createLogger('info', logs),
  metrics: { countPurge: () => undefined },
  now: () => clock,
});

let server: Server;
beforeAll(async () => {
  server = createServer(route).listen(0, '127.0.0.1');
  await once(server, 'listening');
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => logs.clear());

/** A purge with a body of `size` bytes, written whole; the answer as text, and whether the connection was reset. */
async function purgeWithBody(size: number): Promise<{ text: string; reset: boolean }> {
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  let text = '';
  let reset = false;
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.on('error', (error: NodeJS.ErrnoException) => (reset ||= error.code === 'ECONNRESET' || error.code === 'EPIPE'));
  const body = `{"site":"sub.example.com","slugs":["${'a'.repeat(size - 40)}"]}`;
  socket.write(`POST /purge HTTP/1.1\r\nHost: internal\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
  socket.end(body);
  await once(socket, 'close');
  return { text, reset };
}

describe('an oversized purge body', () => {
  it.each([100 * 1024, 900 * 1024])('of %d bytes with a valid token gets 400, not a reset, and purges nothing', async (size) => {
    const { text, reset } = await purgeWithBody(size);
    expect(reset).toBe(false);
    expect(text).toMatch(/^HTTP\/1\.1 400 [\s\S]*"error":"the body is over 65536 bytes"/);
    expect(purges).toBe(0);
    expect(logs.events('purge.refused')).toEqual([expect.objectContaining({ status: 400 })]);
  });
});

describe('refused tokens', () => {
  it('are logged at most once a minute, with the client address and how many there were', async () => {
    const wrong = () => request(server).post('/purge').set('authorization', 'Bearer wrong').send({ all: true });
    for (let n = 0; n < 5; n++) expect((await wrong()).status).toBe(401);
    clock += 59_999;
    expect((await wrong()).status).toBe(401);
    expect(logs.events('purge.refused')).toEqual([expect.objectContaining({ level: 40, status: 401, client: expect.stringContaining('127.0.0.1'), count: 1 })]);
    clock += 1;
    expect((await wrong()).status).toBe(401);
    expect(logs.events('purge.refused')).toEqual([expect.objectContaining({ count: 1 }), expect.objectContaining({ status: 401, count: 6 })]);
    expect(purges).toBe(0);
  });
});

describe('a purge body that is slow to arrive (METRICS_PORT_BODY_TIMEOUT_MS=100)', () => {
  const t = useTestApp({ env: { METRICS_PORT: '0', PURGE_TOKEN: TOKEN, METRICS_PORT_BODY_TIMEOUT_MS: '100' } });
  const { listening, open } = loopbackSockets();
  const head = (authorization: string) => `POST /purge HTTP/1.1\r\nHost: internal\r\n${authorization}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n`;

  it.each([
    ['trickles', '{"all":'],
    ['never comes', ''],
  ])('that %s gets the 408 and its socket is closed, with one refusal line and one access line', async (_case, part) => {
    const socket = await open(await listening(createServer(t.internal)));
    const closed = untilClosed(socket);
    socket.write(head(`Authorization: Bearer ${TOKEN}\r\n`) + part);
    const { text, reset } = await closed;
    expect(reset).toBe(false);
    expect(text).toMatch(/^HTTP\/1\.1 408 [\s\S]*connection: close[\s\S]*\{"error":"the body did not arrive within 100 ms"\}$/i);
    expect(t.logs.events('purge.refused')).toEqual([expect.objectContaining({ level: 40, status: 408, reason: 'the body did not arrive within 100 ms' })]);
    expect(t.logs.lines.filter((line) => line.msg === 'request completed')).toEqual([expect.objectContaining({ port: 'metrics', path: '/purge', status: 408 })]);
  });

  it('a body still to come after a refusal (401) does not hold the socket', async () => {
    const socket = await open(await listening(createServer(t.internal)));
    const closed = untilClosed(socket);
    socket.write(head(''));
    const { text } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 401 [\s\S]*connection: close/i);
  });
});
