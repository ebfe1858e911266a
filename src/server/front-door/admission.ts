/**
 * The bound on requests in progress (MAX_IN_FLIGHT_REQUESTS) and on requests waiting for a
 * slot (MAX_QUEUED_REQUESTS, each at most MAX_QUEUE_WAIT_MS), kept in front of Express, as a
 * balancer's `maxconn` with its queue. When the upstream fails or hangs, every cold host waits
 * for its lookups and then renders a whole degraded page: without a bound, hundreds at once fill
 * the event loop and memory. A request past the bound waits its turn rather than being answered
 * 503 at once: clients that retry a 503 at once (a flood, a balancer's retries) would otherwise
 * come back thousands of times a second and crowd out every other answer, /healthz included.
 * Only when the queue is full, or a request has waited its time, is it answered 503 by Node
 * alone, without the middleware chain, and finished as every request is (its access-log line and
 * its observation, front-door/envelope.ts).
 *
 * Starts in one turn of the event loop are bounded too, however many slots are free; the rest
 * start in the next turns, after Node has read its sockets again (decision 0270):
 * - while an upstream fails fast (its circuit open), at most STARTS_PER_TURN: each request then
 *   renders a whole degraded page in the turn it starts, hundreds of them are waiting, and a
 *   turn that renders 16 holds every other socket (the probes' too) for 60-100 ms (issue 26);
 * - otherwise, starts for START_BUDGET_MS of the turn: a count would keep a queue under ordinary
 *   load (more clients than the count, each asking again once answered), and every request in
 *   it outlives the young collections (issue 25, docs/performance.md).
 */
import { AsyncResource } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ERRORS, plainErrorAnswer, sendPlainError } from '../http/errors';
import type { Requested } from '../routing/requested';
import { finishRequest, type EnvelopedRequest } from './envelope';
import { SITE_LABEL, type Metrics } from '../observability/metrics';

/** The answer past the bound: tiny, never stored, and the client may try again in a second. */

/** Requests started in one event-loop turn at most while an upstream fails fast (tuned with `npm run bench -- overload`). */
export const STARTS_PER_TURN = 8;

/** Otherwise, how long one turn's starts may take, in ms (tuned with `npm run bench -- cpu`). */
export const START_BUDGET_MS = 40;

/** At most one `load.shed` line in this time; the metric counts every shed request. */
const SHED_LOG_INTERVAL_MS = 10_000;

/**
 * Requests that never wait nor count: the static assets (files on disk), by the site's own path
 * the envelope worked out (front-door/envelope.ts). The health probes never reach admission
 * (probes.ts answers them first). Pure.
 */
export function bypassesAdmission(requested: Pick<Requested, 'sitePath'>): boolean {
  return requested.sitePath?.startsWith('/assets/') === true;
}

/** Options for requests of type Req (with their envelope, front-door/envelope.ts). */
export interface AdmissionOptions<Req extends EnvelopedRequest = EnvelopedRequest> {
  readonly maxInFlight: number;
  readonly maxQueued: number;
  readonly maxWaitMs: number;
  /** Headers every answer carries (security headers). */
  readonly staticHeaders: readonly (readonly [string, string])[];
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly now?: () => number;
  /** Answers a request that would be shed in another way when it can (a kept page); true when it did. */
  readonly answerInstead?: (req: Req, res: ServerResponse) => boolean;
  /** True while an upstream fails its calls at once (its circuit is open): starts are counted then. */
  readonly upstreamFailingFast: () => boolean;
  /** STARTS_PER_TURN unless a test sets another. */
  readonly startsPerTurn?: number;
  /** START_BUDGET_MS unless a test sets another. */
  readonly startBudgetMs?: number;
  /** The clock the start budget is read on, in ms (performance.now unless a test sets another). */
  readonly clock?: () => number;
}

