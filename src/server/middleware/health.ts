import type { RequestHandler } from 'express';

/** Flipped to false when shutdown begins, so the load balancer stops sending traffic. */
export interface Readiness {
  ready: boolean;
}

export interface ProbeAnswer {
  readonly status: number;
  readonly body: string;
}

/** /healthz: the process runs. Pure; shared by the public port and the metrics port. */
export const HEALTHY: ProbeAnswer = { status: 200, body: 'ok' };

/** /readyz: 200 while serving, 503 once shutdown has begun. Pure; shared by both ports. */
export function readinessAnswerOf(readiness: Readiness): ProbeAnswer {
  return readiness.ready ? { status: 200, body: 'ready' } : { status: 503, body: 'shutting down' };
}

/** /healthz: never calls upstream. */
export function healthCheck(): RequestHandler {
  return function healthz(_req, res) {
    res.set('cache-control', 'no-store').type('text/plain').status(HEALTHY.status).send(HEALTHY.body);
  };
}

export function readinessCheck(readiness: Readiness): RequestHandler {
  return function readyz(_req, res) {
    const answer = readinessAnswerOf(readiness);
    res.set('cache-control', 'no-store').type('text/plain').status(answer.status).send(answer.body);
  };
}
