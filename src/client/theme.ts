/** Dark mode toggle: flips the class on <html> and keeps the choice in a cookie for the server. */
import type { Theme } from '../shared/app-state';

/** The cookie src/server/render/theme.ts reads; host-only (no Domain), so each site keeps its own. */
export const THEME_COOKIE = 'theme';
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
  button.addEventListener('click', () => {
    const root = doc.documentElement;
    const theme = nextTheme(themeOf(root));
    root.classList.remove('dark', 'light');
    root.classList.add(theme);
    button.setAttribute('aria-pressed', String(theme === 'dark'));
    doc.cookie = themeCookie(theme, doc.location.protocol === 'https:');
  });
}
