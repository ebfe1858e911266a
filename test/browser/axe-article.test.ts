/**
 * The article page in a real browser has no accessibility violation axe-core can find: the
 * real app (fake upstream, fixture dataset, the real client build) on a loopback port, the
 * harness's Chromium driven by playwright-core, axe injected over the DevTools protocol (the page's CSP
 * stays as it is). The article of sub.example.com has ad containers, a side rail and both menus.
 */
import { source as axeSource } from 'axe-core';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { useHarness } from './support/harness';

const ARTICLE_HOST = 'sub.example.com';
const ARTICLE_PATH = '/article-3';
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

// The app's warnings and errors are kept: the last test reads them.
const harness = useHarness({ logLevel: 'warn' });

/** The article page in a fresh context with the theme cookie. */
async function openArticle(width: number, theme: 'light' | 'dark'): Promise<Page> {
  const { page, context } = await harness.open({ viewport: { width, height: 900 }, isMobile: width < 640 });
  await context.addCookies([{ name: 'theme', value: theme, url: harness.url(ARTICLE_HOST) }]);
  const response = await page.goto(harness.url(ARTICLE_HOST, ARTICLE_PATH), { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  expect(await page.getAttribute('html', 'class')).toBe(theme);
  return page;
}

async function axeRun(page: Page): Promise<AxeResults> {
  await page.evaluate(axeSource);
  return page.evaluate((tags) => (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { runOnly: { type: 'tag', values: tags } }), AXE_TAGS);
}

const describeViolations = (results: AxeResults) => results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);

describe('the article page under axe-core', () => {
  it.each([
    [390, 'light'],
    [390, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const)('at %i px in the %s theme has no violation', async (width, theme) => {
    const page = await openArticle(width, theme);
    const results = await axeRun(page);
    expect(describeViolations(results)).toEqual([]);
    // axe really looked: contrast, landmarks and names were checked and passed.
    expect(results.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(['color-contrast', 'landmark-one-main', 'page-has-heading-one', 'button-name', 'skip-link']));
  });

  it('has none with the small-screen menu opened from the keyboard (no script needed)', async () => {
    const page = await openArticle(390, 'light');
    await page.focus('summary.menu-button');
    await page.keyboard.press('Enter');
    expect(await page.isVisible('#category-menu a[href="/category/alpha"]')).toBe(true);
    expect(describeViolations(await axeRun(page))).toEqual([]);
  });

  it('would report a violation: an image without alt text added to the page is caught', async () => {
    const page = await openArticle(1280, 'light');
    await page.evaluate(() => document.querySelector('.article-body')?.append(document.createElement('img')));
    expect(describeViolations(await axeRun(page))).toEqual([expect.stringMatching(/^image-alt: /)]);
  });

  it('served every request without an error log', () => {
    expect(harness.testApp.logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
