import { badRequest } from '../http/errors';
import { hostForLog } from '../observability/redact';
import type { Nothing, Step, Stage } from '../http/steps';
import { LOG_EVENTS } from '../http/log-events';

/**
 * Host resolution: the site's address the request's envelope worked out (front-door/envelope.ts:
 * Host, or X-Forwarded-Host when TRUST_PROXY trusts the peer; rule: routing/host.ts).
 * A malformed host gets a 400 page and no upstream call. The locals it adds copy the envelope's
 * address, and are set only here: the access-log line names the site once this step ran (an
 * answer before it, a 405 say, names none).
 */
export function hostResolution(): Step<Nothing, Stage<'host' | 'siteKey' | 'origin'>> {
  return function resolveHost(req) {
    const { address, hostSource: source } = req.envelope;
    if (!address) {
      // The header that named the host, and its value as it came (without userinfo, capped).
      const shown = source.repeated ? { repeated: true } : { rawHost: hostForLog(source.value ?? '') };
      req.log.info({ event: LOG_EVENTS.REQUEST_BAD_HOST.event, hostHeader: source.header, ...shown }, 'malformed host');
      throw badRequest('This address does not name a site we serve.');
    }
    const { host, siteKey, origin } = address;
    // Every later line of this request names the site it was for (added to the request's own
    // logger: a second child logger per request costs more than the line it would write).
    req.log.setBindings({ host, siteKey });
    return { host, siteKey, origin };
  };
}
