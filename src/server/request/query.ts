/** Query parameters of a request, read the way every step of the app reads them. */
import type { Request } from 'express';
import './locals';

/**
 * The request's query, parsed once: Express 5 parses the query string again on every read of
 * `req.query`, and a page request reads it in several steps.
 */
export function queryOf(req: Request): Request['query'] {
  const locals = req.res?.locals;
  if (!locals) return req.query;
  return (locals.query ??= req.query);
}

/** The first value of a query parameter; repeated keys and nested objects are ignored. */
export function queryValue(req: Request, key: string): string | undefined {
  const value: unknown = queryOf(req)[key];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}
