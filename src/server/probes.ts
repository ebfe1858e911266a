/**
 * /healthz and /readyz on the public port, answered by Node alone before anything that can
 * wait: the page cache, the admission queue (admission.ts) and Express. A balancer with a short
 * health timeout must not take an instance out exactly when it is protecting its cached sites
 * from an overload (issue 26): the answer then costs its own parsing and nothing else. It
 * carries what every answer carries (security headers, request id), and leaves the request
 * line and request metrics as the Express path would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { logPathOf, logRequestCompleted, requestIdOf } from './logger';
import { SITE_LABEL, type Metrics } from './metrics';
import { probeAnswerOf, probeOf, type Readiness } from './middleware/health';
import { peerIsTrusted, type TrustFunction } from './peer-trust';

export interface ProbeDeps {
  readonly readiness: Readiness;
  /** Headers every answer carries (security headers), set as they are. */
  readonly staticHeaders: readonly (readonly [string, string])[];
  readonly trust: TrustFunction;
  readonly metrics: Metrics;
  readonly logger: Logger;
}

/** Returns a handler that answers a probe and says whether the request was one. */
export function createProbeAnswering(deps: ProbeDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const headers = [...deps.staticHeaders.flat(), 'cache-control', 'no-store', 'content-type', 'text/plain; charset=utf-8'];
  return function answerProbe(req, res) {
    const probe = probeOf(req.method, req.url);
    if (!probe) return false;
    const started = performance.now();
    const answer = probeAnswerOf(probe, deps.readiness);
    const reqId = requestIdOf(req.headers['x-request-id'], peerIsTrusted(deps.trust, req.socket));
    res.writeHead(answer.status, [...headers, 'x-request-id', reqId, 'content-length', String(Buffer.byteLength(answer.body))]);
    res.end(req.method === 'HEAD' ? undefined : answer.body);
    const seconds = (performance.now() - started) / 1000;
    deps.metrics.observeRequest({ route: probe, site: SITE_LABEL.none, status: answer.status, seconds });
    logRequestCompleted(deps.logger, { reqId, method: req.method, path: logPathOf(req.url), status: answer.status, responseTime: Math.round(seconds * 1000) });
    return true;
  };
}
