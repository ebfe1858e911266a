/**
 * The bounds on calls to one upstream origin (cockatiel's bulkhead and circuit breaker):
 * - at most `connections` calls at once (the undici pool has as many sockets), and at most
 *   `queue` more waiting for one; a call past that fails at once as `overloaded`;
 * - after `breakAfter` consecutive failures of the origin (unreachable, timed out, a 5xx, or an
 *   answer it cannot use: invalid JSON, too large, too deep, the wrong shape) the circuit opens:
 *   calls fail at once as `circuit_open`, and one probe call goes through every
 *   `halfOpenAfterMs`, counted from when the last probe was sent (a probe that hangs does not
 *   push the next one back) and cut off after `halfOpenAfterMs` at most; the first probe that
 *   succeeds closes the circuit. A failed probe keeps it open: one opening per outage, one
 *   `upstream.circuit_open` line. Calls made while a probe runs fail at once too;
 * - a call sent before the circuit last changed (opened, probed, closed) that fails late is
 *   old news: it is not counted, so it can neither reopen a circuit a probe closed nor end a
 *   probe's turn; and a call that fails while the circuit is open (sent before it opened, or
 *   the probe) writes no line of its own (UpstreamError.summarized): the circuit's line and
 *   the origin's summary stand for it.
 * A hanging or broken origin so costs a fixed number of sockets, waiting calls and log lines,
 * however many requests arrive (decision 0375).
 */
import {
  BulkheadPolicy,
  CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  DelegateBackoff,
  circuitBreaker,
  handleWhen,
  isBrokenCircuitError,
  isBulkheadRejectedError,
  isTaskCancelledError,
} from 'cockatiel';
import type { Logger } from 'pino';
import type { NoCallReason, OutageLog } from './outage-log';
import { UpstreamError } from './upstream-error';
import { LOG_EVENTS } from '../http/log-events';

export interface OriginLimits {
  /** Calls (and pooled sockets) at once. */
  readonly connections: number;
  /** Calls waiting for one of them. */
  readonly queue: number;
  /** Consecutive failures of the origin that open its circuit. */
  readonly breakAfter: number;
  /** How long an open circuit fails calls between two probes; also the longest a probe may take. */
  readonly halfOpenAfterMs: number;
}

/** Told when an origin's circuit opens (once per outage) and when a probe closes it. */

export interface OriginGuard {
  /**
   * Runs `call` within the origin's bounds; `signal` ends the wait for a free slot too. `call`
   * is handed the signal it must end by: `signal`, or for a probe one that also ends after
   * `halfOpenAfterMs`.
   */
  run<T>(url: string, signal: AbortSignal, call: (signal: AbortSignal) => Promise<T>): Promise<T>;
}

/**
 * Statuses that refuse whatever is asked (credentials, rate limit): the origin is unusable. A
 * 4xx about the one request (a 404, a 400, a 431) says nothing of the origin, and a visitor who
 * shapes the request could earn it on purpose.
 */
const REFUSING_STATUSES: ReadonlySet<number> = new Set([401, 403, 407, 429]);

/** Failures that say the origin is unwell or its answers unusable; a 4xx about the one request does not. */
export function isOriginFailure(error: unknown): boolean {
  if (!(error instanceof UpstreamError)) return false;
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'invalid_json':
    case 'too_large':
    case 'too_deep':
    case 'shape':
      return true;
    case 'status':
      return (error.status ?? 0) >= 500 || REFUSING_STATUSES.has(error.status ?? 0);
    default:
      // `overloaded`, `circuit_open`: refusals by these very bounds, no answer of the origin.
      return false;
  }
}

/** What `untilAbortedWhileQueued` rejects with; `run` turns it into a timeout without a call. */
const QUEUE_WAIT_ENDED = Symbol('the wait for a free connection ended');

/**
 * `work`, or QUEUE_WAIT_ENDED as soon as `signal` aborts while the call still waits for a slot
 * (a queued call is not in undici yet, so nothing else would end its wait). A running call ends
 * through undici, which sees the same signal.
 */
function untilAbortedWhileQueued<T>(work: Promise<T>, signal: AbortSignal, started: () => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      if (!started()) reject(QUEUE_WAIT_ENDED);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * `outage`: told about every refusal (a lookup that failed without a call) and every change of
 * the circuit, for the origin's summary line (and, through it, the circuit's metrics).
 */
