/** robots.txt of a site (pure): its sitemap, and the routes that are not for crawlers. */
import { FIXED_PATHS, ROUTE_TABLE, SITEMAP_PATH } from '../routes';

export function robotsTxt(origin: string): string {
  const privatePaths = Object.entries(FIXED_PATHS)
    .filter(([, name]) => !ROUTE_TABLE[name].indexable)
    .map(([path]) => path);
  return [
    'User-agent: *',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    // The search view is `/` with an `s` parameter, first or later in the query.
    'Disallow: /?s=',
    'Disallow: /?*&s=',
    '',
    `Sitemap: ${origin}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}
