#!/usr/bin/env node
/**
 * `npm run bench -- flood`: a flood cannot evict what served (issue 15.2). The built server
 * (`node dist/server/index.js`) runs against a content API this script controls
 * (scripts/lib/outage-api.mjs) with 20 sites. Each site's home, an article and a category are
 * warmed (each asked WARM_ROUNDS times, with the page cache off so that every ask reaches the
 * data cache, as the page cache's refreshes of popular pages do); then 50,000 random hosts and
 * slugs are asked for FLOOD_S seconds; then the API goes down (connections refused). Prints,
 * per kind of page, how many of the 20 sites still answer 200 with their own content (their
 * name and analytics id), and the server's RSS.
 *
 * Knobs: FLOOD_REQUESTS (50000), FLOOD_S (5), CONCURRENCY (64), WARM_ROUNDS (2),
 * PAGE_CACHE_TTL_SECONDS (0), APP_PORT (4140).
 */
import http from 'node:http';
import { build } from '../build.mjs';
import { SERVER_ARGS, rssMiB, start, stop, waitForHttp } from '../lib/processes.mjs';
import { siteOf, sitesDataset, startOutageApi } from '../lib/outage-api.mjs';

const SITES = 20;
const FLOOD_REQUESTS = Number(process.env.FLOOD_REQUESTS ?? 50_000);
const FLOOD_S = Number(process.env.FLOOD_S ?? 5);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 64);
const WARM_ROUNDS = Number(process.env.WARM_ROUNDS ?? 2);
const PAGE_CACHE_TTL_SECONDS = process.env.PAGE_CACHE_TTL_SECONDS ?? '0';
const APP_PORT = Number(process.env.APP_PORT ?? 4140);

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function get(host, pathAndQuery) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: APP_PORT, path: pathAndQuery, agent, headers: { host }, timeout: 10_000 }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: '' }));
  });
}

const ownContent = (site, res) => res.status === 200 && res.body.includes(site.gaCode) && res.body.includes(site.name);
const randomLabel = () => Math.random().toString(36).slice(2, 12);

async function checkSites(sites) {
  const result = {};
  for (const kind of ['home', 'article', 'category']) {
    let own = 0;
    const other = {};
    for (const site of sites) {
      const res = await get(site.host, site.pages[kind]);
      if (ownContent(site, res)) own += 1;
      else other[res.status] = (other[res.status] ?? 0) + 1;
    }
    result[kind] = { own, other };
  }
  return result;
}

async function main() {
  await build({ quiet: true });
  const api = await startOutageApi(sitesDataset(SITES));
  const app = start(process.execPath, SERVER_ARGS, {
    env: { NODE_ENV: 'production', PORT: String(APP_PORT), HOST: '127.0.0.1', CONTENT_API_URL: api.url, CAMPAIGN_API_URL: api.url, LOG_LEVEL: 'error', PAGE_CACHE_TTL_SECONDS },
  });
  try {
    await waitForHttp(`http://127.0.0.1:${APP_PORT}/healthz`);
    const sites = Array.from({ length: SITES }, (_, i) => siteOf(i + 1));
    for (let round = 0; round < WARM_ROUNDS; round++) {
      const warm = await checkSites(sites);
      if (Object.values(warm).some(({ own }) => own !== SITES)) throw new Error(`warming failed: ${JSON.stringify(warm)}`);
    }

    // The flood: random hosts (each a new site lookup) and random slugs on the warmed hosts.
    let sent = 0;
    const statuses = {};
    const floodStarted = Date.now();
    const until = floodStarted + FLOOD_S * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (sent < FLOOD_REQUESTS && Date.now() < until) {
          sent += 1;
          const site = sites[sent % SITES];
          const res = sent % 2 === 0 ? await get(`${randomLabel()}.flood.example`, `/${randomLabel()}`) : await get(site.host, `/${randomLabel()}-${randomLabel()}`);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
      }),
    );
    const floodSeconds = (Date.now() - floodStarted) / 1000;
    const rssAfterFlood = rssMiB(app.pid);

    api.setMode('down');
    const after = await checkSites(sites);
    console.log(`\nflood: ${SITES} sites warmed (${WARM_ROUNDS} rounds of home, article, category), PAGE_CACHE_TTL_SECONDS=${PAGE_CACHE_TTL_SECONDS}; flood of ${sent} requests (random hosts and slugs) in ${floodSeconds.toFixed(1)} s (at most ${FLOOD_S} s); then the API down. node ${process.version}\n`);
    console.log(`flood answers by status: ${JSON.stringify(statuses)}; RSS after the flood: ${rssAfterFlood.toFixed(1)} MiB\n`);
    console.log('| page, API down | sites answering 200 with their own name and analytics id | other answers |');
    console.log('|---|---:|---|');
    for (const [kind, { own, other }] of Object.entries(after)) console.log(`| ${kind} | ${own} of ${SITES} ${own === SITES ? 'ok' : 'MISSED'} | ${JSON.stringify(other)} |`);
  } finally {
    await stop(app);
    await api.close();
  }
}

await main();
