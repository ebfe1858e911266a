/**
 * The public port against slow clients (connection-guard.ts): a deadline for a connection's
 * first request, a share of the cap per peer address, and at the cap the oldest socket that is
 * not serving a request gives way. Real sockets on loopback, small injected limits; every wait
 * is for an event.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { guardConnections, perPeerShareOf } from '../../src/server/front-door/connection-guard';
import { createLimitedServer, REQUEST_TIMEOUTS } from '../../src/server/front-door/listeners';
import { trustFunctionOf } from '../../src/server/front-door/peer-trust';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); })));
});

/** A guarded server whose `/hold` answers only when released; everything else at once. */
async function guarded(cap: number, options: { trustLoopback?: boolean; deadlineMs?: number } = {}) {
  const held: (() => void)[] = [];
  const server = createLimitedServer((req, res) => {
    if (req.url === '/hold') held.push(() => res.end('released'));
    else res.end('hello');
  }, { ...REQUEST_TIMEOUTS, keepAliveTimeoutMs: 60_000, maxConnections: cap });
  const accepted: Socket[] = [];
  server.on('connection', (socket: Socket) => accepted.push(socket));
  // Every connection the guard closes, as the refusal report is told of it.
  const refusals: string[] = [];
  const onRefused = (reason: string, peer: string) => refusals.push(`${reason} ${peer}`);
  guardConnections(server, { cap, trust: trustFunctionOf(options.trustLoopback ? ['loopback'] : false), firstRequestDeadlineMs: options.deadlineMs ?? 60_000, onRefused });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, held, accepted, refusals };
}

/** A connected socket (from `localAddress`, another loopback address for another peer). */
async function open(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  return socket;
}

/** Everything the server sent until it closed the socket. */
function untilClosed(socket: Socket): Promise<string> {
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  return once(socket, 'close').then(() => received);
}

/** The first chunk the server sends. */
const firstAnswer = (socket: Socket): Promise<string> => once(socket, 'data').then(([chunk]) => String(chunk));

const REQUEST = 'GET / HTTP/1.1\r\nHost: example.com\r\n\r\n';

describe('guardConnections', () => {
  it('closes a connection whose first request is not complete by the deadline; a kept-alive idle one stays', async () => {
    const { port, refusals } = await guarded(32, { deadlineMs: 100 });
    const kept = await open(port);
    kept.write(REQUEST);
    expect(await firstAnswer(kept)).toMatch(/^HTTP\/1\.1 200 /);
    const slow = await open(port);
    const slowClosed = untilClosed(slow);
    slow.write('GET / HTTP/1.1\r\nHost: exa');
    expect(await slowClosed).toBe('');
    expect(refusals).toEqual(['first_request_timeout 127.0.0.1']);
    // Past its own deadline (the slow socket, opened later, was closed by its), the kept-alive socket still answers.
    kept.write(REQUEST);
    expect(await firstAnswer(kept)).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('gives one peer address a share of the cap; another peer and trusted proxies are not held to it', async () => {
    const cap = 40;
    const share = perPeerShareOf(cap);
    const { port, accepted, refusals } = await guarded(cap);
    for (let n = 0; n < share; n++) await open(port);
    const refused = await open(port);
    expect(await untilClosed(refused)).toBe('');
    expect(refusals).toEqual(['per_address_share 127.0.0.1']);
    const other = await open(port, '127.0.0.2');
    other.write(REQUEST);
    expect(await firstAnswer(other)).toMatch(/^HTTP\/1\.1 200 /);
    expect(accepted.length).toBe(share + 2);

    const proxied = await guarded(cap, { trustLoopback: true });
    const fromProxy = [];
    for (let n = 0; n <= share; n++) fromProxy.push(await open(proxied.port));
    const last = fromProxy.at(-1) as Socket;
    last.write(REQUEST);
    expect(await firstAnswer(last)).toMatch(/^HTTP\/1\.1 200 /);
    expect(proxied.refusals).toEqual([]);
  });

  it('at the cap, a new connection takes the place of the oldest socket without a request; only when all are busy is it refused', async () => {
    const cap = 16;
    const { port, held, refusals } = await guarded(cap);
    const idle = [];
    for (let n = 0; n < cap; n++) idle.push(await open(port, n % 2 ? '127.0.0.2' : '127.0.0.3'));
    const oldestClosed = untilClosed(idle[0] as Socket);
    const newcomer = await open(port, '127.0.0.4');
    expect(await oldestClosed).toBe('');
    // Giving way is not a refusal.
    expect(refusals).toEqual([]);
    newcomer.write(REQUEST);
    expect(await firstAnswer(newcomer)).toMatch(/^HTTP\/1\.1 200 /);

    // Every remaining socket serves a request that is held: nobody gives way.
    const busy = [newcomer, ...idle.slice(1)];
    for (const socket of busy) socket.write('GET /hold HTTP/1.1\r\nHost: example.com\r\n\r\n');
    while (held.length < busy.length) await new Promise(setImmediate);
    const refused = await open(port, '127.0.0.5');
    expect(await untilClosed(refused)).toBe('');
    expect(refusals).toEqual(['cap 127.0.0.5']);
    for (const release of held) release();
  });
});
