import type { Request } from 'express';
import { siteOrigin } from '../rules/site-urls';

/**
 * The site's root URL for this request: its origin, then the base path the sites are served
 * under ('https://example.com/answers'; no trailing slash). The absolute URLs of the site
 * (canonical, og:url, JSON-LD, sitemaps, feed, robots.txt) are built on it (rules/site-urls.ts). The
 * scheme and raw host are the request envelope's (request/envelope.ts).
 */
export function requestSiteRoot(req: Request, host: string, basePath: string): string {
  return `${siteOrigin(host, req.envelope)}${basePath}`;
}
