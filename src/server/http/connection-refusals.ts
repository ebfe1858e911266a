/**
 * Why a port closes a connection before serving it, or refuses a request its parser could not
 * take (front-door/connection-guard.ts, front-door/listeners.ts), and the one line that says so, naming the
 * port, the peer and the setting that decided it. Pure.
 */
import { LOG_EVENTS } from './log-events';

/**
 * The connection guard's: its address held its share of the cap; every socket was busy at the
 * cap; no complete request came in time. Node's parser's (answered with a bare status line):
 * headers over Node's limit (431), chunk extensions over its limit (413), a request not complete
 * within the request time (408), a request that is no HTTP (400).
 */
export type RefusalReason = 'per_address_share' | 'cap' | 'first_request_timeout' | 'headers_too_large' | 'chunk_extensions_too_large' | 'request_timeout' | 'bad_request';

export const REFUSAL_REASONS: readonly RefusalReason[] = ['per_address_share', 'cap', 'first_request_timeout', 'headers_too_large', 'chunk_extensions_too_large', 'request_timeout', 'bad_request'];

/** The public port (PORT), or the metrics port (METRICS_PORT: /metrics, its probes, POST /purge). */
export type RefusingPort = 'public' | 'metrics';

export const REFUSING_PORTS: readonly RefusingPort[] = ['public', 'metrics'];

/** What decides each refusal, on one port. */
export interface RefusalSettings {
  readonly port: RefusingPort;
  readonly maxConnections: number;
  readonly perAddressShare: number;
  readonly firstRequestDeadlineMs: number;
  /** How long a request may take to send its headers, and all of it (the 408). */
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  /** TRUST_PROXY as configured (false: unset; always false on the metrics port). */
  readonly trustProxy: boolean | number | readonly string[];
}

export interface RefusalLine {
  readonly level: 'warn' | 'info';
  readonly fields: Record<string, unknown>;
  readonly msg: string;
}

/** The `connection.refused` line for `refused` refusals of one reason on one port, the last from `peer`. */
export function refusalLineOf(reason: RefusalReason, peer: string, refused: number, settings: RefusalSettings): RefusalLine {
  const base = { event: LOG_EVENTS.CONNECTION_REFUSED.event, port: settings.port, reason, peer, refused };
  // The public port's cap is MAX_CONNECTIONS; the metrics port's is fixed (front-door/metrics-port.ts).
  const cap = settings.port === 'public' ? `MAX_CONNECTIONS ${settings.maxConnections}` : `the metrics port's ${settings.maxConnections}`;
  const on = settings.port === 'public' ? '' : ' on the metrics port';
  switch (reason) {
    case 'per_address_share':
      return {
        level: 'warn',
        fields: { ...base, setting: 'MAX_CONNECTIONS', perAddressShare: settings.perAddressShare, maxConnections: settings.maxConnections, trustProxy: settings.trustProxy },
        msg:
          settings.port === 'public'
            ? `connections refused: ${peer} already holds ${settings.perAddressShare} sockets, its share (an eighth) of ${cap}; behind a load balancer or proxy, set TRUST_PROXY to its address (docs/deploy.md)`
            : `connections refused: ${peer} already holds ${settings.perAddressShare} sockets, its share of ${cap}; one client holds sockets it does not use`,
      };
    case 'cap':
      return {
        level: 'warn',
        fields: { ...base, setting: 'MAX_CONNECTIONS', maxConnections: settings.maxConnections },
        msg: `connections refused: ${cap} sockets open, every one serving a request`,
      };
    case 'first_request_timeout':
      return {
        level: 'info',
        fields: { ...base, setting: 'first request deadline', firstRequestDeadlineMs: settings.firstRequestDeadlineMs },
        msg: `connections closed${on}: no complete request within ${settings.firstRequestDeadlineMs} ms of connecting (an idle or slow client)`,
      };
    case 'request_timeout':
      return {
        level: 'info',
        fields: { ...base, setting: 'request time', headersTimeoutMs: settings.headersTimeoutMs, requestTimeoutMs: settings.requestTimeoutMs },
        msg: `requests refused${on} (408): headers not complete within ${settings.headersTimeoutMs} ms, or the whole request within ${settings.requestTimeoutMs} ms (a slow client)`,
      };
    case 'headers_too_large':
      return { level: 'info', fields: { ...base, setting: 'header size' }, msg: `requests refused${on} (431): headers over Node's limit (--max-http-header-size, 16 KB by default)` };
    case 'chunk_extensions_too_large':
      return { level: 'info', fields: base, msg: `requests refused${on} (413): chunk extensions over Node's limit` };
    case 'bad_request':
      return { level: 'info', fields: base, msg: `requests refused${on} (400): not a request Node's HTTP parser could read` };
  }
}
