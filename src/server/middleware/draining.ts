import type { RequestHandler } from 'express';
import type { Readiness } from './health';

/**
 * Once shutdown has begun, every answer closes its connection: a keep-alive client (or load
 * balancer) that keeps a busy connection open would otherwise hold the server open until the
 * forced exit, and lose the request in flight then. Its next request opens a new connection,
 * which reaches another instance once this one stops listening.
 */
export function closeConnectionsWhenDraining(readiness: Readiness): RequestHandler {
  return function closeConnectionWhenDraining(_req, res, next) {
    if (!readiness.ready) res.setHeader('connection', 'close');
    next();
  };
}
