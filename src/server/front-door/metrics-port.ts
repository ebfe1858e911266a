/**
 * The metrics port (METRICS_PORT, never the public one): what it answers, for index.ts to listen
 * with. Probes answer here too, so they keep working when the public port is saturated.
 */
import { NO_STORE } from '../http/cache-control';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import { SITE_LABEL } from '../observability/metrics';
import { envelopeRequest, finishWhenDone, type EnvelopedRequest, type FrontDoorSettings, type RequestRecorder } from './envelope';
import { trustFunctionOf } from './peer-trust';
import { FIRST_REQUEST_DEADLINE_MS, guardConnections, perPeerShareOf, type ConnectionGuard } from './connection-guard';
import { createRefusalReport } from './refusal-report';
import { createLimitedServer, REQUEST_TIMEOUTS } from './listeners';
import { plainErrorAnswer, sendPlainError, type ErrorCode } from '../http/errors';
import { PURGE_PATH } from '../purge/purge-request';
import { probeAnswerOf, probeOf, type ProbeName, type Readiness } from './health';
import { SITE_QUERY_PATH } from './site-query';

export interface MetricsPortDeps extends RequestRecorder {
  readonly registry: Registry;
  readonly readiness: Readiness;
  /** POST /purge (purge/purge-route.ts); absent without PURGE_TOKEN. */
  readonly purge?: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  /** GET /site (front-door/site-query.ts); absent without PURGE_TOKEN. */
  readonly site?: ((req: EnvelopedRequest, res: ServerResponse) => void) | undefined;
}

/** The route label of the metrics port's answers: a few fixed names (metrics.ts keeps labels bounded). */
export type MetricsPortRoute = 'metrics' | 'purge' | 'site' | ProbeName | 'unrouted';

/**
 * The metrics port's front door: its requests get an envelope as the public port's do, for the
 * request id and the access-log line. It serves no site: no peer is trusted (Prometheus and the
 * kubelet connect directly), and the host is never read as a site's.
 */
const METRICS_PORT_FRONT_DOOR: FrontDoorSettings = { trust: trustFunctionOf(false), defaultSiteKey: '', basePath: '' };

/** True when the request says a body follows its headers (RFC 9112, 6.3). Pure. */
export function declaresBody(req: Pick<IncomingMessage, 'headers'>): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The metrics port: GET /metrics in the Prometheus text format, and the same /healthz and
 * /readyz as the public port, so probes keep working when the public port is saturated; with
 * PURGE_TOKEN, POST /purge (purge/purge-route.ts) and GET /site (front-door/site-query.ts), both behind
 * its bearer token. Every answer carries the request id and is
 * finished where every request is (front-door/envelope.ts: one access-log line, `port: "metrics"`,
 * and one observation under the site label `_metrics_port`).
 */
export function metricsPortHandler(deps: MetricsPortDeps): RequestListener {
  const { registry, readiness, purge, site } = deps;
  return function serveMetricsPort(incoming, res) {
    const started = performance.now();
    const req = envelopeRequest(incoming, METRICS_PORT_FRONT_DOOR);
    const path = req.envelope.targetPath;
    const probe = probeOf(req.method, path);
    const route: MetricsPortRoute = path === PURGE_PATH ? 'purge' : path === SITE_QUERY_PATH ? 'site' : (probe ?? (path === '/metrics' ? 'metrics' : 'unrouted'));
    res.setHeader('x-request-id', req.envelope.reqId);
    // Only POST /purge reads a body, for METRICS_PORT_BODY_TIMEOUT_MS at most: a body still to come
    // after any answer would otherwise be read and dropped on a kept socket for as long as it trickles.
    if (declaresBody(req)) res.setHeader('connection', 'close');
    finishWhenDone(deps, req, res, started, (aborted) => ({ labels: { route, site: SITE_LABEL.metricsPort }, status: res.statusCode, aborted, port: 'metrics' }));
    const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NO_STORE };
    const answerError = (code: ErrorCode) => sendPlainError(res, plainErrorAnswer(code), req.method);
    if (route === 'purge') {
      // Without PURGE_TOKEN the route does not exist (docs/interface.md, Content updates (purge)).
      if (purge) purge(req, res);
      else answerError('NOT_FOUND');
    } else if (route === 'site') {
      // Like /purge: without PURGE_TOKEN the route does not exist.
      if (site) site(req, res);
      else answerError('NOT_FOUND');
    } else if (probe) {
      const answer = probeAnswerOf(probe, readiness);
      res.writeHead(answer.status, plain).end(req.method === 'HEAD' ? undefined : answer.body);
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      answerError('METHOD_NOT_ALLOWED');
    } else if (route === 'metrics') {
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': NO_STORE }).end(req.method === 'HEAD' ? undefined : text),
        () => answerError('METRICS_UNAVAILABLE'),
      );
    } else {
      answerError('NOT_FOUND');
    }
  };
}

/**
 * Sockets the metrics port holds at most. One peer address holds at most a share of them
 * (perPeerShareOf: 16), so whatever one client holds, the kubelet and Prometheus find room.
 */
export const METRICS_PORT_MAX_CONNECTIONS = 64;

/** What the metrics port's server is built with. */
export interface MetricsPortServerOptions extends RequestRecorder {
  readonly keepAliveTimeoutMs: number;
  /** METRICS_PORT_MAX_CONNECTIONS unless a test sets another. */
  readonly cap?: number;
}

/**
 * The metrics port's server, with the public port's defences (connection-guard.ts): a first-request
 * deadline, a share of the cap per peer, the oldest idle socket giving way at the cap. Without
 * them 64 idle keep-alive sockets of one client held the port, and the probes got resets
 * (issue 46). No peer is trusted here: Prometheus and the kubelet connect directly. What it
 * refuses (connections, requests its parser cannot take) is reported as the public port's
 * refusals are (refusal-report.ts), under `port: "metrics"`.
 */
export function createMetricsPortServer(handler: RequestListener, options: MetricsPortServerOptions): { readonly server: Server; readonly guard: ConnectionGuard } {
  const cap = options.cap ?? METRICS_PORT_MAX_CONNECTIONS;
  const limits = { ...REQUEST_TIMEOUTS, keepAliveTimeoutMs: options.keepAliveTimeoutMs, maxConnections: cap };
  const onRefused = createRefusalReport({
    logger: options.logger,
    metrics: options.metrics,
    settings: { port: 'metrics', maxConnections: cap, perAddressShare: perPeerShareOf(cap), firstRequestDeadlineMs: FIRST_REQUEST_DEADLINE_MS, headersTimeoutMs: limits.headersTimeoutMs, requestTimeoutMs: limits.requestTimeoutMs, trustProxy: false },
  });
  const server = createLimitedServer(handler, limits, onRefused);
  return { server, guard: guardConnections(server, { cap, trust: trustFunctionOf(false), onRefused }) };
}
