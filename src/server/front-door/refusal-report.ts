/**
 * A refused connection or request is never silent, on either port: each one is counted
 * (connections_refused_total, by reason and port) and, per reason, one `connection.refused` line
 * a minute at most says how many, the port, the last peer and the setting that decided it
 * (http/connection-refusals.ts).
 */
import type { Logger } from 'pino';
import type { Metrics } from '../observability/metrics';
import { refusalLineOf, type RefusalReason, type RefusalSettings } from '../http/connection-refusals';
import type { OnRefused } from './listeners';

/** At most one line per reason in this time; the metric counts every refusal. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;

export interface RefusalReportOptions {
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly settings: RefusalSettings;
  readonly now?: () => number;
}

/** The onRefused of one port's guard and server (connection-guard.ts, listeners.ts). */
export function createRefusalReport(options: RefusalReportOptions): OnRefused {
  const now = options.now ?? Date.now;
  const sinceLogged = new Map<RefusalReason, { refused: number; loggedAt: number }>();
  return (reason, peer) => {
    options.metrics.countRefusedConnection(reason, options.settings.port);
    const entry = sinceLogged.get(reason) ?? { refused: 0, loggedAt: -Infinity };
    entry.refused += 1;
    sinceLogged.set(reason, entry);
    if (now() - entry.loggedAt < REFUSAL_LOG_INTERVAL_MS) return;
    const line = refusalLineOf(reason, peer, entry.refused, options.settings);
    options.logger[line.level](line.fields, line.msg);
    entry.loggedAt = now();
    entry.refused = 0;
  };
}
