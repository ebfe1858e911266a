/**
 * The metrics port (METRICS_PORT, never the public one): what it answers, for index.ts to listen
 * with. Probes answer here too, so they keep working when the public port is saturated.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import { plainErrorAnswer, sendPlainError, type ErrorCode } from '../http/errors';
import { PURGE_PATH } from '../purge/purge-request';
import { probeAnswerOf, probeOf, type Readiness } from '../rules/health';

/**
 * The metrics port: GET /metrics in the Prometheus text format, and the same /healthz and
 * /readyz as the public port, so probes keep working when the public port is saturated; with
 * PURGE_TOKEN, POST /purge (purge/purge-route.ts).
 */
export function metricsPortHandler(registry: Registry, readiness: Readiness, purge?: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse) => void {
  return function serveMetricsPort(req, res) {
    const path = (req.url ?? '').split('?')[0];
    const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
    const answerError = (code: ErrorCode) => sendPlainError(res, plainErrorAnswer(code), req.method);
    const probe = probeOf(req.method, req.url);
    if (path === PURGE_PATH) {
      // Without PURGE_TOKEN the route does not exist (contract/app.md, Content updates).
      if (purge) purge(req, res);
      else answerError('NOT_FOUND');
    } else if (probe) {
      const answer = probeAnswerOf(probe, readiness);
      res.writeHead(answer.status, plain).end(req.method === 'HEAD' ? undefined : answer.body);
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      answerError('METHOD_NOT_ALLOWED');
    } else if (path === '/metrics') {
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
        () => answerError('METRICS_UNAVAILABLE'),
      );
    } else {
      answerError('NOT_FOUND');
    }
  };
}
