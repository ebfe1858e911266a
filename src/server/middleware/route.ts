import type { RequestHandler } from 'express';
import { matchRoute } from '../routes';
import { queryOf } from '../request-query';

/** Looks the request up in the route table once; later steps read res.locals.route. */
export function routeMatching(): RequestHandler {
  return function matchRequestRoute(req, res, next) {
    res.locals.route = matchRoute(req.path, queryOf(req).s !== undefined);
    next();
  };
}
