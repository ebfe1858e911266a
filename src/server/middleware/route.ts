import type { Stage } from '../request/locals';
import { matchRoute } from '../rules/routes';
import { queryOf } from '../request/query';
import type { Nothing, Step } from './steps';

/** Looks the request up in the route table once; the steps after it read the match. */
export function routeMatching(): Step<Nothing, Stage<'route'>> {
  return function matchRequestRoute(req) {
    return { route: matchRoute(req.path, queryOf(req).s !== undefined) };
  };
}
