import type { RequestHandler } from 'express';

/** Flipped to false when shutdown begins, so the load balancer stops sending traffic. */
export interface Readiness {
  ready: boolean;
}

/** /healthz: the process runs. Never calls upstream. */
export function healthCheck(): RequestHandler {
  return function healthz(_req, res) {
    res.set('cache-control', 'no-store').type('text/plain').send('ok');
  };
}

/** /readyz: 200 while serving, 503 once shutdown has begun. */
export function readinessCheck(readiness: Readiness): RequestHandler {
  return function readyz(_req, res) {
    res.set('cache-control', 'no-store').type('text/plain');
    if (readiness.ready) res.send('ready');
    else res.status(503).send('shutting down');
  };
}
