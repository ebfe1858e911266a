/**
 * The bounds on calls to one upstream origin (cockatiel's bulkhead and circuit breaker):
 * - at most `connections` calls at once (the undici pool has as many sockets), and at most
 *   `queue` more waiting for one; a call past that fails at once as `overloaded`;
 * - after `breakAfter` consecutive failures of the origin itself (unreachable, timed out, a 5xx)
 *   the circuit opens: calls fail at once as `circuit_open` for `halfOpenAfterMs`, then one
 *   call probes the origin; its success closes the circuit, its failure opens it again. Calls
 *   made while the probe runs fail at once too, instead of waiting for it.
 * A hanging origin so costs a fixed number of sockets and waiting calls, however many
 * requests arrive.
 */
import { BulkheadPolicy, CircuitBreakerPolicy, CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen, isBrokenCircuitError, isBulkheadRejectedError, isTaskCancelledError } from 'cockatiel';
import type { Logger } from 'pino';
import type { NoCallReason, OutageLog } from './outage-log';
import { UpstreamError } from './upstream-error';

export interface OriginLimits {
  /** Calls (and pooled sockets) at once. */
  readonly connections: number;
  /** Calls waiting for one of them. */
  readonly queue: number;
  /** Consecutive failures of the origin that open its circuit. */
  readonly breakAfter: number;
  /** How long an open circuit fails calls before one probe is let through. */
  readonly halfOpenAfterMs: number;
}

export interface OriginGuard {
  /** Runs `call` within the origin's bounds; `signal` ends the wait for a free slot too. */
  run<T>(url: string, signal: AbortSignal, call: () => Promise<T>): Promise<T>;
}

/** Failures that say the origin is unwell; a 404, a wrong shape or an oversize answer do not. */
export function isOriginFailure(error: unknown): boolean {
  if (!(error instanceof UpstreamError)) return false;
  return error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'status' && (error.status ?? 0) >= 500);
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
 * the circuit, for the origin's summary line.
 */
export function createOriginGuard(origin: string, limits: OriginLimits, log: Logger, outage: OutageLog): OriginGuard {
  const bulkhead = new BulkheadPolicy(limits.connections, limits.queue);
  const breaker: CircuitBreakerPolicy = circuitBreaker(handleWhen(isOriginFailure), { halfOpenAfter: limits.halfOpenAfterMs, breaker: new ConsecutiveBreaker(limits.breakAfter) });
  // Closed from the start: the origin's state is known (and its metric there) before anything fails.
  outage.circuitChanged(origin, 'closed');
  breaker.onBreak(() => {
    outage.circuitChanged(origin, 'open');
    log.warn({ event: 'upstream.circuit_open', origin, halfOpenAfterMs: limits.halfOpenAfterMs }, 'upstream circuit opened: calls fail fast');
  });
  breaker.onHalfOpen(() => outage.circuitChanged(origin, 'half_open'));
  breaker.onReset(() => {
    outage.circuitChanged(origin, 'closed');
    log.info({ event: 'upstream.circuit_closed', origin }, 'upstream circuit closed: the probe succeeded');
  });

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
      try {
        // The bulkhead is outside the breaker, so a full queue never counts as the origin failing.
        // With a free slot the call starts at once: undici's signal alone can end it.
        if (bulkhead.executionSlots > 0) return await bulkhead.execute(() => breaker.execute(call), signal);
        let started = false;
        const runCall = () => {
          started = true;
          return call();
        };
        return await untilAbortedWhileQueued(bulkhead.execute(() => breaker.execute(runCall), signal), signal, () => started);
      } catch (error) {
        throw asUpstreamError(error, url);
      }
    },
  };
}
