import type { Nothing, Step, Stage } from '../http/steps';

/** The route the request's envelope matched (front-door/envelope.ts), for the steps after this one. */
export function routeMatching(): Step<Nothing, Stage<'route'>> {
  return function matchRequestRoute(req) {
    return { route: req.envelope.route };
  };
}
