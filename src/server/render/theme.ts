/** Theme choice: the visitor's saved cookie first, else the site's darkmode. Pure. */
import { parseCookie } from 'cookie';
import type { Theme } from '../../shared/app-state';

export const THEME_COOKIE = 'theme';

export function themeOf(cookieHeader: string | undefined, siteDarkmode: boolean): Theme {
  if (cookieHeader && cookieHeader.length < 8192) {
    const saved = parseCookie(cookieHeader)[THEME_COOKIE];
    if (saved === 'dark' || saved === 'light') return saved;
  }
  return siteDarkmode ? 'dark' : 'light';
}
