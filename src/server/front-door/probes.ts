/**
 * /healthz and /readyz on the public port, answered by Node alone before anything that can
 * wait: the page cache, the admission queue (admission.ts) and Express. A balancer with a short
 * health timeout must not take an instance out exactly when it is protecting its cached sites
 * from an overload (issue 26): the answer then costs its own parsing and nothing else. It
 * carries what every answer carries (security headers, request id), and is finished where every
 * request is (front-door/envelope.ts, finishRequest: the access-log line and the metrics).
 */
import { NO_STORE } from '../http/cache-control';
import type { ServerResponse } from 'node:http';
import { finishRequest, type EnvelopedRequest, type RequestRecorder } from './envelope';
import { SITE_LABEL } from '../observability/metrics';
import { probeAnswerOf, probeOf, type Readiness } from './health';

export interface ProbeDeps extends RequestRecorder {
  readonly readiness: Readiness;
  /** Headers every answer carries (security headers), set as they are. */
  readonly staticHeaders: readonly (readonly [string, string])[];
}

/** Returns a handler that answers a probe and says whether the request was one. */
export function createProbeAnswering(deps: ProbeDeps): (req: EnvelopedRequest, res: ServerResponse) => boolean {
  const headers = [...deps.staticHeaders.flat(), 'cache-control', NO_STORE, 'content-type', 'text/plain; charset=utf-8'];
  return function answerProbe(req, res) {
    const probe = probeOf(req.method, req.envelope.targetPath);
    if (!probe) return false;
    const started = performance.now();
    const answer = probeAnswerOf(probe, deps.readiness);
    res.writeHead(answer.status, [...headers, 'x-request-id', req.envelope.reqId, 'content-length', String(Buffer.byteLength(answer.body))]);
    res.end(req.method === 'HEAD' ? undefined : answer.body);
    finishRequest(deps, req, started, { labels: { route: probe, site: SITE_LABEL.none }, status: answer.status });
    return true;
  };
}
