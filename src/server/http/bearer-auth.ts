/**
 * The bearer authentication of the metrics port's routes that act or tell on behalf of someone
 * (POST /purge, GET /site): `Authorization: Bearer <PURGE_TOKEN>`, compared in constant time.
 * A refusal answers the route's 401 and is logged at most once a minute, with the latest
 * client's address and how many there were: whoever guesses cannot flood the log.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ERRORS, jsonErrorAnswer, sendJsonAnswer } from './errors';

/** At most one refusal line for a wrong or missing token per this interval. */
const UNAUTHORIZED_LOG_INTERVAL_MS = 60_000;

export interface BearerAuthDeps {
  readonly token: string;
  /** The route's 401, with the event its refusals are logged under. */
  readonly refusal: 'PURGE_UNAUTHORIZED' | 'SITE_QUERY_UNAUTHORIZED';
  /** The route as its log line names it ("purge refused: ..."). */
  readonly route: string;
  readonly logger: Logger;
  readonly now?: () => number;
}

/** True when the request carries the token; otherwise its 401 has been answered. */
export type BearerAuth = (req: IncomingMessage, res: ServerResponse) => boolean;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal digests, compared in constant time: neither the token's length nor its characters leak through timing. */
function bearerMatches(authorization: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), expected);
}

export function bearerAuth(deps: BearerAuthDeps): BearerAuth {
  const expected = digest(deps.token);
  const now = deps.now ?? Date.now;
  const { status, message: reason, log } = ERRORS[deps.refusal];
  let unauthorized = { count: 0, loggedAt: Number.NEGATIVE_INFINITY };
  return function authenticate(req, res) {
    if (bearerMatches(req.headers.authorization, expected)) return true;
    unauthorized.count++;
    if (now() - unauthorized.loggedAt >= UNAUTHORIZED_LOG_INTERVAL_MS) {
      deps.logger[log.level]({ event: log.event, status, reason, client: req.socket.remoteAddress, count: unauthorized.count }, `${deps.route} refused: ${reason}`);
      unauthorized = { count: 0, loggedAt: now() };
    }
    sendJsonAnswer(res, jsonErrorAnswer(deps.refusal), req.method);
    return false;
  };
}
