/**
 * A content API the outage benchmarks (scripts/bench/: flood, hang, overload, last-resort) control: the demo's
 * handlers (src/demo/content-api.ts) over a dataset of `count` sites, on loopback, that can be
 * told to hang every call or to go down; it counts the calls in flight and their maximum.
 *
 * Site n is the domain `site-n.test`, named "Site n", with analytics id `G-SITEn`, one
 * category (`/category/topic-n`) and three articles (`/site-n-article-1` ...): a page shows
 * whose it is.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { build } from '../build.mjs';
import { assertPortsFree, root, SERVER_ARGS, SERVER_ENV, start } from './processes.mjs';

/** src/demo/content-api.ts bundled into one ES module and imported. */
async function importContentApi() {
  const bundled = await esbuild({ entryPoints: [path.join(root, 'src/demo/content-api.ts')], bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent' });
  return import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
}

export const siteOf = (n) => ({
  host: `site-${n}.test`,
  name: `Site ${n}`,
  gaCode: `G-SITE${n}`,
  pages: { home: '/', article: `/site-${n}-article-1`, category: `/category/topic-${n}` },
});

export function sitesDataset(count) {
  const domains = [];
  const categories = [];
  const articles = [];
  for (let n = 1; n <= count; n++) {
    const site = siteOf(n);
    const ids = [1, 2, 3].map((i) => `a-${n}-${i}`);
    domains.push({
      _id: `dom-${n}`,
      type: 'domains',
      active: true,
      url: site.host,
      name: site.name,
      config: { gaCode: site.gaCode, disable_ads: true, igp_settings: { title: site.name, description: `The questions of ${site.name}` } },
      menu: { categories_menu_option: [`cat-${n}`], other_menu_option: [] },
      final_articles: ids,
    });
    categories.push({ _id: `cat-${n}`, name: `Topic ${n}`, slug: `topic-${n}` });
    ids.forEach((id, i) =>
      articles.push({
        _id: id,
        slug: `site-${n}-article-${i + 1}`,
        domains: [`dom-${n}`],
        title: `Question ${i + 1} of ${site.name}?`,
        excerpt: `Short answer ${i + 1}.`,
        body: `<p>${'A long answer. '.repeat(40)}</p>`,
        category: `cat-${n}`,
        publishedAt: `2026-10-${String(i + 1).padStart(2, '0')}T08:00:00.000Z`,
      }),
    );
  }
  const global = { _id: 'global', type: 'global', active: true, name: 'Network', config: { global: true, disable_ads: true, igp_settings: { title: 'Network' } }, final_articles: [] };
  return { global, domains, subdomains: [], categories, articles, campaigns: {} };
}

/** A body over the app's 2 MiB cap on a content-API answer. */
const TOO_LARGE = Buffer.alloc(3 * 1024 * 1024, 0x20);

/**
 * Starts the API on a free loopback port. `mode`: 'ok' answers, 'hang' never answers (the
 * socket stays open), 'error' answers every call 500, 'invalid_json' answers 200 with a body
 * that is not JSON, 'too_large' answers 200 with a body over the size cap, 'down' closes the
 * listener and every socket (connections are refused).
 */
export async function startOutageApi(dataset) {
  const { createContentApiHandler, createCampaignHandler } = await importContentApi();
  const content = createContentApiHandler(dataset);
  const campaigns = createCampaignHandler(dataset);
  const stats = { inFlight: 0, maxInFlight: 0, total: 0 };
  let mode = 'ok';
  const server = createServer((req, res) => {
    stats.total += 1;
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    res.on('close', () => (stats.inFlight -= 1));
    if (mode === 'hang') return;
    if (mode === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"outage"}');
      return;
    }
    if (mode === 'invalid_json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [tru');
      return;
    }
    if (mode === 'too_large') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(TOO_LARGE);
      return;
    }
    (req.url?.startsWith('/api/') ? content : campaigns)(req, res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stats,
    setMode(next) {
      mode = next;
      if (next === 'down') {
        server.close();
        server.closeAllConnections();
      }
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Builds the app, starts this API over `count` sites, and the built server with the production
 * command (the Dockerfile's CMD and ENV, any of its variables set here winning) against it, on
 * `appPort` with metrics on `metricsPort` (the next port unless given); returns both, and the
 * image's environment it used.
 */
export async function startServerAgainstOutageApi(count, appPort, metricsPort = appPort + 1) {
  await assertPortsFree([appPort, metricsPort]);
  await build({ quiet: true });
  const api = await startOutageApi(sitesDataset(count));
  const imageEnv = Object.fromEntries(Object.entries(SERVER_ENV).map(([name, value]) => [name, process.env[name] ?? value]));
  const env = { ...imageEnv, PORT: String(appPort), METRICS_PORT: String(metricsPort), HOST: '127.0.0.1', CONTENT_API_URL: api.url, CAMPAIGN_API_URL: api.url, LOG_LEVEL: 'warn' };
  return { api, app: start(process.execPath, SERVER_ARGS, { env }), imageEnv };
}
