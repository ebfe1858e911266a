import { nextTheme, themeCookie, themeOf, wireThemeToggle } from '../../../src/client/theme';
import { SAVED_THEME_SCRIPT } from '../../../src/shared/saved-theme';
import { closeTestWindows, testWindow } from './window';

afterEach(closeTestWindows);

/** Runs the head script as the browser would, against this document. */
const runHeadScript = (document: Document) => new Function('document', SAVED_THEME_SCRIPT)(document);

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

  it('writes a host-only, year-long cookie that the head script applies on the next page', () => {
    for (const theme of ['dark', 'light'] as const) {
      const cookie = themeCookie(theme, false);
      expect(cookie).toBe(`theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`);
      expect(cookie).not.toMatch(/Domain=/i);
      const other = theme === 'dark' ? 'light' : 'dark';
      const { document } = testWindow(`<html class="${other}"><body></body></html>`, { url: 'http://dark.test/' });
      document.cookie = 'other=1';
      document.cookie = cookie.split(';')[0] ?? '';
      runHeadScript(document);
      expect(document.documentElement.className).toBe(theme);
    }
    expect(themeCookie('dark', true)).toMatch(/; Secure$/);
  });
});

describe('the saved-theme head script', () => {
  it('leaves the site\'s theme alone without a saved choice, or with a value it does not know', () => {
    for (const cookie of [null, 'theme=blue', 'mytheme=dark']) {
      const { document } = testWindow('<html class="light"><body></body></html>', { url: 'http://dark.test/' });
      if (cookie) document.cookie = cookie;
      runHeadScript(document);
      expect(document.documentElement.className).toBe('light');
    }
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

  it('presses the button for a saved theme the head script applied after the server rendered it', () => {
    const { document } = testWindow('<html class="dark"><body><button id="theme-toggle" aria-pressed="false">x</button></body></html>');
    wireThemeToggle(document);
    expect(document.getElementById('theme-toggle')?.getAttribute('aria-pressed')).toBe('true');
  });

  it('does nothing on pages without the toggle', () => {
    const { document } = testWindow('<html class="light"><body></body></html>');
    expect(() => wireThemeToggle(document)).not.toThrow();
  });
});
