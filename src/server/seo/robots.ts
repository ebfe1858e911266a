/**
 * robots.txt of a site (pure): its sitemap, and the routes that are not for crawlers, under the
 * base path. Crawlers read only /robots.txt at a host's root: under a base path, the operator
 * serves these lines there (docs).
 */
import { joinPath } from '../../shared/format';
import { FIXED_PATHS, ROUTE_TABLE, SITEMAP_PATH } from '../routing/routes';

export function robotsTxt(origin: string, basePath: string): string {
  const privatePaths = Object.entries(FIXED_PATHS)
    .filter(([, name]) => !ROUTE_TABLE[name].indexable)
    .map(([path]) => joinPath(basePath, path));
  const home = joinPath(basePath, '/');
  return [
    'User-agent: *',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    // The search view is `/` with an `s` parameter, first or later in the query.
    `Disallow: ${home}?s=`,
    `Disallow: ${home}?*&s=`,
    '',
    `Sitemap: ${origin}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}
