/** Query parameters of a request, read the way every step of the app reads them. */
import type { ParsedUrlQuery } from 'node:querystring';
import type { Request } from 'express';

/**
 * The request's query, parsed once by its envelope (front-door/envelope.ts), as Express's `simple`
 * query parser would: Express parses it again on every read of `req.query`.
 */
export function queryOf(req: Request): ParsedUrlQuery {
  return req.envelope.query;
}

/** The first value of a query parameter; repeated keys and nested objects are ignored. */
export function queryValue(req: Request, key: string): string | undefined {
  const value: unknown = queryOf(req)[key];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}
