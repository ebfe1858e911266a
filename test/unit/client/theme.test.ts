import { nextTheme, themeCookie, themeOf, wireThemeToggle } from '../../../src/client/theme';
import { themeOf as serverThemeOf } from '../../../src/server/render/theme';
import { closeTestWindows, testWindow } from './window';

afterEach(closeTestWindows);

describe('theme choice', () => {
  it('flips between dark and light', () => {
    expect(nextTheme('dark')).toBe('light');
    expect(nextTheme('light')).toBe('dark');
  });

  it('reads the class on <html>, light when neither is there', () => {
    const { document } = testWindow('<html class="dark"><body></body></html>');
    expect(themeOf(document.documentElement)).toBe('dark');
    document.documentElement.className = '';
    expect(themeOf(document.documentElement)).toBe('light');
  });

  it('writes a host-only, year-long cookie the server reads back', () => {
    for (const theme of ['dark', 'light'] as const) {
      const cookie = themeCookie(theme, false);
      expect(cookie).toBe(`theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`);
      expect(cookie).not.toMatch(/Domain=/i);
      // The browser sends back the name=value pair only; the server prefers it to the site default.
      expect(serverThemeOf(cookie.split(';')[0], theme !== 'dark')).toBe(theme);
    }
    expect(themeCookie('dark', true)).toMatch(/; Secure$/);
  });
});

describe('wireThemeToggle', () => {
  it('switches the class, aria-pressed and the cookie on each click', () => {
    const { document } = testWindow('<html class="light"><body><button id="theme-toggle" aria-pressed="false">x</button></body></html>', { url: 'http://dark.test/' });
    wireThemeToggle(document);
    const button = document.getElementById('theme-toggle') as HTMLButtonElement;
    button.click();
    expect(document.documentElement.className).toBe('dark');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(document.cookie).toBe('theme=dark');
    button.click();
    expect(document.documentElement.className).toBe('light');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(document.cookie).toBe('theme=light');
  });

  it('does nothing on pages without the toggle', () => {
    const { document } = testWindow('<html class="light"><body></body></html>');
    expect(() => wireThemeToggle(document)).not.toThrow();
  });
});
