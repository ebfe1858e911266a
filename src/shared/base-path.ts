/**
 * The base path every site is served under (BASE_PATH: '' or a prefix such as '/answers',
 * validated in server/config/config.ts). Pure rules shared by the server, which takes the prefix off
 * each request and puts it on every URL it emits, and the client, which tells the site's own
 * links from others.
 */
import { joinPath } from './format';

/**
 * A request target (or a link's path) inside the base path, without it: ('/answers',
 * '/answers/x?q') -> '/x?q'. Outside the prefix: null. The base path itself without its slash
 * ('/answers') counts as outside: it is redirected to its slashed address (slashedBasePathOf).
 */
export function targetInsideBasePath(basePath: string, target: string): string | null {
  if (basePath === '') return target;
  return target.startsWith(`${basePath}/`) ? target.slice(basePath.length) : null;
}

/** The home's one address for the base path without its slash: '/answers?q' -> '/answers/?q'; else null. */
export function slashedBasePathOf(basePath: string, target: string): string | null {
  if (basePath === '' || !target.startsWith(basePath)) return null;
  const rest = target.slice(basePath.length);
  return rest === '' || rest.startsWith('?') ? `${basePath}/${rest}` : null;
}

/**
 * The href of a link on a page: a root-relative path is a page of this site and gets the base
 * path; anything else (an absolute or protocol-relative URL, a fragment) stays as written.
 */
export function siteHref(basePath: string, href: string): string {
  // Without a base path a root-relative href is already the page's (most pages' every link).
  return basePath !== '' && href.startsWith('/') && !href.startsWith('//') ? joinPath(basePath, href) : href;
}
