/**
 * POST /purge on the metrics port (contract/app.md, Content updates): a bearer token compared
 * in constant time, a bounded JSON body, then one purge, one `cache.purged` line and its metric.
 * A request that is refused (401, 400) drops nothing. The public port never routes here.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Purger, PurgeResult } from './purger';
import { purgeRequestOf, type PurgeRequest } from './purge-request';

/** A body of 1,000 slugs fits; a larger one is refused before it is read whole. */
const MAX_BODY_BYTES = 64 * 1024;
/** Slugs named in the log line; the count says how many there were. */
const LOGGED_SLUGS = 20;

export interface PurgeRouteDeps {
  readonly token: string;
  readonly purge: Purger;
  readonly logger: Logger;
  /** Where the purge is counted (observability/metrics.ts). */
  readonly metrics: { countPurge(scope: PurgeRequest['scope'], dropped: PurgeResult): void };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal digests, compared in constant time: neither the token's length nor its characters leak through timing. */
function bearerMatches(authorization: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), expected);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(text)), ...headers }).end(text);
}

/** The whole body, or null past MAX_BODY_BYTES. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
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
  if (request.scope === 'site') return { scope: 'site', site: request.host };
  return { scope: 'slugs', site: request.host, slugs: request.slugs.slice(0, LOGGED_SLUGS), slugCount: request.slugs.length };
}

export function purgeRoute(deps: PurgeRouteDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const expected = digest(deps.token);
  const refuse = (res: ServerResponse, status: 400 | 401, reason: string) => {
    deps.logger.warn({ event: 'purge.refused', status, reason }, `purge refused: ${reason}`);
    sendJson(res, status, { error: reason }, status === 401 ? { 'www-authenticate': 'Bearer' } : {});
  };
  return function answerPurge(req, res) {
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: 'POST only' }, { allow: 'POST' });
      return;
    }
    // Before the body is read: an outsider learns nothing about what it would have done.
    if (!bearerMatches(req.headers.authorization, expected)) {
      refuse(res, 401, 'missing or wrong bearer token');
      return;
    }
    readBody(req).then(
      (body) => {
        const request = body === null ? { error: `the body is over ${MAX_BODY_BYTES} bytes` } : purgeRequestOf(parsedJson(body));
        if ('error' in request) {
          refuse(res, 400, request.error);
          return;
        }
        const startedAt = performance.now();
        const dropped = deps.purge(request);
        deps.metrics.countPurge(request.scope, dropped);
        deps.logger.info(
          { event: 'cache.purged', ...logFieldsOf(request), dataEntries: dropped.dataEntries, pages: dropped.pages, durationMs: Math.round((performance.now() - startedAt) * 10) / 10 },
          `purged ${dropped.dataEntries} data entries and ${dropped.pages} pages`,
        );
        sendJson(res, 200, { purged: request, dropped });
      },
      () => res.destroy(),
    );
  };
}
