#!/usr/bin/env node
/**
 * `npm run screenshots`: home, article and category of two demo sites at 390 px and 1440 px,
 * light and dark (the theme cookie), with the headless Chromium scripts/lib/chromium.mjs finds,
 * into docs/screenshots/.
 * The set shows the sites as the audit measures them (ads and analytics off); two more shots
 * show an article with the demo's real ad setup: the space the empty ad containers reserve.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { findChromium } from './lib/chromium.mjs';
import { isLoopbackUrl, NO_THIRD_PARTIES_NOTE, SHOWCASE_SITES, startDemoServer } from './demo-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs/screenshots');
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];
const THEMES = ['light', 'dark'];

async function shoot(browser, server, { host, pathAndQuery, viewport, theme, file }) {
  const mobile = viewport.width < 640;
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: mobile, hasTouch: mobile });
  try {
    await context.addCookies([{ name: 'theme', value: theme, url: server.url(host) }]);
    // Third-party hosts are unreachable here: fail them at once instead of waiting.
    await context.route((url) => !isLoopbackUrl(url.href), (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    const response = await page.goto(server.url(host, pathAndQuery), { waitUntil: 'load' });
    if (response?.status() !== 200) throw new Error(`${server.url(host, pathAndQuery)} answered ${response?.status()}`);
    const target = path.join(outDir, file);
    await page.screenshot({ path: target, animations: 'disabled' });
    const { size } = await stat(target);
    console.log(`${path.relative(root, target)}  ${Math.round(size / 1024)} KB`);
  } finally {
    await context.close();
  }
}

async function main() {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const found = await findChromium();
  const browser = await chromium.launch({ executablePath: found.executablePath, args: found.args, env: { ...process.env, ...found.env } });
  try {
    const quiet = await startDemoServer({ thirdParties: false });
    console.log(`Sites as audited, ${NO_THIRD_PARTIES_NOTE}.`);
    try {
      for (const site of SHOWCASE_SITES) {
        for (const [name, pathAndQuery] of Object.entries(site.pages)) {
          for (const viewport of VIEWPORTS) {
            for (const theme of THEMES) {
              await shoot(browser, quiet, { host: site.host, pathAndQuery, viewport, theme, file: `${site.id}-${name}-${viewport.width}-${theme}.png` });
            }
          }
        }
      }
    } finally {
      await quiet.close();
    }
    const withAds = await startDemoServer({ thirdParties: true });
    console.log('The demo as configured: Everyday Answers has all seven ad slots; the containers keep their space empty here.');
    try {
      const [everyday] = SHOWCASE_SITES;
      for (const viewport of VIEWPORTS) {
        await shoot(browser, withAds, { host: everyday.host, pathAndQuery: everyday.pages.article, viewport, theme: 'light', file: `${everyday.id}-article-${viewport.width}-light-ads.png` });
      }
    } finally {
      await withAds.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
