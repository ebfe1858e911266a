import type { RequestHandler } from 'express';
import { DOCUMENT_BUILDERS } from '../seo/documents';
import { lookupScopeOf } from '../lookup-scope';
import { requestSiteRoot } from '../seo/request-origin';

/**
 * robots.txt, the sitemap and the feed: built from the resolved site and sent with the route
 * table's content type. Other routes go on to page rendering; a failure (a sitemap part that
 * does not exist) goes to the error handler, which answers it in the site's shell.
 */
export function documentRendering(options: { basePath: string }): RequestHandler {
  return async function renderDocument(req, res, next) {
    const { site, route, host, upstream } = res.locals;
    if (route?.kind !== 'document') return next();
    if (!site || !host || !upstream) throw new Error('document rendering ran before site settings');
    const body = await DOCUMENT_BUILDERS[route.rule.name]({ site, origin: requestSiteRoot(req, host, options.basePath), basePath: options.basePath, part: route.part, api: upstream.api, lookup: lookupScopeOf(req, res) });
    // A document built on a list that could not be loaded is degraded: never kept by a shared cache.
    if ((res.locals.fellBack?.size ?? 0) > 0) res.setHeader('cache-control', 'private, no-store');
    res.status(200).type(route.rule.contentType).send(body);
  };
}
