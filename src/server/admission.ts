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
 */
import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ERRORS, plainErrorAnswer, sendPlainError } from './errors';
import type { Metrics } from './metrics';

/** The answer past the bound: tiny, never stored, and the client may try again in a second. */

/** At most one `load.shed` line in this time; the metric counts every shed request. */
const SHED_LOG_INTERVAL_MS = 10_000;

/**
 * Requests that never wait nor count: the health probes (they answer without any lookup) and
 * the static assets (files on disk). Pure.
 */
export function bypassesAdmission(url: string | undefined, basePath: string): boolean {
  const path = url?.split('?', 1)[0] ?? '';
  return path === '/healthz' || path === '/readyz' || path.startsWith(`${basePath}/assets/`);
}

export interface AdmissionOptions {
  readonly maxInFlight: number;
  readonly maxQueued: number;
  readonly maxWaitMs: number;
  readonly basePath: string;
  /** Headers every answer carries (security headers). */
  readonly staticHeaders: readonly (readonly [string, string])[];
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly now?: () => number;
}

export interface Admission {
  /** True while no request may start: the page cache then answers with a stale page rather than wait to refresh it. */
  readonly full: boolean;
  /** Starts the request now, or once a slot is free; or answers 503 (queue full, or waited too long). */
  enter(req: IncomingMessage, res: ServerResponse, start: () => void): void;
}

interface Waiting {
  readonly res: ServerResponse;
  readonly start: () => void;
  readonly timer: NodeJS.Timeout;
}

export function createAdmission(options: AdmissionOptions): Admission {
  const now = options.now ?? Date.now;
  const overloaded = plainErrorAnswer('OVERLOADED', options.staticHeaders.flat());
  let inFlight = 0;
  const queue: Waiting[] = [];
  let shedSinceLogged = 0;
  let loggedAt = -Infinity;

  function shed(req: IncomingMessage, res: ServerResponse): void {
    options.metrics.countShed();
    shedSinceLogged += 1;
    if (now() - loggedAt >= SHED_LOG_INTERVAL_MS) {
      options.logger[ERRORS.OVERLOADED.log.level]({ event: ERRORS.OVERLOADED.log.event, shed: shedSinceLogged, maxInFlight: options.maxInFlight, maxQueued: options.maxQueued }, 'requests answered 503: too many in progress and waiting');
      loggedAt = now();
      shedSinceLogged = 0;
    }
    sendPlainError(res, overloaded, req.method);
  }

  function run(res: ServerResponse, start: () => void): void {
    inFlight += 1;
    res.once('close', leave);
    start();
  }

  // A request leaves the count from the next event-loop turn on: a page that fails fast renders
  // in the turn its request arrived, so freeing its slot at once would let one turn render every
  // request waiting on a socket; this way one turn renders at most `maxInFlight` pages.
  function leave(): void {
    setImmediate(() => {
      inFlight -= 1;
      const next = queue.shift();
      if (!next) return;
      clearTimeout(next.timer);
      run(next.res, next.start);
    });
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
      if (inFlight < options.maxInFlight) return run(res, start);
      if (queue.length >= options.maxQueued) return shed(req, res);
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
