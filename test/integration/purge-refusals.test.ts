/**
 * Refused purges (issue 46): an oversized body with a valid token gets its 400 (read and dropped,
 * not reset), and refused tokens are logged at most once a minute, with the client's address
 * and a count. The route on a real socket, a stub purger and an injected clock.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { createLogger } from '../../src/server/observability/logger';
import { purgeRoute } from '../../src/server/purge/purge-route';
import { captureLogs } from '../support/logs';

const TOKEN = 'purge-token-for-tests-0123456789abcdef';
let clock = 1_000_000;
const logs = captureLogs();
let purges = 0;
const route = purgeRoute({
  token: TOKEN,
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
