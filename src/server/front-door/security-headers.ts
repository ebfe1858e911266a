import type { RequestHandler } from 'express';

/** Sets a fixed list of headers on every answer: the security headers, computed once (http/security.ts). */
export function staticHeaders(headers: readonly (readonly [string, string])[]): RequestHandler {
  return function setSecurityHeaders(_req, res, next) {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
