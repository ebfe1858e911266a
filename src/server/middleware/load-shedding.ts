import type { RequestHandler } from 'express';
import type { Metrics } from '../metrics';

/** The answer past the bound: tiny, never stored, and the client may try again in a second. */
const SHED_HEADERS = { 'retry-after': '1', 'cache-control': 'private, no-store' } as const;

/**
 * Whether one more request may start while `inFlight` are in progress. The refresh of a stale
 * cached page always may: there is at most one per page, and shed, it would leave the page
 * unrefreshed and the next request for it would claim the refresh and be shed in turn. Pure.
 */
export function admitsAnother(inFlight: number, maxInFlight: number, refreshesCachedPage: boolean): boolean {
  return refreshesCachedPage || inFlight < maxInFlight;
}

export interface LoadSheddingOptions {
  readonly maxInFlight: number;
  readonly metrics: Metrics;
}

/**
 * At most `maxInFlight` page and document requests in progress; past that, 503 at once. When
 * the upstream fails fast, every cold host renders a whole degraded page: without a bound,
 * hundreds at once fill the event loop and memory, and /healthz (answered before this step)
 * waits behind them. A request leaves the count when its response closes (finished, or the
 * client gone), from the next event-loop turn on: a page that fails fast renders in the turn
 * its request arrived, so freeing its slot at once would let one turn render every request
 * that is waiting on a socket; this way one turn renders at most `maxInFlight` pages.
 */
export function loadShedding({ maxInFlight, metrics }: LoadSheddingOptions): RequestHandler {
  let inFlight = 0;
  return function shedPastInFlightBound(_req, res, next) {
    if (!admitsAnother(inFlight, maxInFlight, res.locals.pageOutput?.refreshesCachedPage === true)) {
      metrics.countShed();
      res.status(503).set(SHED_HEADERS).type('text/plain').send('Busy, try again shortly');
      return;
    }
    inFlight += 1;
    res.once('close', () => setImmediate(() => (inFlight -= 1)));
    next();
  };
}
