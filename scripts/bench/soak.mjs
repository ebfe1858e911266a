#!/usr/bin/env node
/**
 * `npm run bench -- soak`: 100,000 mixed requests over many hosts against the built app (production
 * mode) on the demo backend, run in this script's process (the app starts no demo in production); prints RSS every 10,000 requests and the growth between the 20,000th and the
 * 100,000th (target: under 30 MiB). Knobs: REQUESTS (100000), CONCURRENCY (32), PORT (4120).
 */
import http from 'node:http';
import { importDemo } from '../demo-server.mjs';
import { ensureBuilt, rssMiB, start, stop, waitForHttp, SERVER_ARGS } from '../lib/processes.mjs';

const REQUESTS = Number(process.env.REQUESTS ?? 100_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const PORT = Number(process.env.PORT ?? 4120);

ensureBuilt();

const SLUGS = ['why-does-bread-go-stale', 'how-long-should-a-steak-rest-after-grilling', 'no-such-answer-here'];
const HOSTS = ['localhost', 'cooking.localhost', 'tech.localhost', 'garden.localhost', 'travel.localhost', 'old.localhost', ...Array.from({ length: 60 }, (_, i) => `site${i}.localhost`)];
const PATHS = [
  '/',
  ...SLUGS.map((slug) => `/${slug}`),
  '/category/baking',
  '/category/rail-travel?page=1',
  '/?s=bread',
  '/?s=train&page=1',
  '/?utm_id=spring',
  '/?testDisplayAd=on',
  '/robots.txt',
  '/sitemap.xml',
  '/feed.xml',
  '/login',
  '/fortified-portal',
  '/a/b/c',
];
const AGENTS = ['Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1'];
const COOKIES = [undefined, 'theme=dark', 'theme=light'];

/** The n-th request of the mix: deterministic, so two runs send the same requests. */
function requestFor(n) {
  return {
    host: `${HOSTS[n % HOSTS.length]}:${PORT}`,
    path: PATHS[(n * 7) % PATHS.length],
    agent: AGENTS[n % AGENTS.length],
    cookie: COOKIES[(n * 3) % COOKIES.length],
  };
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function send({ host, path: urlPath, agent, cookie }) {
  return new Promise((resolve) => {
    const headers = { host, 'user-agent': agent, 'accept-encoding': 'gzip, br' };
    if (cookie) headers.cookie = cookie;
    http
      .get({ host: '127.0.0.1', port: PORT, path: urlPath, headers, agent: keepAlive }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', () => resolve(0));
  });
}

const demo = await (await importDemo()).startDemoBackend();
const app = start(process.execPath, SERVER_ARGS, {
  env: { NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', CONTENT_API_URL: demo.contentApiUrl, CAMPAIGN_API_URL: demo.campaignApiUrl, LOG_LEVEL: 'warn' },
});
const samples = [];
const statuses = new Map();
try {
  await waitForHttp(`http://127.0.0.1:${PORT}/healthz`);
  let next = 0;
  const started = Date.now();
  console.log('| requests | RSS MiB | elapsed s |');
  console.log('|---:|---:|---:|');
  const worker = async () => {
    while (next < REQUESTS) {
      const n = next++;
      const status = await send(requestFor(n));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const done = n + 1;
      if (done % 10_000 === 0 || done === REQUESTS) {
        const rss = rssMiB(app.pid);
        samples.push({ done, rss });
        console.log(`| ${done.toLocaleString('en')} | ${rss.toFixed(1)} | ${((Date.now() - started) / 1000).toFixed(1)} |`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
} finally {
  keepAlive.destroy();
  await stop(app);
  await demo.close();
}

const at = (done) => samples.find((s) => s.done === done)?.rss;
const growth = (at(REQUESTS) ?? NaN) - (at(20_000) ?? NaN);
console.log(`\nstatuses: ${[...statuses].sort().map(([status, count]) => `${status}: ${count}`).join(', ')}`);
console.log(`RSS growth from the 20,000th to the ${REQUESTS.toLocaleString('en')}th request: ${growth.toFixed(1)} MiB (target < 30 MiB) -> ${growth < 30 ? 'met' : 'NOT met'}`);
if (statuses.has(0) || [...statuses.keys()].some((status) => status >= 500 && status !== 503)) process.exitCode = 1;
