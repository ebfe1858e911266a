/** Theme choice: the visitor's saved cookie first, else the site's darkmode. Pure. */
import { parse } from 'cookie';
import type { Theme } from '../../shared/app-state';

export const THEME_COOKIE = 'theme';

/** The theme the visitor chose with the toggle, or null. */
export function savedThemeOf(cookieHeader: string | undefined): Theme | null {
  if (!cookieHeader || cookieHeader.length > 8192) return null;
  const saved = parse(cookieHeader)[THEME_COOKIE];
  return saved === 'dark' || saved === 'light' ? saved : null;
}

export function themeOf(cookieHeader: string | undefined, siteDarkmode: boolean): Theme {
  return savedThemeOf(cookieHeader) ?? (siteDarkmode ? 'dark' : 'light');
}
