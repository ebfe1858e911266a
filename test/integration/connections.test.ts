/**
 * Bounded connections (README, Behind a load balancer): slow headers, slow requests and idle
 * keep-alive sockets are closed, and sockets past the cap are refused while the metrics port's
 * probes keep answering. Small injected limits; every wait is for an event.
 */
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { pino } from 'pino';
import request from 'supertest';
import { connectionCapOf, createLimitedServer, openFilesSoftLimitOf, RESERVED_DESCRIPTORS, REQUEST_TIMEOUTS } from '../../src/server/front-door/listeners';
import { metricsPortHandler } from '../../src/server/front-door/metrics-port';
import { createPrometheusMetrics, noMetrics } from '../../src/server/observability/metrics';

const LIMITS = { headersTimeoutMs: 150, requestTimeoutMs: 300, keepAliveTimeoutMs: 150, maxConnections: 3, checkIntervalMs: 25 };

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); })));
});

async function listening(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** Everything the server sent before it closed the socket. */
function untilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(received));
  });
}

const hello = () => createLimitedServer((_req, res) => res.end('hello'), LIMITS);

describe('connection limits', () => {
  it('production values: headers within 10 s, a request within 30 s', () => {
    expect(REQUEST_TIMEOUTS.headersTimeoutMs).toBeLessThanOrEqual(10_000);
    expect(REQUEST_TIMEOUTS.requestTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(REQUEST_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(REQUEST_TIMEOUTS.headersTimeoutMs);
  });

  it('a client that never finishes its headers gets a 408 and is closed', async () => {
    const socket = await open(await listening(hello()));
    const closed = untilClosed(socket);
    socket.write('GET / HTTP/1.1\r\nHost: example.com\r\nX-Slow: ');
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('an idle keep-alive socket is closed after keepAliveTimeout', async () => {
    const socket = await open(await listening(hello()));
    const closed = untilClosed(socket);
    socket.write('GET / HTTP/1.1\r\nHost: example.com\r\n\r\n');
    // Without the timeout the socket would stay open and this test would time out.
    expect(await closed).toMatch(/^HTTP\/1\.1 200 [\s\S]*Connection: keep-alive/);
  });

  it('sockets past the cap are closed at once; the metrics port still answers the probes', async () => {
    const server = hello();
    const port = await listening(server);
    const probes = await listening(createLimitedServer(metricsPortHandler({ registry: createPrometheusMetrics({ version: 't', commit: 't' }).registry, readiness: { ready: true }, logger: pino({ enabled: false }), metrics: noMetrics }), LIMITS));
    const accepted = new Promise<void>((resolve) => {
      let count = 0;
      server.on('connection', () => {
        count += 1;
        if (count === LIMITS.maxConnections) resolve();
      });
    });
    for (let n = 0; n < LIMITS.maxConnections; n++) await open(port);
    await accepted;
    const extra = await open(port);
    const dropped = untilClosed(extra);
    extra.write('GET / HTTP/1.1\r\nHost: example.com\r\n\r\n');
    expect(await dropped).toBe('');
    expect((await request(`http://127.0.0.1:${probes}`).get('/healthz')).status).toBe(200);
    expect((await request(`http://127.0.0.1:${probes}`).get('/readyz')).status).toBe(200);
  });
});

describe('oversize requests', () => {
  it('an oversize request (34 KB of path and User-Agent, and more than one read of headers) reads its 431: no connection reset', async () => {
    const port = await listening(hello());
    // Past one read of the socket (64 KB): Node's own answer closed with bytes unread, and the reset lost the 431.
    const oversize = `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: example.com\r\nUser-Agent: ${'b'.repeat(14_000)}\r\nX-Pad: ${'c'.repeat(150_000)}\r\n\r\n`;
    for (let n = 0; n < 5; n++) {
      const socket = await open(port);
      const received = new Promise<string>((resolve, reject) => {
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.once('error', reject);
        socket.once('close', () => resolve(text));
      });
      socket.write(oversize);
      await expect(received).resolves.toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\nConnection: close\r\n/);
    }
  });
});

describe('the connection cap', () => {
  it('reads the soft open-files limit', () => {
    const limits = 'Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n';
    expect(openFilesSoftLimitOf(limits)).toBe(1024);
    expect(openFilesSoftLimitOf('Max open files            unlimited            unlimited            files\n')).toBeUndefined();
    expect(openFilesSoftLimitOf('')).toBeUndefined();
  });

  it('stays below the descriptor limit, with room for upstream sockets and files', () => {
    expect(connectionCapOf(900, 20_000)).toBe(900);
    expect(connectionCapOf(900, 960)).toBe(960 - RESERVED_DESCRIPTORS);
    expect(connectionCapOf(900, undefined)).toBe(900);
    expect(connectionCapOf(900, 50)).toBe(1);
  });
});
