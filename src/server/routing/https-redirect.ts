import { isIP } from 'node:net';
import { joinPath } from '../../shared/format';
import { HTTPS_REDIRECT } from '../http/cache-control';
import { boundedLocation } from './location';
import { ANSWERED, type Nothing, type Step, type Stage } from '../http/steps';

/** The same address over https: the validated host (never the raw header) and the path. Pure. */
export function httpsLocationOf(host: string, path: string, originalUrl: string): string {
  const authority = isIP(host) === 6 ? `[${host}]` : host;
  const queryStart = originalUrl.indexOf('?');
  return `https://${authority}${path}${queryStart < 0 ? '' : originalUrl.slice(queryStart)}`;
}

/**
 * Behind a TLS-terminating load balancer (TRUST_PROXY): a visitor who came over http is sent
 * to https with a permanent redirect. Requests that did not pass a trusted proxy (health checks,
 * local runs) are served as they are (the request's envelope says which, front-door/envelope.ts).
 * Runs after host resolution, so the host is validated.
 */
export function httpsRedirect(options: { basePath: string }): Step<Stage<'host'>, Nothing> {
  return function redirectToHttps(req, res, { host }) {
    if (!req.envelope.forwardedOverHttp) return {};
    // req.path is the site's own path: the base path was taken off in front (base-path.ts).
    const location = boundedLocation(httpsLocationOf(host, joinPath(options.basePath, req.path), req.originalUrl));
    res.setHeader('cache-control', HTTPS_REDIRECT);
    res.vary('X-Forwarded-Proto');
    res.redirect(308, location);
    return ANSWERED;
  };
}
