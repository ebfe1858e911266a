/**
 * A drain that loses no request (SIGTERM; issue 46). http's own close() destroys every
 * connection without a request in progress, a kept-alive one whose next request is not read
 * yet included. And closing a listening socket resets the connections the kernel completed but
 * the process has not accepted yet: under load, the clients that were answered during the same
 * turn of the event loop and connected again at once. So the listener closes in three steps:
 * 1. new requests are held (not answered) while the requests in progress finish, so no client
 *    is answered, and none connects again, while the listener closes;
 * 2. then, once no connection has come for QUIET_MS (what the kernel queued is accepted, and
 *    its requests held too), the listener alone closes, and the guard closes idle keep-alive
 *    sockets (connection-guard.ts);
 * 3. the held requests are answered (with Connection: close, from SIGTERM on: app.ts).
 * Holding lasts MAX_HOLD_MS at most, however long a request in progress takes.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { ConnectionGuard } from './connection-guard';

/** Requests are held at most this long while the listener closes. */
const MAX_HOLD_MS = 1_000;
/** Once nothing is answered, the listener closes when no connection has come for this long. */
const QUIET_MS = 50;

export interface Drain {
  /** The server's request listener: the app's, answered at once except while the listener closes. */
  readonly listener: RequestListener;
  /** Closes the server's listener as above and lets open connections finish; `done` once the last has closed. */
  stop(server: Server, guard: ConnectionGuard, done: () => void): void;
}

export function drainable(app: RequestListener): Drain {
  let held: [IncomingMessage, ServerResponse][] | null = null;
  let answering = 0;
  let whenIdle: (() => void) | null = null;
  const finished = (): void => {
    answering--;
    if (answering === 0) whenIdle?.();
  };
  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    answering++;
    res.once('close', finished);
    app(req, res);
  };
  return {
    listener(req, res) {
      if (held) held.push([req, res]);
      else answer(req, res);
    },
    stop(server, guard, done) {
      held = [];
      let closed = false;
      const close = (): void => {
        if (closed) return;
        closed = true;
        clearTimeout(deadline);
        clearTimeout(quiet);
        server.off('connection', stillComing);
        whenIdle = null;
        // net.Server's close, which http.Server extends: the listener only.
        NetServer.prototype.close.call(server, () => done());
        guard.drain();
        const waiting = held ?? [];
        held = null;
        for (const [req, res] of waiting) answer(req, res);
      };
      const deadline = setTimeout(close, MAX_HOLD_MS);
      let quiet: NodeJS.Timeout | undefined;
      const stillComing = (): void => void quiet?.refresh();
      const settle = (): void => {
        whenIdle = null;
        quiet = setTimeout(close, QUIET_MS);
        server.on('connection', stillComing);
      };
      if (answering === 0) settle();
      else whenIdle = settle;
    },
  };
}
