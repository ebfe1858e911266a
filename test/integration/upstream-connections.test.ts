/**
 * The upstream client's connections over HTTP: a call made on the answer of another (a view's
 * new-articles list, asked on its article) goes out on the connection that answer came on, so
 * chains of calls hold one connection each, not two.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createHttpClient, type HttpClient } from '../../src/server/content/http';
import { createOutageLog } from '../../src/server/content/outage-log';
import { createLogger } from '../../src/server/observability/logger';
import { captureLogs } from '../support/logs';

describe('the upstream client on a loopback origin', () => {
  let server: Server;
  let client: HttpClient;
  let origin: string;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      sockets.add(req.socket);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: 'x'.repeat(2000) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const log = createLogger('warn', captureLogs());
    client = createHttpClient({
      timeoutMs: 2000,
      maxBytes: 64 * 1024,
      limits: { connections: 16, queue: 16, breakAfter: 5, halfOpenAfterMs: 1000 },
      log,
      outage: createOutageLog({ log, intervalMs: 60_000 }),
    });
  });
  afterAll(async () => {
    await client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('makes each call of a chain on the connection the one before it came on: four chains, four connections', async () => {
    const chains = 4;
    await Promise.all(
      Array.from({ length: chains }, async (_, chain) => {
        for (let step = 0; step < 10; step++) await client.call('/x', `${origin}/x?chain=${chain}&step=${step}`, (answer) => answer.status);
      }),
    );
    expect(sockets.size).toBe(chains);
  });
});
