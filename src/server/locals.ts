/** Per-request state, typed on Express.Locals and filled in middleware order. */
import type { RouteMatch } from './routes';
import type { Site } from './site/load-site';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Set by the host middleware. */
      host?: string;
      siteKey?: string;
      /** Set by the route middleware. */
      route?: RouteMatch;
      /** Set by the site-settings middleware. */
      site?: Site;
    }
  }
}

export {};
