/**
 * Why the public port's guard closes a connection before serving it (edge/connection-guard.ts),
 * and the one line that says so, naming the peer and the setting that decided it. Pure.
 */

/** Its address held its share of the cap; every socket was busy at the cap; no complete request came in time. */
export type RefusalReason = 'per_address_share' | 'cap' | 'first_request_timeout';

export const REFUSAL_REASONS: readonly RefusalReason[] = ['per_address_share', 'cap', 'first_request_timeout'];

/** What decides each refusal. */
export interface RefusalSettings {
  readonly maxConnections: number;
  readonly perAddressShare: number;
  readonly firstRequestDeadlineMs: number;
  /** TRUST_PROXY as configured (false: unset). */
  readonly trustProxy: boolean | number | readonly string[];
}

export interface RefusalLine {
  readonly level: 'warn' | 'info';
  readonly fields: Record<string, unknown>;
  readonly msg: string;
}

/** The `connection.refused` line for `refused` refusals of one reason, the last from `peer`. */
export function refusalLineOf(reason: RefusalReason, peer: string, refused: number, settings: RefusalSettings): RefusalLine {
  const base = { event: 'connection.refused', reason, peer, refused };
  switch (reason) {
    case 'per_address_share':
      return {
        level: 'warn',
        fields: { ...base, setting: 'MAX_CONNECTIONS', perAddressShare: settings.perAddressShare, maxConnections: settings.maxConnections, trustProxy: settings.trustProxy },
        msg: `connections refused: ${peer} already holds ${settings.perAddressShare} sockets, its share (an eighth) of MAX_CONNECTIONS ${settings.maxConnections}; behind a load balancer or proxy, set TRUST_PROXY to its address (docs/deploy.md)`,
      };
    case 'cap':
      return {
        level: 'warn',
        fields: { ...base, setting: 'MAX_CONNECTIONS', maxConnections: settings.maxConnections },
        msg: `connections refused: MAX_CONNECTIONS ${settings.maxConnections} sockets open, every one serving a request`,
      };
    case 'first_request_timeout':
      return {
        level: 'info',
        fields: { ...base, setting: 'first request deadline', firstRequestDeadlineMs: settings.firstRequestDeadlineMs },
        msg: `connections closed: no complete request within ${settings.firstRequestDeadlineMs} ms of connecting (an idle or slow client)`,
      };
  }
}
