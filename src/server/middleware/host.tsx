import type { RequestHandler } from 'express';
import type { AssetRefs } from '../../shared/components/Document';
import { MessagePage } from '../../shared/components/Pages';
import { renderSiteless } from '../render/page';
import { requestHostOf, siteAddressResolver } from '../rules/host';

/**
 * Host resolution: Host, or X-Forwarded-Host when `trust proxy` trusts the peer.
 * A malformed host gets a 400 page and no upstream call.
 */
export function hostResolution(options: { defaultSiteKey: string; assets: AssetRefs; trustsPeer: (address: string) => boolean }): RequestHandler {
  const siteAddressOf = siteAddressResolver(options.defaultSiteKey);
  return function resolveHost(req, res, next) {
    const address = siteAddressOf(requestHostOf(req.headers, options.trustsPeer(req.socket.remoteAddress ?? '')));
    if (!address) {
      req.log.info({ event: 'request.bad_host', rawHost: String(req.headers.host ?? '').slice(0, 300) }, 'malformed host');
      void renderSiteless(req, res, options.assets, 400, 'Bad request', (
        <MessagePage title="Bad request">
          <p>This address does not name a site we serve.</p>
        </MessagePage>
      ));
      return;
    }
    const { host, siteKey } = address;
    res.locals.host = host;
    res.locals.siteKey = siteKey;
    // Every later line of this request names the site it was for (added to the request's own
    // logger: a second child logger per request costs more than the line it would write).
    req.log.setBindings({ host, siteKey });
    next();
  };
}
