/**
 * Every Cache-Control value the app sends but a shared page's (page-cache/rules.ts,
 * cacheControlOf, which answers with PRIVATE for anything it may not share).
 */

/** Personal, degraded and error answers: the visitor's alone, kept by no cache. */
export const PRIVATE = 'private, no-store';

/** Answers of the probes and the metrics port, and JSON answers: never kept. */
export const NO_STORE = 'no-store';

/**
 * The http-to-https redirect is the answer for the http address only, and the https one serves
 * the page: a shared cache that keys on the URL without the scheme (a CDN that forwards both to
 * us) would send the redirect to https visitors too, a loop. So only the browser keeps it (its
 * cache key holds the scheme), and the Vary names what it depends on.
 */
export const HTTPS_REDIRECT = 'private, max-age=3600';

/** A redirect to the canonical host is cacheable, but for an hour only, so a changed canonical host takes over soon. */
export const CANONICAL_REDIRECT = 'public, max-age=3600';