export interface Admission<Req extends EnvelopedRequest = EnvelopedRequest> {
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

export function createAdmission<Req extends EnvelopedRequest = EnvelopedRequest>(options: AdmissionOptions<Req>): Admission<Req> {
  const now = options.now ?? Date.now;
  const overloaded = plainErrorAnswer('OVERLOADED', options.staticHeaders.flat());
  let inFlight = 0;
  const queue: Waiting[] = [];
  let shedSinceLogged = 0;
  let loggedAt = -Infinity;

  /** The 503, finished as every request is (front-door/envelope.ts): by the route it asked for, before any site was resolved. */
  function shed(req: Req, res: ServerResponse, startedAt: number): void {
    if (options.answerInstead?.(req, res)) return;
    options.metrics.countShed();
    shedSinceLogged += 1;
    if (now() - loggedAt >= SHED_LOG_INTERVAL_MS) {
      options.logger[ERRORS.OVERLOADED.log.level]({ event: ERRORS.OVERLOADED.log.event, shed: shedSinceLogged, maxInFlight: options.maxInFlight, maxQueued: options.maxQueued }, 'requests answered 503: too many in progress and waiting');
      loggedAt = now();
      shedSinceLogged = 0;
    }
    sendPlainError(res, { ...overloaded, headers: [...overloaded.headers, 'x-request-id', req.envelope.reqId] }, req.method);
    finishRequest(options, req, startedAt, { labels: { route: req.envelope.route.rule.name, site: SITE_LABEL.none }, status: overloaded.status, shed: true });
  }

  const startsPerTurn = options.startsPerTurn ?? STARTS_PER_TURN;
  const startBudgetMs = options.startBudgetMs ?? START_BUDGET_MS;
  const clock = options.clock ?? (() => performance.now());
  let startedThisTurn = 0;
  let turnStartedAt = 0;
  let turnEndScheduled = false;
  const turnHasRoom = () => startedThisTurn === 0 || (options.upstreamFailingFast() ? startedThisTurn < startsPerTurn : clock() - turnStartedAt < startBudgetMs);
  const mayStart = () => inFlight < options.maxInFlight && turnHasRoom();

  function run(res: ServerResponse, start: () => void): void {
    inFlight += 1;
    if (startedThisTurn === 0) turnStartedAt = clock();
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

  // A turn ends in its check phase (a setImmediate), after its socket reads. Counted, the next
  // turn's starts begin there, the waiting requests' first. Budgeted, the waiting requests take
  // what is left of this turn's budget, and the next turn's budget begins after them: one turn
  // never holds two budgets of renders, and its length is every reader's wait.
  function endTurnSoon(): void {
    if (turnEndScheduled) return;
    turnEndScheduled = true;
    setImmediate(endTurn);
  }

  function endTurn(): void {
    turnEndScheduled = false;
    if (options.upstreamFailingFast()) {
      startedThisTurn = 0;
      startWaiting();
      return;
    }
    startWaiting();
    startedThisTurn = 0;
    // Left over for want of budget: the next turn's check phase. For want of a slot, leave() starts them.
    if (queue.length > 0 && inFlight < options.maxInFlight) endTurnSoon();
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
      if (bypassesAdmission(req.envelope)) return start();
      const startedAt = performance.now();
      if (queue.length === 0 && mayStart()) return run(res, start);
      // Requests that only wait for the next turn (a slot is free for each) never count as queued.
      if (queue.length >= options.maxQueued + Math.max(0, options.maxInFlight - inFlight)) return shed(req, res, startedAt);
      const entry: Waiting = {
        res,
        // Started later from another request's end: bound to its own arrival's async context,
        // or it would run in (and keep alive) the context of the request whose slot it takes.
        start: AsyncResource.bind(start),
        timer: setTimeout(() => {
          dropFromQueue(entry);
          shed(req, res, startedAt);
        }, options.maxWaitMs),
      };
      queue.push(entry);
      // A client that leaves while waiting gives its place up.
      res.once('close', () => dropFromQueue(entry));
      // The turn may have room again (a new turn, a slot freed): the longest waiting go first.
      startWaiting();
    },
  };
}
