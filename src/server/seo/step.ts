import { PRIVATE } from '../http/cache-control';
import type { Request, Response } from 'express';
import { encodeBodyOffThread, etagsOf, preferredEncoding } from '../http/encoding';
import { lookupScopeOf } from '../content/lookup-scope';
import { reportOnce } from '../memory/report-once';
import { SITE_FILE_BUILDERS } from './site-files';
import type { PageMatch } from '../routing/routes';
import { ANSWERED, type Step, type Stage } from '../http/steps';

/**
 * robots.txt, ads.txt, the sitemap and the feed: built from the resolved site and sent with the
 * route table's content type, cacheable by shared caches like a page (the page-cache step's
 * Cache-Control), with an ETag per encoding and Last-Modified where the document knows it
 * (If-None-Match or If-Modified-Since then gets a 304). Page routes go on to page rendering, which
 * is handed the page match; a failure (a sitemap part that
 * does not exist, a site without ads.txt) goes to the error handler, which answers it in the
 * site's shell.
 */
export function siteFileServing(options: { basePath: string; sitemapUrlLimit?: number | undefined }): Step<Stage<'site' | 'route' | 'origin' | 'upstream' | 'pageOutput'>, { route: PageMatch }> {
  // settings.invalid_ads_txt is logged once per record and content, not on every request.
  const isFirstReport = reportOnce();
  return async function renderDocument(req, res, { site, route, origin, upstream, pageOutput }) {
    if (route.kind === 'page') return { route };
    const lookup = lookupScopeOf(req, res);
    // The site's root, on the canonical host as in pages.tsx.
    const built = await SITE_FILE_BUILDERS[route.rule.name]({ site, origin: `${origin}${options.basePath}`, basePath: options.basePath, part: route.part, api: upstream.api, lookup, sitemapUrlLimit: options.sitemapUrlLimit, isFirstReport });
    res.status(200).type(route.rule.contentType).vary('Accept-Encoding');
    const body = Buffer.from(built.body);
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (lookup.fellBack.size > 0) {
      // Built after a failed lookup (another site's settings, a list left out): private, and
      // with no validators, so no cache keeps it and no client is told its copy is current.
      res.set('cache-control', PRIVATE);
    } else {
      res.set('cache-control', pageOutput.cacheControl(200)).set('etag', etagsOf(body)[encoding]);
      if (built.lastmod) res.set('last-modified', new Date(built.lastmod).toUTCString());
      if (req.fresh) {
        res.status(304).end();
        return ANSWERED;
      }
    }
    await sendEncoded(req, res, body, encoding);
    return ANSWERED;
  };
}

/**
 * A document in the encoding the client prefers, compressed in one call off the event loop
 * (a sitemap can be megabytes): one compressor a request, for the time of the call.
 */
async function sendEncoded(req: Request, res: Response, body: Buffer, encoding: ReturnType<typeof preferredEncoding>): Promise<void> {
  const bytes = encoding === 'identity' ? body : await encodeBodyOffThread(body, encoding, 'once');
  if (encoding !== 'identity') res.set('content-encoding', encoding);
  res.set('content-length', String(bytes.length)).end(req.method === 'HEAD' ? undefined : bytes);
}
