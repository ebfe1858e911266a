/**
 * Real-browser harness: the client build, the real app (fake upstream, fixture dataset) on a
 * loopback port, and the Chromium the global setup found (./find-chromium.mjs) driven by
 * playwright-core. Every host name resolves to
 * 127.0.0.1, so the fixture hosts (sub.example.com, dark.test, ...) pick their sites as in
 * production; third-party hosts are answered by the fakes in ./fakes and never reach a network.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Route } from 'playwright-core';
import { ADSENSE_URL, GPT_URL } from '../../../src/client/ads';
import { gtagUrl } from '../../../src/client/analytics';
import { loadAssets } from '../../../src/server/render/assets';
import { startedPerFile } from '../../support/per-file';
import { startTestApp, type TestApp } from '../../support/test-app';
import { z } from 'zod';
import { FAKE_ADSENSE, FAKE_CMP, FAKE_GPT, FAKE_GTAG, FIXTURE_CMP_SRC, PIXEL_GIF } from './fakes';

const root = path.resolve(__dirname, '../../..');
/** A browser that has not started in this long will not: fail on one line instead of waiting. */
const LAUNCH_TIMEOUT_MS = 15_000;
/** How long a browser test may take: a cold Chromium and a page load each take seconds on a busy machine. */
const TEST_TIMEOUT_MS = 30_000;
/** How long one browser step (an action, a wait) may take. */
const STEP_TIMEOUT_MS = 15_000;

/** What ./find-chromium.mjs (scripts/lib/chromium.mjs) found, as it hands it over. */
const foundChromiumSchema = z.object({
  executablePath: z.string(),
  source: z.string(),
  version: z.string(),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()),
});

/**
 * Starts the Chromium the global setup found, with the fixture hosts led to loopback; a
 * launch failure becomes one line naming the browser.
 */
async function launchChromium(secureOrigins: readonly string[]): Promise<Browser> {
  const handedOver = process.env.QA_SITES_TEST_CHROMIUM;
  if (!handedOver) throw new Error('No Chromium was handed over: run the browser tests through jest.config.js (its browser project finds one)');
  const found = foundChromiumSchema.parse(JSON.parse(handedOver));
  const args = [...found.args, '--host-resolver-rules=MAP * 127.0.0.1', `--unsafely-treat-insecure-origin-as-secure=${secureOrigins.join(',')}`];
  try {
    return await chromium.launch({ executablePath: found.executablePath, args, env: { ...process.env, ...found.env }, timeout: LAUNCH_TIMEOUT_MS });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`${found.version} at ${found.executablePath} (${found.source}) did not start: ${reason}`);
  }
}

/**
 * Fixture hosts the tests visit (test/fixtures/dataset.ts); `localhost` is the default site.
 * Production is HTTPS, so these http origins are marked secure like localhost is.
 */
export const HOSTS = ['localhost', 'sub.example.com', 'example.com', 'noads.example.com', 'dark.test', 'unknown.test', 'nounit.test', 'rich.test'] as const;
export type Host = (typeof HOSTS)[number];

/** The fixture's global setting has one pixel, at this path of the page's own host. */
export const PIXEL_PATH = '/p.gif';

export interface Visit {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Requests to any host but the app's, in order. */
  readonly thirdParty: string[];
  /**
   * The page's `document.readyState` when each third-party request was made, before it is
   * answered: a script inserted before `load` holds the load event until it is, so
   * 'complete' here means the request came after `load`.
   */
  readonly readyStateAt: Map<string, string>;
  /** Pixel beacons requested. */
  readonly pixels: string[];
}

export interface Harness {
  readonly testApp: TestApp;
  url(host: Host, pathAndQuery?: string): string;
  /** A fresh browser context (own cookies) and page; console errors are collected. */
  open(options?: BrowserContextOptions): Promise<Visit>;
  /** Closes the visits opened since the last call; returns their console errors and uncaught exceptions. */
  closeVisits(): Promise<string[]>;
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

export interface HarnessOptions {
  /** Serves the sites under this BASE_PATH. */
  readonly basePath?: string;
  /** The app's log level; 'silent' unless a test reads the app's lines (testApp.logs). */
  readonly logLevel?: string;
}

/** The real client build served by the test app, and a Chromium for it. */
async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const basePath = options.basePath ?? '';
  const publicDir = mkdtempSync(path.join(tmpdir(), 'qa-sites-browser-'));
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--client-only', publicDir], { cwd: root, stdio: 'pipe' });
  const testApp = await startTestApp({ assets: loadAssets(publicDir, basePath), env: { LOG_LEVEL: options.logLevel ?? 'silent', BASE_PATH: basePath } });
  const server = createServer(testApp.app);
  const port = await listen(server);
  const stopServers = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await testApp.close();
    rmSync(publicDir, { recursive: true, force: true });
  };
  // A browser that does not start must not leave the servers open (Jest would never exit).
  const browser = await launchChromium(HOSTS.map((host) => `http://${host}:${port}`)).catch(async (error: unknown) => {
    await stopServers();
    throw error;
  });
  let open: { context: BrowserContext; errors: string[] }[] = [];

  const fakeThirdParty = (visit: Visit) => async (route: Route) => {
    const url = route.request().url();
    visit.thirdParty.push(url);
    visit.readyStateAt.set(url, await route.request().frame().evaluate(() => document.readyState).catch(() => 'gone'));
    const script = (body: string) => route.fulfill({ status: 200, contentType: 'text/javascript', body });
    if (url.startsWith(GPT_URL)) return script(FAKE_GPT);
    if (url.startsWith(ADSENSE_URL)) return script(FAKE_ADSENSE);
    if (url.startsWith(gtagUrl(''))) return script(FAKE_GTAG);
    if (url === FIXTURE_CMP_SRC) return script(FAKE_CMP);
    return route.abort('blockedbyclient');
  };

  return {
    testApp,
    url: (host, pathAndQuery = '/') => `http://${host}:${port}${pathAndQuery}`,
    async open(options = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
      // Well inside TEST_TIMEOUT_MS: a step that never happens fails with Playwright's line
      // naming it, not with Jest's bare timeout.
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      const page = await context.newPage();
      const errors: string[] = [];
      const visit: Visit = { page, context, thirdParty: [], readyStateAt: new Map(), pixels: [] };
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await context.route((url) => url.port !== String(port), fakeThirdParty(visit));
      await context.route((url) => url.port === String(port) && url.pathname === PIXEL_PATH, (route) => {
        visit.pixels.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'image/gif', body: PIXEL_GIF });
      });
      open.push({ context, errors });
      return visit;
    },
    async closeVisits() {
      const closing = open;
      open = [];
      await Promise.all(closing.map(({ context }) => context.close()));
      return closing.flatMap(({ errors }) => errors);
    },
    async close() {
      await browser.close();
      await stopServers();
    },
  };
}

/**
 * One harness for a test file: started before its tests, closed after them, and after each
 * test no visit may have left a console error or an uncaught exception. Call it at the top
 * level of the file; the harness it returns works once the file's tests run.
 */
export function useHarness(options: HarnessOptions = {}): Harness {
  jest.setTimeout(TEST_TIMEOUT_MS);
  const started = startedPerFile('the browser harness', () => startHarness(options), 60_000);
  afterEach(async () => {
    expect(await started().closeVisits()).toEqual([]);
  });
  return {
    get testApp() {
      return started().testApp;
    },
    url: (host, pathAndQuery) => started().url(host, pathAndQuery),
    open: (contextOptions) => started().open(contextOptions),
    closeVisits: () => started().closeVisits(),
    close: () => started().close(),
  };
}
