/**
 * What a request's envelope holds (made once per request by front-door/envelope.ts), and
 * `req.envelope` declared on Express's request: here, below every step that reads it (the steps
 * of routing/, site/, page-cache/ and the front door).
 */
import type { ParsedUrlQuery } from 'node:querystring';
import type { RequestHostSource, SiteAddress } from './host';
import type { RouteMatch } from './routes';

/** The site a request is for: its host, site key and origin (as its pages show it: canonical, og:url). */
export interface RequestAddress extends SiteAddress {
  readonly origin: string;
}

/** What a request asks for, worked out once from its host, scheme and target (requestedOf). */
export interface Requested {
  /** The target's path, without its query. */
  readonly targetPath: string;
  /** The site's own path: the target's path with BASE_PATH taken off; null outside BASE_PATH. */
  readonly sitePath: string | null;
  /** null: the host is missing, malformed or repeated (a 400 page, front-door/host-resolution.ts). */
  readonly address: RequestAddress | null;
  /** The target's query, parsed as Express's `simple` query parser does (node:querystring). */
  readonly query: ParsedUrlQuery;
  /** The route of the site's own path (the base path taken off); not-found outside the base path. */
  readonly route: RouteMatch;
  /** The page-cache key (page-cache/rules.ts); null: never cached (personal, a bad host, outside the base path). */
  readonly pageCacheKey: string | null;
}

export interface RequestEnvelope extends Requested {
  /** A trusted load balancer's well-formed x-request-id, or a fresh UUID. */
  readonly reqId: string;
  /** Where the host came from: X-Forwarded-Host from a trusted proxy, else Host. */
  readonly hostSource: RequestHostSource;
  /** The raw host as it came (port included), '' when none: development origins keep its port. */
  readonly rawHost: string;
  /** The visitor's scheme: X-Forwarded-Proto's first value from a trusted proxy, else the socket's. */
  readonly protocol: string;
  /** A trusted proxy says the visitor came over plain http (the https redirect's case). */
  readonly forwardedOverHttp: boolean;
  /** The target's path as the access-log line shows it (logPathOf: no query, capped). */
  readonly logPath: string;
}

declare global {
  // Express declares its request type in this global namespace.
  namespace Express {
    interface Request {
      /** Given by the listener before any way answers (front-door/envelope.ts): id, host, scheme, site address, route and page-cache key, worked out once. */
      readonly envelope: RequestEnvelope;
    }
  }
}
