/**
 * What an outage looks like in the logs (docs/support.md): one line per upstream call that was
 * made and failed while its origin's circuit was closed (written by the lookup that made it; at
 * most the breaker's threshold before it opens), and, per origin, one summary line per
 * interval while anything failed: the calls that failed, the lookups that failed without a call
 * of their own (a remembered failure, a call shared with other requests, the circuit open, the
 * queue full), the answers served from stale data, and the circuit's state. Nothing else repeats
 * per lookup, so the count of failure lines is the count of failed calls, and a flood of
 * requests against a failing origin costs one line per interval.
 */
import type { Logger } from 'pino';
import { UpstreamError, type UpstreamFailureKind } from './upstream-error';
import { LOG_EVENTS } from '../http/log-events';

/** Why a lookup failed without sending a call. */
export type NoCallReason = 'remembered' | 'shared' | 'circuit_open' | 'overloaded' | 'queue_timeout';
export type CircuitState = 'closed' | 'open' | 'half_open';

export interface OutageLog {
  /** A call that was sent and failed (its own line is written by the lookup that made it). */
  callFailed(error: UpstreamError): void;
  /** A lookup that failed without sending a call. */
  failedWithoutCall(url: string, reason: NoCallReason): void;
  /** An answer served from data past its freshness because its refresh failed. */
  staleServed(url: string): void;
  circuitChanged(origin: string, state: CircuitState): void;
  /** True while an origin's circuit is open or half-open: its calls fail at once (admission counts starts then). */
  readonly anyCircuitOpen: boolean;
  /** Writes the summary of what was counted so far now (at shutdown, so nothing is lost). */
  flush(): void;
}

/** One origin's counts over one interval. */
export interface OriginCounts {
  failedCalls: Partial<Record<UpstreamFailureKind, number>>;
  failedWithoutCall: Partial<Record<NoCallReason, number>>;
  staleServed: number;
}

/** Origins are the configured backends; the bound only guards against a bug that names others. */
const MAX_ORIGINS = 16;

const sum = (counts: Partial<Record<string, number>>): number => Object.values(counts).reduce<number>((total, count) => total + (count ?? 0), 0);

/** The summary line's fields for one origin, or undefined when nothing was counted. Pure. */
export function summaryOf(origin: string, counts: OriginCounts, circuit: CircuitState, intervalMs: number): Record<string, unknown> | undefined {
  const failedCalls = sum(counts.failedCalls);
  const failedWithoutCall = sum(counts.failedWithoutCall);
  if (failedCalls === 0 && failedWithoutCall === 0 && counts.staleServed === 0) return undefined;
  return {
    event: LOG_EVENTS.UPSTREAM_OUTAGE_SUMMARY.event,
    origin,
    intervalSeconds: Math.round(intervalMs / 1000),
    failedCalls,
    ...(failedCalls > 0 ? { failedCallKinds: counts.failedCalls } : {}),
    failedWithoutCall,
    ...(failedWithoutCall > 0 ? { failedWithoutCallReasons: counts.failedWithoutCall } : {}),
    staleServed: counts.staleServed,
    circuit,
  };
}

/** The origin of an upstream URL (never its userinfo, path or query). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'unknown';
  }
}

/** `onCircuitChanged`: told of every change too (the metrics' `upstream_circuit_open`). */
export function createOutageLog(options: { readonly log: Logger; readonly intervalMs: number; readonly onCircuitChanged?: (origin: string, state: CircuitState, previous: CircuitState | undefined) => void }): OutageLog {
  const counts = new Map<string, OriginCounts>();
  const circuits = new Map<string, CircuitState>();
  let timer: NodeJS.Timeout | undefined;

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    for (const [origin, originCounts] of counts) {
      const summary = summaryOf(origin, originCounts, circuits.get(origin) ?? 'closed', options.intervalMs);
      if (summary) options.log.warn(summary, 'upstream failing: summary of the last interval');
    }
    counts.clear();
  }

  /** The origin's counts for this interval; the interval starts with its first count. */
  function countsOf(url: string): OriginCounts | undefined {
    const origin = originOf(url);
    let originCounts = counts.get(origin);
    if (!originCounts) {
      if (counts.size >= MAX_ORIGINS) return undefined;
      counts.set(origin, (originCounts = { failedCalls: {}, failedWithoutCall: {}, staleServed: 0 }));
    }
    // The timer runs only while something is counted: an idle process has none.
    timer ??= setTimeout(flush, options.intervalMs).unref();
    return originCounts;
  }

  return {
    callFailed(error) {
      const originCounts = countsOf(error.url);
      if (originCounts) originCounts.failedCalls[error.kind] = (originCounts.failedCalls[error.kind] ?? 0) + 1;
    },
    failedWithoutCall(url, reason) {
      const originCounts = countsOf(url);
      if (originCounts) originCounts.failedWithoutCall[reason] = (originCounts.failedWithoutCall[reason] ?? 0) + 1;
    },
    staleServed(url) {
      const originCounts = countsOf(url);
      if (originCounts) originCounts.staleServed += 1;
    },
    circuitChanged(origin, state) {
      if (!circuits.has(origin) && circuits.size >= MAX_ORIGINS) return;
      const previous = circuits.get(origin);
      circuits.set(origin, state);
      options.onCircuitChanged?.(origin, state, previous);
    },
    get anyCircuitOpen() {
      for (const state of circuits.values()) if (state !== 'closed') return true;
      return false;
    },
    flush,
  };
}

/** The URL of an upstream failure, for the counts; undefined for any other error (a bug). */
export function upstreamUrlOf(error: unknown): string | undefined {
  return error instanceof UpstreamError ? error.url : undefined;
}
