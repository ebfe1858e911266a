/**
 * The public port's defence against slow clients, as far as one Node process can take it
 * (docs/deploy.md says what a buffering proxy in front adds). Node alone closes a socket that
 * has not sent its headers after `headersTimeout` (10 s) and refuses sockets past the cap, so
 * 900 slow-header ("slowloris") sockets kept every new connection out, the probes' included,
 * for as long as the attacker reconnected (issue 26). Here:
 * - a new connection must complete its first request's headers within FIRST_REQUEST_DEADLINE_MS
 *   (a browser or balancer sends them in its first packet); later requests on a kept-alive
 *   connection keep Node's own deadline;
 * - one peer address may hold only a share of the cap (trusted proxies excepted: every
 *   visitor comes through them);
 * - at the cap, a new connection takes the place of the oldest socket that is not serving a
 *   request: first one that never completed a request, then the longest idle keep-alive one.
 *   Only when every socket is busy is the new one refused.
 * - once draining (SIGTERM), idle keep-alive sockets close (once what they sent is read) and every
 *   other one after its response: a request that reached a socket before the listener closed is
 *   answered.
 * The metrics port is guarded the same way (metrics-port.ts).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { peerIsTrusted, type TrustFunction } from './peer-trust';
import type { RefusalReason } from '../http/connection-refusals';
import type { OnRefused } from './listeners';

/** A new connection's first request headers must be complete by then. */
export const FIRST_REQUEST_DEADLINE_MS = 3_000;

/** The sockets one untrusted peer address may hold: an eighth of the cap, never fewer than 16 (a browser opens 6 per host). */
export function perPeerShareOf(cap: number): number {
  return Math.max(16, Math.floor(cap / 8));
}

export interface GuardOptions {
  /** Sockets at most (the server's own cap is set one above, so that the guard sees the one past it). */
  readonly cap: number;
  readonly trust: TrustFunction;
  readonly firstRequestDeadlineMs?: number;
  /** Told of every connection the guard closes, so that none goes unseen (refusal-report.ts). */
  readonly onRefused?: OnRefused;
}

/** Where a socket is: connected without a complete request yet, serving one, or idle between requests. */
type SocketState = 'unproven' | 'busy' | 'idle';

interface Tracked {
  readonly peer: string;
  state: SocketState;
  timer: NodeJS.Timeout | undefined;
}

/** Counts of the sockets one peer holds. Pure helpers on a Map. */
function adjust(counts: Map<string, number>, peer: string, by: number): void {
  const next = (counts.get(peer) ?? 0) + by;
  if (next > 0) counts.set(peer, next);
  else counts.delete(peer);
}

export interface ConnectionGuard {
  /** Sockets held, for tests and logs. */
  readonly sockets: number;
  /** Closes the idle keep-alive sockets now and each other socket once its response is done. */
  drain(): void;
}

/** Watches a server's connections with the rules above. */
export function guardConnections(server: Server, options: GuardOptions): ConnectionGuard {
  const deadlineMs = options.firstRequestDeadlineMs ?? FIRST_REQUEST_DEADLINE_MS;
  const share = perPeerShareOf(options.cap);
  const tracked = new Map<Socket, Tracked>();
  // Oldest first (a Map keeps insertion order): who gives way at the cap.
  const unproven = new Set<Socket>();
  const idle = new Set<Socket>();
  const perPeer = new Map<string, number>();
  let draining = false;
  server.maxConnections = options.cap + 1;

  function forget(socket: Socket): void {
    const entry = tracked.get(socket);
    if (!entry) return;
    clearTimeout(entry.timer);
    tracked.delete(socket);
    unproven.delete(socket);
    idle.delete(socket);
    adjust(perPeer, entry.peer, -1);
  }

  function makeRoom(): boolean {
    const oldest = unproven.values().next().value ?? idle.values().next().value;
    if (!oldest) return false;
    forget(oldest);
    oldest.destroy();
    return true;
  }

  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress ?? '';
    const trusted = peerIsTrusted(options.trust, socket);
    const refusal: RefusalReason | undefined =
      !trusted && (perPeer.get(peer) ?? 0) >= share ? 'per_address_share' : tracked.size >= options.cap && !makeRoom() ? 'cap' : undefined;
    if (refusal) {
      socket.destroy();
      options.onRefused?.(refusal, peer);
      return;
    }
    const entry: Tracked = {
      peer,
      state: 'unproven',
      timer: setTimeout(() => {
        if (entry.state !== 'unproven') return;
        socket.destroy();
        options.onRefused?.('first_request_timeout', peer);
      }, deadlineMs),
    };
    entry.timer?.unref();
    tracked.set(socket, entry);
    unproven.add(socket);
    adjust(perPeer, peer, 1);
    socket.once('close', () => forget(socket));
  });

  server.on('request', (req, res) => {
    const socket = req.socket;
    const entry = tracked.get(socket);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.state = 'busy';
    unproven.delete(socket);
    idle.delete(socket);
    res.once('finish', () => {
      if (!tracked.has(socket) || socket.destroyed) return;
      if (draining) {
        socket.destroy();
        return;
      }
      entry.state = 'idle';
      idle.add(socket);
    });
  });

  return {
    get sockets() {
      return tracked.size;
    },
    drain() {
      draining = true;
      // After one poll phase of the event loop: a request already in an idle socket's buffer is
      // read there, so it is answered (Connection: close) rather than reset with its socket.
      setImmediate(() =>
        setImmediate(() => {
          for (const socket of idle) {
            forget(socket);
            socket.destroy();
          }
        }),
      );
    },
  };
}
