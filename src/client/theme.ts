/**
 * Dark mode toggle: flips the class on <html> and keeps the choice in a cookie, which the inline
 * script in <head> applies on the next pages before first paint (src/shared/saved-theme.ts).
 */
import type { Theme } from '../shared/app-state';
import { THEME_COOKIE } from '../shared/saved-theme';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function themeOf(root: Element): Theme {
  return root.classList.contains('dark') ? 'dark' : 'light';
}

export function nextTheme(current: Theme): Theme {
  return current === 'dark' ? 'light' : 'dark';
}

export function themeCookie(theme: Theme, secure: boolean): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function wireThemeToggle(doc: Document): void {
  const button = doc.getElementById('theme-toggle');
  if (!button) return;
  const root = doc.documentElement;
  // The server rendered the site's theme; the saved one may have replaced it since.
  button.setAttribute('aria-pressed', String(themeOf(root) === 'dark'));
  button.addEventListener('click', () => {
    const theme = nextTheme(themeOf(root));
    root.classList.remove('dark', 'light');
    root.classList.add(theme);
    button.setAttribute('aria-pressed', String(theme === 'dark'));
    doc.cookie = themeCookie(theme, doc.location.protocol === 'https:');
  });
}
