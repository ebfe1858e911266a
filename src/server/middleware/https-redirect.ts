import { isIP } from 'node:net';
import { joinPath } from '../../shared/format';
import { badRequest } from '../http/errors';
import type { Stage } from '../request/locals';
import { ANSWERED, type Nothing, type Step } from './steps';

/**
 * Longest Location sent. Balancers cap response headers (nginx: 4 or 8 KB in all) and answer
 * 502 above that; a longer address gets a 400 page instead.
 */
export const MAX_LOCATION_LENGTH = 2048;

/**
 * The redirect is the answer for the http address only, and the https one serves the page: a
 * shared cache that keys on the URL without the scheme (a CDN that forwards both to us) would
 * send the redirect to https visitors too, a loop. So only the browser keeps it (its cache key
 * holds the scheme), and the Vary names what it depends on.
 */
export const REDIRECT_CACHE_CONTROL = 'private, max-age=3600';

/** The same address over https: the validated host (never the raw header) and the path. Pure. */
export function httpsLocationOf(host: string, path: string, originalUrl: string): string {
  const authority = isIP(host) === 6 ? `[${host}]` : host;
  const queryStart = originalUrl.indexOf('?');
  return `https://${authority}${path}${queryStart < 0 ? '' : originalUrl.slice(queryStart)}`;
}

/**
 * Behind a TLS-terminating load balancer (TRUST_PROXY): a visitor who came over http is sent
 * to https with a permanent redirect. Requests that did not pass a trusted proxy (health checks,
 * local runs) are served as they are (the request's envelope says which, request/envelope.ts).
 * Runs after host resolution, so the host is validated.
 */
export function httpsRedirect(options: { basePath: string }): Step<Stage<'host'>, Nothing> {
  return function redirectToHttps(req, res, { host }) {
    if (!req.envelope.forwardedOverHttp) return {};
    // req.path is the site's own path: the base path was taken off in front (base-path.ts).
    const location = httpsLocationOf(host, joinPath(options.basePath, req.path), req.originalUrl);
    if (location.length > MAX_LOCATION_LENGTH) throw badRequest('This address is too long.');
    res.setHeader('cache-control', REDIRECT_CACHE_CONTROL);
    res.vary('X-Forwarded-Proto');
    res.redirect(308, location);
    return ANSWERED;
  };
}
