#!/usr/bin/env node
/**
 * `npm run bench -- hang`: the content API hangs while 400 concurrent requests for cold
 * hosts arrive for 30 s (issue 15.3). The built server (`node dist/server/index.js`) runs
 * against a content API this script controls (scripts/lib/outage-api.mjs); five sites are
 * warmed first. Prints the server's peak RSS (target: under the pod's memory request, 256 MiB), `/healthz` p50/p99/max
 * (target p99: under 50 ms), how the warmed sites answered during the hang (target: all 200),
 * and the most calls the API had in flight at once (target: never more than
 * UPSTREAM_CONNECTIONS).
 *
 * Knobs: DURATION_S (30), CONCURRENCY (400), UPSTREAM_CONNECTIONS (32), MAX_IN_FLIGHT_REQUESTS
 * (the app's default when unset), APP_PORT (4130).
 * The load runs in a child process, so its work does not delay the probes' timing.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { build } from '../build.mjs';
import { assertPortsFree, podMemoryRequestMiB, SERVER_ARGS, rssMiB, start, stop, waitForHttp } from '../lib/processes.mjs';
import { siteOf, sitesDataset, startOutageApi } from '../lib/outage-api.mjs';

const BOUND_MIB = podMemoryRequestMiB();

const DURATION_S = Number(process.env.DURATION_S ?? 30);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 400);
const CONNECTIONS = Number(process.env.UPSTREAM_CONNECTIONS ?? 32);
const MAX_IN_FLIGHT = process.env.MAX_IN_FLIGHT_REQUESTS ?? '';
const APP_PORT = Number(process.env.APP_PORT ?? 4130);
const APP = `http://127.0.0.1:${APP_PORT}`;
const WARM_SITES = 5;

/** One GET with a Host header; resolves with the status and time, or 0 on a socket error or a 10 s timeout. */
function timedGet(agent, host, pathAndQuery) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get({ host: '127.0.0.1', port: APP_PORT, path: pathAndQuery, agent, headers: { host }, timeout: 10_000 }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, body: Buffer.concat(chunks).toString() }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
  });
}

/** The load child: CONCURRENCY loops of GET / for a host never seen before, until told to stop. */
async function runLoad() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let running = true;
  const counts = {};
  process.on('message', () => (running = false));
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (running) {
        const { status } = await timedGet(agent, `cold-${Math.random().toString(36).slice(2)}.example.org`, '/');
        counts[status] = (counts[status] ?? 0) + 1;
      }
    }),
  );
  process.send(counts, () => process.exit(0));
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  await assertPortsFree([APP_PORT]);
  await build({ quiet: true });
  const api = await startOutageApi(sitesDataset(WARM_SITES));
  const app = start(process.execPath, SERVER_ARGS, {
    env: { NODE_ENV: 'production', PORT: String(APP_PORT), HOST: '127.0.0.1', CONTENT_API_URL: api.url, CAMPAIGN_API_URL: api.url, LOG_LEVEL: 'warn', UPSTREAM_CONNECTIONS: String(CONNECTIONS), MAX_IN_FLIGHT_REQUESTS: MAX_IN_FLIGHT },
  });
  try {
    await waitForHttp(`${APP}/healthz`, { child: app });
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sites = Array.from({ length: WARM_SITES }, (_, i) => siteOf(i + 1));
    for (const site of sites) {
      const res = await timedGet(probeAgent, site.host, '/');
      if (res.status !== 200 || !res.body.includes(site.gaCode)) throw new Error(`warming ${site.host} failed: ${res.status}`);
    }
    const rssBefore = rssMiB(app.pid);

    api.setMode('hang');
    api.stats.maxInFlight = api.stats.inFlight;
    const load = fork(new URL(import.meta.url).pathname, ['--load'], { env: { ...process.env, CONCURRENCY: String(CONCURRENCY) } });
    const loadCounts = new Promise((resolve) => load.once('message', resolve));

    const health = [];
    const cached = {};
    let peakRss = rssBefore;
    const until = Date.now() + DURATION_S * 1000;
    const healthProbe = (async () => {
      while (Date.now() < until) {
        health.push((await timedGet(probeAgent, 'localhost', '/healthz')).ms);
        await sleep(20);
      }
    })();
    const cachedProbe = (async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < until) {
        for (const site of sites) {
          const res = await timedGet(agent, site.host, '/');
          const key = res.status === 200 && res.body.includes(site.gaCode) ? '200 own site' : String(res.status);
          cached[key] = (cached[key] ?? 0) + 1;
        }
        await sleep(500);
      }
    })();
    while (Date.now() < until) {
      peakRss = Math.max(peakRss, rssMiB(app.pid));
      await sleep(250);
    }
    await Promise.all([healthProbe, cachedProbe]);
    load.send('stop');
    const counts = await loadCounts;

    health.sort((a, b) => a - b);
    const p99 = percentile(health, 99);
    console.log(`\nhang: content API hanging, ${CONCURRENCY} concurrent requests for cold hosts for ${DURATION_S} s, UPSTREAM_CONNECTIONS=${CONNECTIONS}, MAX_IN_FLIGHT_REQUESTS=${MAX_IN_FLIGHT || 'default'}, node ${process.version}\n`);
    console.log('| measure | value | target |');
    console.log('|---|---:|---|');
    console.log(`| RSS before the hang, MiB | ${rssBefore.toFixed(1)} | |`);
    console.log(`| peak RSS during the hang, MiB | ${peakRss.toFixed(1)} | under ${BOUND_MIB} ${peakRss < BOUND_MIB ? 'ok' : 'MISSED'} |`);
    console.log(`| /healthz p50 / p99 / max, ms (${health.length} probes) | ${percentile(health, 50).toFixed(1)} / ${p99.toFixed(1)} / ${health.at(-1)?.toFixed(1)} | p99 under 50 ${p99 < 50 ? 'ok' : 'MISSED'} |`);
    console.log(`| warmed sites' answers during the hang | ${JSON.stringify(cached)} | all "200 own site" ${Object.keys(cached).every((key) => key === '200 own site') ? 'ok' : 'MISSED'} |`);
    console.log(`| most API calls in flight at once | ${api.stats.maxInFlight} | at most ${CONNECTIONS} ${api.stats.maxInFlight <= CONNECTIONS ? 'ok' : 'MISSED'} |`);
    console.log(`| cold-host answers by status | ${JSON.stringify(counts)} | |`);
  } finally {
    await stop(app);
    await api.close();
  }
}

if (process.argv.includes('--load')) await runLoad();
else await main();
