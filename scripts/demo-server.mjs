/**
 * The built app with the demo backend, for the audit and screenshot scripts: builds, starts the
 * demo content API and campaign service in this process and `node dist/server/index.js` on a
 * free loopback port pointed at them, and waits until it is ready.
 *
 * `thirdParties: false` serves the demo's sites with ads disabled, no analytics id and no
 * pixels: third-party ad and analytics hosts are unreachable here, and a page must not try
 * them while it is measured. Everything else (names, menus, articles, themes) is the demo's.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The two demo sites the audit and the screenshots visit: a light one and a dark one, three pages each. */
export const SHOWCASE_SITES = [
  { id: 'everyday', name: 'Everyday Answers', host: 'localhost', pages: { home: '/', article: '/why-does-bread-go-stale', category: '/category/baking' } },
  { id: 'garden', name: 'Garden Answers', host: 'garden.localhost', pages: { home: '/', article: '/why-are-my-houseplant-leaves-turning-yellow', category: '/category/houseplants' } },
];

/** Only the app's own origin (loopback) may be asked; anything else is a third party. */
export function isLoopbackUrl(url) {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** What `thirdParties: false` changes, printed by the scripts that use it. */
export const NO_THIRD_PARTIES_NOTE =
  'ads and analytics off: third-party ad and analytics hosts are unreachable here, so the demo backend serves every site with disable_ads=true, no gaCode, no pixels, and ANALYTICS_CODES={}';

/** src/demo bundled into one ES module (TypeScript, no dependencies left) and imported. */
export async function importDemo() {
  const bundled = await esbuild({
    entryPoints: [path.join(root, 'src/demo/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
}

function withoutThirdParties(dataset) {
  const quiet = (setting) => ({ ...setting, config: { ...setting.config, disable_ads: true, gaCode: null, pixels: [] } });
  return { ...dataset, global: quiet(dataset.global), domains: dataset.domains.map(quiet), subdomains: dataset.subdomains.map(quiet) };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** GET over loopback with the given Host header (Node does not resolve *.localhost itself). */
export function get(port, host, pathAndQuery, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathAndQuery, headers: { host: `${host}:${port}`, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.once('error', reject);
    req.end();
  });
}

async function waitUntilReady(port, child) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await get(port, 'localhost', '/readyz').then((res) => res.status === 200, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server was not ready within 20 s');
}

/** The app-state a page carries (docs/interface.md), parsed from its HTML. */
export function appStateOf(html) {
  const found = /<script id="app-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!found) throw new Error('no app-state in the page');
  return JSON.parse(found[1]);
}

export async function startDemoServer({ thirdParties }) {
  await build({ quiet: true });
  const { demoDataset, startDemoBackend } = await importDemo();
  const backend = await startDemoBackend(thirdParties ? demoDataset : withoutThirdParties(demoDataset));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dist/server/index.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      CONTENT_API_URL: backend.contentApiUrl,
      CAMPAIGN_API_URL: backend.campaignApiUrl,
      ANALYTICS_CODES: '{}',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilReady(port, child);
  } catch (error) {
    child.kill();
    await backend.close();
    throw error;
  }
  return {
    port,
    url: (host, pathAndQuery = '/') => `http://${host}:${port}${pathAndQuery}`,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await backend.close();
    },
  };
}
