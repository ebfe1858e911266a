/**
 * The metrics port under one client that holds sockets (it gets the public port's defences),
 * and a drain that loses no request: real sockets on loopback, every wait for an event.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { guardConnections } from '../../src/server/front-door/connection-guard';
import { drainable } from '../../src/server/front-door/drain';
import { createLimitedServer, REQUEST_TIMEOUTS } from '../../src/server/front-door/listeners';
import { createMetricsPortServer, METRICS_PORT_MAX_CONNECTIONS, metricsPortHandler } from '../../src/server/front-door/metrics-port';
import { createLogger } from '../../src/server/observability/logger';
import { createPrometheusMetrics, noMetrics } from '../../src/server/observability/metrics';
import { trustFunctionOf } from '../../src/server/front-door/peer-trust';
import { captureLogs } from '../support/logs';
import { firstAnswer, loopbackSockets, untilClosed } from '../support/loopback-sockets';

const { listening, open } = loopbackSockets();
const PROBE = 'GET /healthz HTTP/1.1\r\nHost: internal\r\n\r\n';

describe('the metrics port', () => {
  const logs = captureLogs();
  const refused: string[] = [];
  beforeEach(() => {
    logs.clear();
    refused.length = 0;
  });
  const metricsPort = async () => {
    const logger = createLogger('info', logs);
    const metrics = { ...noMetrics, countRefusedConnection: (reason: string, port: string) => refused.push(`${port} ${reason}`) };
    const { server } = createMetricsPortServer(metricsPortHandler({ registry: createPrometheusMetrics({ version: 't', commit: 't' }).registry, readiness: { ready: true }, logger, metrics }), { keepAliveTimeoutMs: 60_000, logger, metrics });
    return listening(server);
  };

  it('reports what it refuses as the public port does: a connection past one address\'s share, a request whose headers are too large', async () => {
    const port = await metricsPort();
    for (let n = 0; n < 16; n++) await open(port, '127.0.0.3');
    const greedy = await open(port, '127.0.0.3');
    expect(await untilClosed(greedy)).toEqual({ text: '', reset: false });
    const oversize = await open(port, '127.0.0.4');
    const answer = untilClosed(oversize);
    oversize.write(`GET /metrics HTTP/1.1\r\nHost: internal\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect((await answer).text).toMatch(/^HTTP\/1\.1 431 /);
    expect(refused).toEqual(['metrics per_address_share', 'metrics headers_too_large']);
    const lines = logs.events('connection.refused');
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, port: 'metrics', reason: 'per_address_share', peer: '127.0.0.3', refused: 1, maxConnections: METRICS_PORT_MAX_CONNECTIONS }),
      expect.objectContaining({ level: 30, port: 'metrics', reason: 'headers_too_large', peer: '127.0.0.4', refused: 1 }),
    ]);
    expect(lines.some((line) => line.err !== undefined || String(line.msg).includes('\n'))).toBe(false);
  });

  it('answers a probe while its whole cap is held by idle keep-alive sockets', async () => {
    const port = await metricsPort();
    // Four peer addresses, each within its share, hold every socket of the cap, idle after one request each.
    const held: Socket[] = [];
    for (let n = 0; n < METRICS_PORT_MAX_CONNECTIONS; n++) {
      const socket = await open(port, `127.0.0.${2 + (n % 4)}`);
      socket.write(PROBE);
      expect(await firstAnswer(socket)).toMatch(/^HTTP\/1\.1 200 /);
      held.push(socket);
    }
    const probe = await open(port, '127.0.0.9');
    probe.write(PROBE);
    expect(await firstAnswer(probe)).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers a probe while sockets that never send a request fill the cap, and one peer gets only its share', async () => {
    const port = await metricsPort();
    const silent: Socket[] = [];
    for (let n = 0; n < METRICS_PORT_MAX_CONNECTIONS; n++) silent.push(await open(port, `127.0.0.${2 + (n % 4)}`));
    const probe = await open(port, '127.0.0.9');
    probe.write(PROBE);
    expect(await firstAnswer(probe)).toMatch(/^HTTP\/1\.1 200 /);
    // The 17th socket of one address is refused at once: the rest of the cap stays for other peers.
    const greedy = await open(port, '127.0.0.3');
    expect(await untilClosed(greedy)).toEqual({ text: '', reset: false });
  });
});

describe('a drain (SIGTERM)', () => {
  /** The public port's server: `/hold` answers when released, with Connection: close from the drain on. */
  async function publicPort() {
    let draining = false;
    const held: (() => void)[] = [];
    const drainer = drainable((req, res) => {
      if (draining) res.setHeader('connection', 'close');
      if (req.url === '/hold') held.push(() => res.end('released'));
      else res.end('hello');
    });
    const server = createLimitedServer(drainer.listener, { ...REQUEST_TIMEOUTS, keepAliveTimeoutMs: 60_000, maxConnections: 32 });
    const accepted: Socket[] = [];
    server.on('connection', (socket: Socket) => accepted.push(socket));
    const guard = guardConnections(server, { cap: 32, trust: trustFunctionOf(false), firstRequestDeadlineMs: 60_000 });
    const port = await listening(server);
    const closed = new Promise<void>((resolve) => {
      server.once('drained', resolve);
    });
    const drain = () => {
      draining = true;
      drainer.stop(server, guard, () => server.emit('drained'));
    };
    return { port, accepted, held, drain, closed };
  }

  it('answers a request that reached an accepted socket before the listener closed, with Connection: close', async () => {
    const { port, accepted, drain, closed } = await publicPort();
    const fresh = await open(port);
    const keptAlive = await open(port);
    keptAlive.write('GET / HTTP/1.1\r\nHost: example.com\r\n\r\n');
    expect(await firstAnswer(keptAlive)).toMatch(/^HTTP\/1\.1 200 [\s\S]*keep-alive/i);
    while (accepted.length < 2) await new Promise(setImmediate);
    const answers = [untilClosed(fresh), untilClosed(keptAlive)];
    // Both requests reach their sockets (loopback writes land at once) before the server has read them.
    fresh.write('GET / HTTP/1.1\r\nHost: example.com\r\n\r\n');
    keptAlive.write('GET / HTTP/1.1\r\nHost: example.com\r\n\r\n');
    drain();
    for (const { text, reset } of await Promise.all(answers)) {
      expect(reset).toBe(false);
      expect(text).toMatch(/^HTTP\/1\.1 200 [\s\S]*Connection: close[\s\S]*hello$/i);
    }
    await closed;
  });

  it('answers a request whose connection the kernel completed but the process had not accepted when the drain began', async () => {
    const { port, accepted, drain, closed } = await publicPort();
    const dir = mkdtempSync(path.join(tmpdir(), 'drain-'));
    const sentFlag = path.join(dir, 'sent');
    // Another process connects and sends its request while this one's event loop is blocked:
    // the connection waits in the listener's queue, not accepted, as under load.
    const client = fork(path.join(__dirname, '../support/one-request-client.mjs'), [String(port), sentFlag]);
    await once(client, 'message');
    client.send('go');
    const blockedUntil = Date.now() + 10_000;
    while (!existsSync(sentFlag) && Date.now() < blockedUntil);
    expect(accepted).toHaveLength(0);
    drain();
    const [answer] = (await once(client, 'message')) as [{ text: string; error?: string }];
    rmSync(dir, { recursive: true });
    expect(answer.error).toBeUndefined();
    expect(answer.text).toMatch(/^HTTP\/1\.1 200 [\s\S]*Connection: close[\s\S]*hello$/i);
    await closed;
  });

  it('closes idle keep-alive sockets at once, and a busy one after its answer; then the server is closed', async () => {
    const { port, held, drain, closed } = await publicPort();
    const idle = await open(port);
    idle.write('GET / HTTP/1.1\r\nHost: example.com\r\n\r\n');
    expect(await firstAnswer(idle)).toMatch(/^HTTP\/1\.1 200 [\s\S]*keep-alive/i);
    const busy = await open(port);
    busy.write('GET /hold HTTP/1.1\r\nHost: example.com\r\n\r\n');
    while (held.length < 1) await new Promise(setImmediate);
    const idleClosed = untilClosed(idle);
    const busyAnswer = untilClosed(busy);
    drain();
    expect(await idleClosed).toEqual({ text: '', reset: false });
    (held[0] as () => void)();
    expect((await busyAnswer).text).toMatch(/^HTTP\/1\.1 200 [\s\S]*released$/);
    await closed;
    await expect(open(port)).rejects.toThrow(/ECONNREFUSED/);
  });
});
