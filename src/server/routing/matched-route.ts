import type { Nothing, Step, Stage } from '../http/steps';

/**
 * The route the request's envelope matched (front-door/envelope.ts), for the steps after this one.
 * A step of its own, after the https redirect, though it only copies the envelope's route: the
 * request's route label (access-log line, metrics: front-door/request-logging.ts) is the route's
 * once this step ran, so a request the redirect answered keeps its early label ('unrouted').
 */
export function routeMatching(): Step<Nothing, Stage<'route'>> {
  return function matchRequestRoute(req) {
    return { route: req.envelope.route };
  };
}
