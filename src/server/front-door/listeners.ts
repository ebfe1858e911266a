/**
 * HTTP servers with a bound on every connection (README, Behind a load balancer): how long a
 * client may take to send its headers and its whole request, how long an idle keep-alive socket
 * stays, and how many sockets may be open at once, below the process's file-descriptor limit.
 */
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import { rawErrorAnswer, type ErrorCode } from '../http/errors';
import type { RefusalReason } from '../http/connection-refusals';

export interface ConnectionLimits {
  /** A client that has not sent its complete headers by then gets a 408 and is closed. */
  readonly headersTimeoutMs: number;
  /** The same for the whole request. */
  readonly requestTimeoutMs: number;
  /** An idle keep-alive socket is closed after this long (above the balancer's idle timeout). */
  readonly keepAliveTimeoutMs: number;
  /** Sockets past this many are closed at once; probes keep their own port. */
  readonly maxConnections: number;
  /** How often Node checks the two request timeouts (its default, 30 s, would let a slow client stay 40 s). */
  readonly checkIntervalMs: number;
}

/** Slow-header ("slowloris") sockets are cut after 10 s, any request after 30 s. */
export const REQUEST_TIMEOUTS = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, checkIntervalMs: 1_000 } as const;

/** File descriptors kept free for what is not a visitor's socket: upstream pools, the metrics port, files. */
export const RESERVED_DESCRIPTORS = 100;

/** The soft "Max open files" limit from /proc/self/limits' text; undefined when absent or unlimited. */
export function openFilesSoftLimitOf(limitsText: string): number | undefined {
  const match = /^Max open files\s+(\d+|unlimited)\s/m.exec(limitsText);
  return match?.[1] && match[1] !== 'unlimited' ? Number(match[1]) : undefined;
}

/** The process's soft limit on open files (Linux); undefined elsewhere. */
export function readOpenFilesSoftLimit(): number | undefined {
  try {
    return openFilesSoftLimitOf(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return undefined;
  }
}

/** The configured cap, lowered to stay below the descriptor limit when that is known. Pure. */
export function connectionCapOf(configured: number, openFilesLimit: number | undefined): number {
  if (openFilesLimit === undefined) return configured;
  return Math.max(1, Math.min(configured, openFilesLimit - RESERVED_DESCRIPTORS));
}

/** Node's own answers to a request its parser refused, by error code, and the refusal each is reported as; a 400 for the rest. */
const CLIENT_ERROR_ANSWER: Readonly<Record<string, { readonly answer: ErrorCode; readonly reason: RefusalReason }>> = {
  HPE_HEADER_OVERFLOW: { answer: 'HEADERS_TOO_LARGE', reason: 'headers_too_large' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { answer: 'CHUNK_EXTENSIONS_TOO_LARGE', reason: 'chunk_extensions_too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { answer: 'REQUEST_TIMEOUT', reason: 'request_timeout' },
};
const UNPARSABLE: (typeof CLIENT_ERROR_ANSWER)[string] = { answer: 'UNPARSABLE_REQUEST', reason: 'bad_request' };

/** Told of every request the parser refused and the server answered, so that none goes unseen (refusal-report.ts). */
export type OnRefused = (reason: RefusalReason, peer: string) => void;

/** How long a refused client may go on sending before its socket is closed. */
export const CLIENT_ERROR_DRAIN_MS = 1_000;

/**
 * Answers a request Node's parser refused as Node does (431 for oversize headers, 408, 400),
 * but closes gracefully: Node destroys the socket at once, and with the rest of an oversize
 * request still unread the kernel resets the connection, so the client often never read its
 * 431. Here the answer is sent with a FIN and what the client still sends is read and dropped
 * for at most CLIENT_ERROR_DRAIN_MS. A socket whose response is in progress is only destroyed
 * (a status line there would corrupt it), as Node does.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, responding: WeakSet<Duplex>, onRefused: OnRefused | undefined): void {
  // The parser reports every further chunk of a refused request again: the answer is on its way.
  if (socket.writableEnded) return;
  if (!socket.writable || responding.has(socket)) {
    socket.destroy();
    return;
  }
  const refusal = CLIENT_ERROR_ANSWER[error.code ?? ''] ?? UNPARSABLE;
  socket.end(rawErrorAnswer(refusal.answer));
  setTimeout(() => socket.destroy(), CLIENT_ERROR_DRAIN_MS).unref();
  onRefused?.(refusal.reason, (socket as Partial<Socket>).remoteAddress ?? '');
}

/** A node:http server with these limits; it does not listen yet. `onRefused` hears of each request its parser refused. */
export function createLimitedServer(listener: RequestListener, limits: ConnectionLimits, onRefused?: OnRefused): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    listener,
  );
  server.maxConnections = limits.maxConnections;
  const responding = new WeakSet<Duplex>();
  server.on('request', (req, res) => {
    responding.add(req.socket);
    res.once('close', () => responding.delete(req.socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket, responding, onRefused));
  return server;
}
