/**
 * POST /purge on the metrics port (docs/interface.md, Content updates (purge)): the bearer token
 * (http/bearer-auth.ts), a JSON body bounded in bytes and in time, then one purge, one
 * `cache.purged` line and its metric. A request that is refused (401, 400, 408) drops nothing.
 * The public port never routes here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { bearerAuth } from '../http/bearer-auth';
import { ERRORS, jsonAnswer, jsonErrorAnswer, sendJsonAnswer } from '../http/errors';
import type { PurgeChannel, SharedPurgeOutcome } from './purge-channel';
import type { Purger, PurgeResult } from './purger';
import { purgeRequestOf, type PurgeRequest } from './purge-request';
import { LOG_EVENTS } from '../http/log-events';

/** A body of 1,000 slugs fits; a larger one is refused (400). */
const MAX_BODY_BYTES = 64 * 1024;
/**
 * A body over MAX_BODY_BYTES is read and dropped up to this many bytes before its 400, so the
 * client reads the answer rather than a reset; past it the 400 is sent at once, and the
 * connection closed.
 */
const MAX_DISCARDED_BYTES = 1024 * 1024;
/** The answer's word for a site purge of a host no site record answers. */
const NO_SITE_NOTE = 'no site answers this host: nothing of a site was dropped, only the shared data the purge names';
/** Slugs named in the log line; the count says how many there were. */
const LOGGED_SLUGS = 20;

export interface PurgeRouteDeps {
  readonly token: string;
  /** How long the body may take to arrive (METRICS_PORT_BODY_TIMEOUT_MS); then a 408 and the connection closes. */
  readonly bodyTimeoutMs: number;
  readonly purge: Purger;
  /** With a shared tier (CACHE_URL): the purge for the whole deployment, answered as `sharedTier`. */
  readonly announce?: PurgeChannel['announce'];
  readonly logger: Logger;
  /** Where the purge is counted (observability/metrics.ts). */
  readonly metrics: { countPurge(scope: PurgeRequest['scope'], dropped: PurgeResult): void };
  readonly now?: () => number;
}

/** The whole body; or why it was not read: over MAX_BODY_BYTES (once the rest is read and dropped, up to MAX_DISCARDED_BYTES), or not complete within `timeoutMs`. */
function readBody(req: IncomingMessage, timeoutMs: number): Promise<Buffer | 'too_large' | 'timed_out'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // A client that sends the headers, then trickles the body or never sends it, holds no socket past this.
    const deadline = setTimeout(() => resolve('timed_out'), timeoutMs);
    const settle = (read: Buffer | 'too_large') => {
      clearTimeout(deadline);
      resolve(read);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (size - chunk.length <= MAX_BODY_BYTES) chunks.length = 0;
      if (size > MAX_DISCARDED_BYTES) settle('too_large');
    });
    req.on('end', () => settle(size > MAX_BODY_BYTES ? 'too_large' : Buffer.concat(chunks)));
    req.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
  });
}

function parsedJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function logFieldsOf(request: PurgeRequest): Record<string, unknown> {
  if (request.scope === 'all') return { scope: 'all' };
  if (request.scope === 'site') return { scope: 'site', site: request.host, shared: request.shared };
  return { scope: 'slugs', site: request.host, slugs: request.slugs.slice(0, LOGGED_SLUGS), slugCount: request.slugs.length, shared: request.shared };
}

/** What the answer says of the site a purge was for: its setting, or that no site answers the host. */
function answerOf(setting: string | null | undefined): Record<string, unknown> {
  if (setting === undefined) return {};
  return setting === null ? { setting: null, note: NO_SITE_NOTE } : { setting };
}

export function purgeRoute(deps: PurgeRouteDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const authenticate = bearerAuth({ token: deps.token, refusal: 'PURGE_UNAUTHORIZED', route: 'purge', logger: deps.logger, now: deps.now });
  const refuseBody = (res: ServerResponse, code: 'PURGE_BAD_REQUEST' | 'PURGE_BODY_TIMEOUT', reason: string, headers: Record<string, string>) => {
    const { status, log } = ERRORS[code];
    deps.logger[log.level]({ event: log.event, status, reason }, `purge refused: ${reason}`);
    sendJsonAnswer(res, jsonErrorAnswer(code, reason, headers));
  };
  return function answerPurge(req, res) {
    if (req.method !== 'POST') {
      sendJsonAnswer(res, jsonErrorAnswer('PURGE_METHOD_NOT_ALLOWED'));
      return;
    }
    // Before the body is read: an outsider learns nothing about what it would have done.
    if (!authenticate(req, res)) return;
    readBody(req, deps.bodyTimeoutMs).then(
      (body) => {
        if (body === 'timed_out') {
          refuseBody(res, 'PURGE_BODY_TIMEOUT', `the body did not arrive within ${deps.bodyTimeoutMs} ms`, { connection: 'close' });
          return;
        }
        const request = body === 'too_large' ? { error: `the body is over ${MAX_BODY_BYTES} bytes` } : purgeRequestOf(parsedJson(body));
        if ('error' in request) {
          // A body still coming (past MAX_DISCARDED_BYTES) is not waited for: the connection closes after the answer.
          refuseBody(res, 'PURGE_BAD_REQUEST', request.error, req.complete ? {} : { connection: 'close' });
          return;
        }
        const startedAt = performance.now();
        const dropped = deps.purge(request);
        deps.metrics.countPurge(request.scope, dropped);
        const { setting, ...counts } = dropped;
        const answered = (sharedTier: SharedPurgeOutcome | undefined) => {
          const fields = { event: LOG_EVENTS.CACHE_PURGED.event, ...logFieldsOf(request), setting, dataEntries: counts.dataEntries, pages: counts.pages, ...(sharedTier ? { sharedTier } : {}), durationMs: Math.round((performance.now() - startedAt) * 10) / 10 };
          // The instances were not told: whoever sent it may send it again, or to each instance.
          if (sharedTier === 'unavailable') deps.logger.warn(fields, `purged ${counts.dataEntries} data entries and ${counts.pages} pages here; the shared tier could not be reached, so other instances were not told`);
          else deps.logger.info(fields, `purged ${counts.dataEntries} data entries and ${counts.pages} pages`);
          sendJsonAnswer(res, jsonAnswer(200, { purged: request, ...answerOf(setting), dropped: counts, ...(sharedTier ? { sharedTier } : {}) }));
        };
        if (deps.announce) void deps.announce(request, setting ?? null).then(answered);
        else answered(undefined);
      },
      () => res.destroy(),
    );
  };
}