export function createOriginGuard(origin: string, limits: OriginLimits, log: Logger, outage: OutageLog): OriginGuard {
  const bulkhead = new BulkheadPolicy(limits.connections, limits.queue);
  /** Counts the circuit's changes: a call remembers the count it was sent under. */
  let changes = 0;
  /** Failures of calls sent before the circuit's last change: the breaker does not count them. */
  const late = new WeakSet<object>();
  /** Failures the breaker counted while the circuit was closed: these write their own lines. */
  const countedWhileClosed = new WeakSet<object>();
  /** When the probe running now (or the last one) was sent; undefined while the circuit is closed. */
  let probeSentAt: number | undefined;
  /** Set as the breaker lets a probe through, taken by the call it runs next (the probe, at once). */
  let probeNext = false;
  const consecutive = new ConsecutiveBreaker(limits.breakAfter);
  const breaker: CircuitBreakerPolicy = circuitBreaker(
    handleWhen((error) => isOriginFailure(error) && !late.has(error)),
    {
      // After a failed probe the next one is due halfOpenAfterMs after that probe was sent.
      halfOpenAfter: new DelegateBackoff(() => Math.max(0, limits.halfOpenAfterMs - (probeSentAt === undefined ? 0 : Date.now() - probeSentAt))),
      // `sentWhile`: the state when the call was let through (a probe's is HalfOpen).
      breaker: {
        get state() {
          return consecutive.state;
        },
        set state(value) {
          consecutive.state = value as number;
        },
        success: () => consecutive.success(),
        failure(sentWhile) {
          if (sentWhile === CircuitState.Closed) {
            // Sent while closed, failed once the circuit opened: old news, not counted.
            if (breaker.state !== CircuitState.Closed) return false;
            // cockatiel notes the failure as lastFailure before it counts it.
            const failure = breaker.lastFailure;
            if (failure && 'error' in failure && typeof failure.error === 'object' && failure.error !== null) countedWhileClosed.add(failure.error);
          }
          return consecutive.failure();
        },
      },
    },
  );
  // Closed from the start: the origin's state is known (and its metric there) before anything fails.
  outage.circuitChanged(origin, 'closed');
  breaker.onBreak(() => {
    changes++;
    outage.circuitChanged(origin, 'open');
    // A failed probe: the circuit stays open, as it has been since it opened.
    if (probeSentAt !== undefined) return;
    log.warn({ event: LOG_EVENTS.UPSTREAM_CIRCUIT_OPEN.event, origin, halfOpenAfterMs: limits.halfOpenAfterMs }, 'upstream circuit opened: calls fail fast');
  });
  breaker.onHalfOpen(() => {
    changes++;
    probeNext = true;
    probeSentAt = Date.now();
    outage.circuitChanged(origin, 'half_open');
  });
  breaker.onReset(() => {
    changes++;
    probeSentAt = undefined;
    outage.circuitChanged(origin, 'closed');
    log.info({ event: LOG_EVENTS.UPSTREAM_CIRCUIT_CLOSED.event, origin }, 'upstream circuit closed: the probe succeeded');
  });

  /** `call` as the breaker runs it: handed its signal (a probe's ends after halfOpenAfterMs at most), a failure sent before the circuit's last change marked late. */
  function asBreakerCall<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): () => Promise<T> {
    return async () => {
      const probe = probeNext;
      probeNext = false;
      const sentUnder = changes;
      try {
        return await call(probe ? AbortSignal.any([signal, AbortSignal.timeout(limits.halfOpenAfterMs)]) : signal);
      } catch (error) {
        if (changes !== sentUnder && typeof error === 'object' && error !== null) late.add(error);
        throw error;
      }
    };
  }

  /**
   * A failed call once the breaker has settled it: summarized unless the breaker counted it
   * while closed, or it failed (a 404, a 400) while the circuit is closed.
   */
  function settled(error: unknown): unknown {
    if (!(error instanceof UpstreamError) || !error.madeCall || countedWhileClosed.has(error)) return error;
    return late.has(error) || breaker.state !== CircuitState.Closed ? error.whileOpen() : error;
  }

  function refused(url: string, reason: NoCallReason, error: UpstreamError): UpstreamError {
    outage.failedWithoutCall(url, reason);
    return error;
  }

  function asUpstreamError(error: unknown, url: string): unknown {
    if (isBrokenCircuitError(error)) return refused(url, 'circuit_open', new UpstreamError('circuit_open', url, { message: `upstream circuit is open: ${url}`, madeCall: false }));
    if (isBulkheadRejectedError(error)) return refused(url, 'overloaded', new UpstreamError('overloaded', url, { message: `upstream has ${limits.connections} calls running and ${limits.queue} waiting: ${url}`, madeCall: false }));
    if (error === QUEUE_WAIT_ENDED || isTaskCancelledError(error)) {
      return refused(url, 'queue_timeout', new UpstreamError('timeout', url, { message: `upstream call timed out waiting for a free connection: ${url}`, madeCall: false }));
    }
    return error;
  }

  return {
    async run(url, signal, call) {
      // While the one probe runs, the others fail fast rather than wait for its verdict.
      if (breaker.state === CircuitState.HalfOpen) throw refused(url, 'circuit_open', new UpstreamError('circuit_open', url, { message: `upstream circuit is open (probing): ${url}`, madeCall: false }));
      const breakerCall = asBreakerCall(call, signal);
      try {
        // The bulkhead is outside the breaker, so a full queue never counts as the origin failing.
        // With a free slot the call starts at once: undici's signal alone can end it.
        if (bulkhead.executionSlots > 0) return await bulkhead.execute(() => breaker.execute(breakerCall), signal);
        let started = false;
        const runCall = () => {
          started = true;
          return breakerCall();
        };
        return await untilAbortedWhileQueued(bulkhead.execute(() => breaker.execute(runCall), signal), signal, () => started);
      } catch (error) {
        throw asUpstreamError(settled(error), url);
      }
    },
  };
}
