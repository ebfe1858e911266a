#!/usr/bin/env node
/**
 * `npm run audit` (not part of `npm test`): the browser's own audits of the built demo.
 * Lighthouse (mobile and desktop) and axe-core on home, an article and a category page of two
 * demo sites, in both themes (the theme cookie), with the Chromium scripts/lib/chromium.mjs
 * finds. Prints every score and exits 1 when a page misses a target: Lighthouse performance >= 95, accessibility, best
 * practices and SEO 100; axe 0 violations (WCAG 2.0-2.2 A and AA rules and best practices, at
 * 390 px and 1440 px); the stylesheet under 20 KB gzip.
 *
 * Third-party ad and analytics hosts are unreachable here, so the sites are served with ads and
 * analytics off (scripts/demo-server.mjs): the script checks each page's app-state says so and
 * that Lighthouse saw no request leave the app's own origin.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { findChromium } from './lib/chromium.mjs';
import { appStateOf, get, isLoopbackUrl, NO_THIRD_PARTIES_NOTE, SHOWCASE_SITES, startDemoServer } from './demo-server.mjs';

const require = createRequire(import.meta.url);
const axe = { source: require('axe-core').source, version: require('axe-core/package.json').version };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CSS_BUDGET_GZIP_BYTES = 20 * 1024;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const CATEGORIES = Object.keys(TARGETS);
/** Lighthouse's default config is the mobile one (Moto G Power, slow 4G, simulated). */
const FORM_FACTORS = [
  ['mobile', undefined],
  ['desktop', desktopConfig],
];
const THEMES = ['light', 'dark'];
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const AXE_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

const PAGES = SHOWCASE_SITES.flatMap((site) => Object.entries(site.pages).map(([page, path]) => ({ site, page, path })));

const pad = (value, width) => String(value).padEnd(width);

/** The one stylesheet every page links, as built: its size and gzip size. */
function stylesheetSize() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'dist/public/manifest.json'), 'utf8'));
  const css = readFileSync(path.join(root, 'dist/public', manifest.stylesheet));
  return { file: manifest.stylesheet, bytes: css.length, gzipBytes: gzipSync(css, { level: 9 }).length };
}

/**
 * Each page as the server renders it: no ad slot, no analytics id, no pixel. The same bytes for
 * both themes: the theme cookie is applied in the browser (src/shared/saved-theme.ts), where
 * Lighthouse and axe below run with it.
 */
async function checkNoThirdParties(server) {
  for (const { site, path } of PAGES) {
    const { status, body } = await get(server.port, site.host, path);
    const state = appStateOf(body);
    const problems = [
      status !== 200 && `status ${status}`,
      state.adSlots.length > 0 && `ad slots ${state.adSlots.join(',')}`,
      state.gaCode && `gaCode ${state.gaCode}`,
      state.pixels.length > 0 && `${state.pixels.length} pixels`,
    ].filter(Boolean);
    if (problems.length > 0) throw new Error(`${site.host}${path}: ${problems.join(', ')}`);
  }
}

/**
 * One Lighthouse run in a Chromium of its own (a reused browser now and then loses the trace);
 * a run that reports a runtime error ("please run Lighthouse again") is tried up to twice more.
 */
async function lighthouseReport(found, url, theme, config) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: found.executablePath, chromeFlags: found.args, envVars: { ...process.env, ...found.env } });
    try {
      const flags = { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: CATEGORIES, extraHeaders: { Cookie: `theme=${theme}` } };
      const { lhr } = await lighthouse(url, flags, config);
      if (!lhr.runtimeError) return lhr;
      if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      console.log(`  (${url}: ${lhr.runtimeError.code}, running again)`);
    } finally {
      await chrome.kill();
    }
  }
}

async function runLighthouse(found, server) {
  const rows = [];
  for (const { site, page, path } of PAGES) {
    for (const theme of THEMES) {
      for (const [formFactor, config] of FORM_FACTORS) {
        const lhr = await lighthouseReport(found, server.url(site.host, path), theme, config);
        const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]));
        const requests = lhr.audits['network-requests'].details?.items ?? [];
        const thirdParty = requests.filter((item) => !isLoopbackUrl(item.url) && !item.url.startsWith('data:')).length;
        const failing = CATEGORIES.flatMap((id) =>
          lhr.categories[id].auditRefs
            .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
            .map((ref) => `${ref.id} ${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score}`),
        );
        rows.push({ site: site.id, page, theme, formFactor, scores, thirdParty, version: lhr.lighthouseVersion, userAgent: lhr.environment.hostUserAgent });
        console.log(`  ${pad(site.id, 9)} ${pad(page, 9)} ${pad(theme, 6)} ${pad(formFactor, 8)} ${CATEGORIES.map((id) => pad(scores[id], 5)).join(' ')} ${thirdParty}${failing.length ? `   below 1: ${failing.join('; ')}` : ''}`);
      }
    }
  }
  return rows;
}

