/**
 * The bound on requests in progress (MAX_IN_FLIGHT_REQUESTS) and on requests waiting for a
 * slot (MAX_QUEUED_REQUESTS, each at most MAX_QUEUE_WAIT_MS), kept in front of Express, as a
 * balancer's `maxconn` with its queue. When the upstream fails or hangs, every cold host waits
 * for its lookups and then renders a whole degraded page: without a bound, hundreds at once fill
 * the event loop and memory. A request past the bound waits its turn rather than being answered
 * 503 at once: clients that retry a 503 at once (a flood, a balancer's retries) would otherwise
 * come back thousands of times a second and crowd out every other answer, /healthz included.
 * Only when the queue is full, or a request has waited its time, is it answered 503 by Node
 * alone, without the middleware chain.
 *
 * At most STARTS_PER_TURN requests start in one turn of the event loop, however many slots are
 * free: with the upstream failing fast, a request renders its whole page in the turn it starts,
 * and a turn that renders 16 pages holds every other socket (the probes' too) for 60-100 ms
 * (issue 26, docs/performance.md). The rest start in the next turns, after Node has read its
 * sockets again.
 */
import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ERRORS, plainErrorAnswer, sendPlainError } from '../http/errors';
import type { Metrics } from '../observability/metrics';

/** The answer past the bound: tiny, never stored, and the client may try again in a second. */

/** Requests started in one event-loop turn at most (measured with scripts/bench-overload.mjs). */
export const STARTS_PER_TURN = 8;

/** At most one `load.shed` line in this time; the metric counts every shed request. */
const SHED_LOG_INTERVAL_MS = 10_000;

/**
 * Requests that never wait nor count: the static assets (files on disk). The health probes
 * never reach admission (probes.ts answers them first). Pure.
 */
export function bypassesAdmission(url: string | undefined, basePath: string): boolean {
  return (url?.split('?', 1)[0] ?? '').startsWith(`${basePath}/assets/`);
}

/** Options for requests of type Req (the listener's: with their envelope, request/envelope.ts). */
export interface AdmissionOptions<Req extends IncomingMessage = IncomingMessage> {
  readonly maxInFlight: number;
  readonly maxQueued: number;
  readonly maxWaitMs: number;
  readonly basePath: string;
  /** Headers every answer carries (security headers). */
  readonly staticHeaders: readonly (readonly [string, string])[];
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly now?: () => number;
  /** Answers a request that would be shed in another way when it can (a kept page); true when it did. */
  readonly answerInstead?: (req: Req, res: ServerResponse) => boolean;
  /** STARTS_PER_TURN unless a test sets another. */
  readonly startsPerTurn?: number;
}

export interface Admission<Req extends IncomingMessage = IncomingMessage> {
  /** True while no request may start: the page cache then answers with a stale page rather than wait to refresh it. */
  readonly full: boolean;
  /** Starts the request now, or once a slot is free; or answers 503 (queue full, or waited too long). */
  enter(req: Req, res: ServerResponse, start: () => void): void;
}

interface Waiting {
  readonly res: ServerResponse;
  readonly start: () => void;
  readonly timer: NodeJS.Timeout;
}

export function createAdmission<Req extends IncomingMessage = IncomingMessage>(options: AdmissionOptions<Req>): Admission<Req> {
  const now = options.now ?? Date.now;
  const overloaded = plainErrorAnswer('OVERLOADED', options.staticHeaders.flat());
  let inFlight = 0;
  const queue: Waiting[] = [];
  let shedSinceLogged = 0;
  let loggedAt = -Infinity;

  function shed(req: Req, res: ServerResponse): void {
    if (options.answerInstead?.(req, res)) return;
    options.metrics.countShed();
    shedSinceLogged += 1;
    if (now() - loggedAt >= SHED_LOG_INTERVAL_MS) {
      options.logger[ERRORS.OVERLOADED.log.level]({ event: ERRORS.OVERLOADED.log.event, shed: shedSinceLogged, maxInFlight: options.maxInFlight, maxQueued: options.maxQueued }, 'requests answered 503: too many in progress and waiting');
      loggedAt = now();
      shedSinceLogged = 0;
    }
    sendPlainError(res, overloaded, req.method);
  }

  const startsPerTurn = options.startsPerTurn ?? STARTS_PER_TURN;
  let startedThisTurn = 0;
  let turnEndScheduled = false;
  const mayStart = () => inFlight < options.maxInFlight && startedThisTurn < startsPerTurn;

  function run(res: ServerResponse, start: () => void): void {
    inFlight += 1;
    startedThisTurn += 1;
    endTurnSoon();
    res.once('close', leave);
    start();
  }

  function startWaiting(): void {
    while (queue.length > 0 && mayStart()) {
      const next = queue.shift() as Waiting;
      clearTimeout(next.timer);
      run(next.res, next.start);
    }
  }

  // The turn's count starts again from a setImmediate, after this turn's reads: the requests
  // started from there on render in the next turn, whose socket reads come first.
  function endTurnSoon(): void {
    if (turnEndScheduled) return;
    turnEndScheduled = true;
    setImmediate(() => {
      turnEndScheduled = false;
      startedThisTurn = 0;
      startWaiting();
    });
  }

  function leave(): void {
    inFlight -= 1;
    startWaiting();
  }

  function dropFromQueue(entry: Waiting): void {
    const index = queue.indexOf(entry);
    if (index >= 0) queue.splice(index, 1);
    clearTimeout(entry.timer);
  }

  return {
    get full() {
      return inFlight >= options.maxInFlight;
    },
    enter(req, res, start) {
      if (bypassesAdmission(req.url, options.basePath)) return start();
      if (queue.length === 0 && mayStart()) return run(res, start);
      // Requests that only wait for the next turn (a slot is free for each) never count as queued.
      if (queue.length >= options.maxQueued + Math.max(0, options.maxInFlight - inFlight)) return shed(req, res);
      const entry: Waiting = {
        res,
        // Started later from another request's end: bound to its own arrival's async context,
        // or it would run in (and keep alive) the context of the request whose slot it takes.
        start: AsyncResource.bind(start),
        timer: setTimeout(() => {
          dropFromQueue(entry);
          shed(req, res);
        }, options.maxWaitMs),
      };
      queue.push(entry);
      // A client that leaves while waiting gives its place up.
      res.once('close', () => dropFromQueue(entry));
    },
  };
}
