/**
 * The visitor's saved theme (set by the toggle, src/client/theme.ts) is applied in the browser,
 * never by the server: the server sends the site's own theme, so every visitor of a URL gets
 * the same bytes (one page-cache entry, no `Vary: Cookie`). This tiny script runs in `<head>`,
 * before the body is parsed, so the saved theme is there at first paint; the CSP allows it by
 * its hash (src/server/http/security.ts).
 */

/** Host-only (no Domain), so each site keeps its own choice. */
export const THEME_COOKIE = 'theme';

export const SAVED_THEME_SCRIPT =
  `(function(){var m=/(?:^|; )${THEME_COOKIE}=(dark|light)(?:;|$)/.exec(document.cookie);` +
  'if(m){var r=document.documentElement;r.classList.remove("dark","light");r.classList.add(m[1])}})();';