async function runAxe(found, server) {
  const browser = await chromium.launch({ executablePath: found.executablePath, args: found.args, env: { ...process.env, ...found.env } });
  const rows = [];
  try {
    for (const { site, page, path } of PAGES) {
      for (const theme of THEMES) {
        const counts = [];
        const rules = new Set();
        for (const viewport of AXE_VIEWPORTS) {
          const context = await browser.newContext({ viewport, isMobile: viewport.width < 640 });
          try {
            await context.addCookies([{ name: 'theme', value: theme, url: server.url(site.host) }]);
            const page = await context.newPage();
            await page.goto(server.url(site.host, path), { waitUntil: 'load' });
            // Evaluated over the DevTools protocol, so the page's CSP stays as it is.
            await page.evaluate(axe.source);
            const violations = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((result) => result.violations.map((v) => `${v.id} (${v.nodes.length})`)), AXE_TAGS);
            counts.push(violations.length);
            for (const rule of violations) rules.add(rule);
          } finally {
            await context.close();
          }
        }
        rows.push({ site: site.id, page, theme, counts, rules: [...rules] });
        console.log(`  ${pad(site.id, 9)} ${pad(page, 9)} ${pad(theme, 6)} ${counts.map((count) => pad(count, 7)).join(' ')}${rules.size ? `   ${[...rules].join('; ')}` : ''}`);
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

async function main() {
  const found = await findChromium();
  const server = await startDemoServer({ thirdParties: false });
  try {
    console.log(`Built demo on port ${server.port}; ${NO_THIRD_PARTIES_NOTE}.`);
    console.log(`Browser: ${found.version} at ${found.executablePath} (${found.source}).`);
    const css = stylesheetSize();
    console.log(`Stylesheet ${css.file}: ${css.bytes} bytes, ${css.gzipBytes} bytes gzip (budget ${CSS_BUDGET_GZIP_BYTES}); no web font.`);
    await checkNoThirdParties(server);
    console.log('Checked: every audited page\'s app-state has no ad slot, no gaCode and no pixel.\n');

    console.log(`Lighthouse (mobile: default config, simulated slow 4G and 4x CPU; desktop: desktop config); targets ${CATEGORIES.map((id) => `${id} >= ${TARGETS[id]}`).join(', ')}`);
    console.log(`  ${pad('site', 9)} ${pad('page', 9)} ${pad('theme', 6)} ${pad('form', 8)} ${['perf', 'a11y', 'bp', 'seo'].map((label) => pad(label, 5)).join(' ')} 3rd-party requests`);
    const lighthouseRows = await runLighthouse(found, server);
    console.log(`  (Lighthouse ${lighthouseRows[0]?.version}, ${lighthouseRows[0]?.userAgent})\n`);

    console.log(`axe-core ${axe.version}, tags ${AXE_TAGS.join(' ')}; violations at each width (target 0)`);
    console.log(`  ${pad('site', 9)} ${pad('page', 9)} ${pad('theme', 6)} ${AXE_VIEWPORTS.map((v) => pad(`${v.width}px`, 7)).join(' ')}`);
    const axeRows = await runAxe(found, server);

    const misses = [
      ...(css.gzipBytes > CSS_BUDGET_GZIP_BYTES ? [`stylesheet ${css.gzipBytes} bytes gzip > ${CSS_BUDGET_GZIP_BYTES}`] : []),
      ...lighthouseRows.flatMap((row) => [
        ...CATEGORIES.filter((id) => row.scores[id] < TARGETS[id]).map((id) => `${row.site} ${row.page} ${row.theme} ${row.formFactor}: ${id} ${row.scores[id]} < ${TARGETS[id]}`),
        ...(row.thirdParty > 0 ? [`${row.site} ${row.page} ${row.theme} ${row.formFactor}: ${row.thirdParty} third-party requests`] : []),
      ]),
      ...axeRows.filter((row) => row.rules.length > 0).map((row) => `${row.site} ${row.page} ${row.theme}: axe ${row.rules.join(', ')}`),
    ];
    console.log(misses.length === 0 ? `\nAll targets met: ${lighthouseRows.length} Lighthouse runs, ${axeRows.length * AXE_VIEWPORTS.length} axe runs.` : `\nTargets missed:\n  ${misses.join('\n  ')}`);
    process.exitCode = misses.length === 0 ? 0 : 1;
  } finally {
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
