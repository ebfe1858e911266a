#!/usr/bin/env node
/**
 * `npm run bench -- mixed`: memory under a mixed load, as a pod sees it. The built server
 * runs with the production command (the Dockerfile's CMD and ENV) against the side-by-side
 * harness's fake content API, with the metrics port and purge on. CLIENTS clients over HOSTS
 * hosts ask, one request after another: half of the time an answer never asked for before, 45%
 * an answer from a pool of REPEATED that are asked again and again (page-cache hits, admissions,
 * data-cache hits), 5% a path no route answers (404). Every 10 s an editor's purge alternates
 * between one answer of a site and a whole site.
 *
 * Every 30 s: RSS, V8's heap used and total, and the answers by status. At the end: RSS per
 * minute, its growth over the last two minutes (the target: levelled off, under 256 MiB, the
 * pod's memory request), and RSS after 10 s idle.
 *
 * Knobs: MINUTES (5), CLIENTS (24), HOSTS (500), REPEATED (5000), NODE_FLAGS (more flags for the
 * server's node, e.g. `--trace-gc`), APP_PORT (4160; the metrics port is APP_PORT + 1), API_PORT
 * (4162).
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { assertPortsFree, benchApi, ensureBuilt, hasCommand, podMemoryRequestMiB, requireBenchApi, rssMiB, SERVER_ARGS, SERVER_ENV, start, stop, timedGet, waitForHttp } from '../lib/processes.mjs';

const MINUTES = Number(process.env.MINUTES ?? 5);
const CLIENTS = Number(process.env.CLIENTS ?? 24);
const HOSTS = Number(process.env.HOSTS ?? 500);
const REPEATED = Number(process.env.REPEATED ?? 5000);
const APP_PORT = Number(process.env.APP_PORT ?? 4160);
const METRICS_PORT = APP_PORT + 1;
const API_PORT = Number(process.env.API_PORT ?? 4162);
const NODE_FLAGS = (process.env.NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const API = `http://127.0.0.1:${API_PORT}`;
const TOKEN = 'bench-mixed-purge-token-0123456789abcdef';
const PURGE_EVERY_MS = 10_000;
const SAMPLE_EVERY_MS = 30_000;
const BOUND_MIB = podMemoryRequestMiB();
const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

requireBenchApi();
ensureBuilt();
// The load runs here, on the CPU the server does not use.
if (hasCommand('taskset')) execFileSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });

const hostOf = (k) => `s${k % HOSTS}.mixed.test`;
/** The k-th repeated answer: always the same slug on the same host. */
const repeatedOf = (k) => ({ host: hostOf(k), path: `/rep-${k}-answer` });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const metric = (text, name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
const mib = (bytes) => bytes / 1024 / 1024;

function purge(body) {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port: METRICS_PORT, path: '/purge', method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}

await assertPortsFree([APP_PORT, METRICS_PORT, API_PORT]);
const api = start(process.execPath, [benchApi], { cpu: 1, env: { PORT: String(API_PORT), HOST: '127.0.0.1' } });
const appEnv = { ...SERVER_ENV, PORT: String(APP_PORT), HOST: '127.0.0.1', METRICS_PORT: String(METRICS_PORT), PURGE_TOKEN: TOKEN, CONTENT_API_URL: API, CAMPAIGN_API_URL: API, LOG_LEVEL: 'warn' };
const app = start(process.execPath, [...SERVER_ARGS.slice(0, -1), ...NODE_FLAGS, SERVER_ARGS.at(-1)], { cpu: 0, env: appEnv });
const counts = {};
const samples = [];
let purges = 0;
let purgeFailures = 0;
try {
  await waitForHttp(`${API}/api/setting/get`);
  await waitForHttp(`http://127.0.0.1:${APP_PORT}/healthz`, { child: app });
  const started = Date.now();
  const endsAt = started + MINUTES * 60_000;
  const sample = async () => {
    const { body } = await timedGet(undefined, METRICS_PORT, '127.0.0.1', '/metrics');
    const row = { minute: (Date.now() - started) / 60_000, rss: rssMiB(app.pid), heapUsed: mib(metric(body, 'nodejs_heap_size_used_bytes')), heapTotal: mib(metric(body, 'nodejs_heap_size_total_bytes')), external: mib(metric(body, 'nodejs_external_memory_bytes')) };
    samples.push(row);
    console.log(`${row.minute.toFixed(1)} min: RSS ${row.rss.toFixed(1)} MiB, heap used ${row.heapUsed.toFixed(1)} of ${row.heapTotal.toFixed(1)} MiB, external ${row.external.toFixed(1)} MiB, answers ${JSON.stringify(counts)}`);
  };
  let fresh = 0;
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (Date.now() < endsAt) {
      fresh += 1;
      // Of every 20 requests, 10 new answers, 9 repeated ones spread over the pool, 1 a 404.
      const slot = fresh % 20;
      const { host, path } = slot < 10 ? { host: hostOf(fresh), path: `/mx-${client}-${fresh}-answer` } : slot < 19 ? repeatedOf((fresh * 7919) % REPEATED) : { host: hostOf(fresh), path: `/no/such/${fresh}/page` };
      const { status } = await timedGet(agent, APP_PORT, host, path, { 'user-agent': CHROME_UA });
      counts[status] = (counts[status] ?? 0) + 1;
    }
    agent.destroy();
  });
  const editor = (async () => {
    while (Date.now() + PURGE_EVERY_MS < endsAt) {
      await sleep(PURGE_EVERY_MS);
      const { host, path } = repeatedOf(purges * 7919 % REPEATED);
      const status = await purge(purges % 2 === 0 ? { site: host, slugs: [path.slice(1)] } : { site: host });
      purges += 1;
      if (status !== 200) purgeFailures += 1;
    }
  })();
  const sampler = (async () => {
    while (Date.now() + SAMPLE_EVERY_MS <= endsAt) {
      await sleep(SAMPLE_EVERY_MS);
      await sample();
    }
  })();
  await Promise.all([...clients, editor, sampler]);
  await sleep(10_000);
  const idle = rssMiB(app.pid);
  const peak = Math.max(...samples.map((s) => s.rss));
  const late = samples.filter((s) => s.minute >= MINUTES - 2);
  const growth = late.length > 1 ? late.at(-1).rss - late[0].rss : NaN;
  console.log(`\n${MINUTES} min, ${CLIENTS} clients, ${HOSTS} hosts (half new answers, 45% of ${REPEATED} repeated, 5% 404), a purge every ${PURGE_EVERY_MS / 1000} s (${purges}, ${purgeFailures} failed)`);
  console.log(`answers: ${JSON.stringify(counts)}`);
  console.log(`peak RSS ${peak.toFixed(1)} MiB (target under ${BOUND_MIB}: ${peak < BOUND_MIB ? 'ok' : 'MISSED'}); growth over the last 2 minutes ${growth.toFixed(1)} MiB; after 10 s idle ${idle.toFixed(1)} MiB`);
} finally {
  await stop(app);
  await stop(api);
}
