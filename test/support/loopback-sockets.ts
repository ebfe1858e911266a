/**
 * Servers and raw sockets on loopback, for the tests of connections: what a test opens is closed
 * after it (registered with afterEach by `loopbackSockets()`).
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export function loopbackSockets() {
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); })));
  });
  return {
    /** The server listening on a free loopback port; its port. */
    async listening(server: Server): Promise<number> {
      servers.push(server);
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return (server.address() as AddressInfo).port;
    },
    /** A connected socket (from `localAddress`, another loopback address for another peer). */
    async open(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
      const socket = connect({ port, host: '127.0.0.1', localAddress });
      sockets.push(socket);
      socket.on('error', () => undefined);
      await once(socket, 'connect');
      return socket;
    },
  };
}

/** Everything the server sent until the socket closed, and whether it was reset. */
export function untilClosed(socket: Socket): Promise<{ text: string; reset: boolean }> {
  let text = '';
  let reset = false;
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.on('error', (error: NodeJS.ErrnoException) => (reset ||= error.code === 'ECONNRESET'));
  return once(socket, 'close').then(() => ({ text, reset }));
}

/** The first chunk the server sends. */
export const firstAnswer = (socket: Socket): Promise<string> => once(socket, 'data').then(([chunk]) => String(chunk));
