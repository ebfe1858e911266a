#!/usr/bin/env node
/**
 * `npm run bench -- overload`: overload without collateral (issue 26). The built server
 * runs with the production command (the Dockerfile's CMD and ENV, scripts/lib/processes.mjs) and
 * a metrics port, against a content API this script controls (scripts/lib/outage-api.mjs) with
 * 20 sites, whose home, article and category are warmed first. Then:
 *   1. a flood: FLOOD_REQUESTS requests for random hosts and random slugs (FLOOD_CONCURRENCY
 *      clients);
 *   2. a hang: the API stops answering while HANG_CONCURRENCY clients ask for cold hosts for
 *      HANG_S seconds.
 * Throughout, `/healthz` and `/readyz` are asked on both ports every 20 ms (one keep-alive
 * socket each) and the warmed sites' pages (home, article, category) every 500 ms; RSS is read every 250 ms, and the
 * process's memory parts (heap, external, the rest) every second from its /metrics.
 *
 * Prints per phase: the probes' p50/p99/max on both ports (target p99: under 50 ms in the hang),
 * the warmed pages' answers (target: all 200 with their own content), peak RSS (target: under
 * the pod's memory request, 256 MiB, read from the Deployment) and the memory parts at that peak.
 *
 * Knobs: FLOOD_REQUESTS (50000), FLOOD_CONCURRENCY (64), HANG_S (20), HANG_CONCURRENCY (400),
 * APP_PORT (4150; the metrics port is APP_PORT + 1). Server environment: any variable set when
 * the script starts reaches the server, over the Dockerfile's own (e.g. MALLOC_ARENA_MAX=2).
 * The load runs in a child process, so its work does not delay the probes' timing.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { podMemoryRequestMiB, SERVER_ARGS, SERVER_ENV, rssMiB, stop, timedGet, waitForHttp } from '../lib/processes.mjs';

const BOUND_MIB = podMemoryRequestMiB();
import { siteOf, startServerAgainstOutageApi } from '../lib/outage-api.mjs';

const SITES = 20;
const FLOOD_REQUESTS = Number(process.env.FLOOD_REQUESTS ?? 50_000);
const FLOOD_CONCURRENCY = Number(process.env.FLOOD_CONCURRENCY ?? 64);
const HANG_S = Number(process.env.HANG_S ?? 20);
const HANG_CONCURRENCY = Number(process.env.HANG_CONCURRENCY ?? 400);
const APP_PORT = Number(process.env.APP_PORT ?? 4150);
const METRICS_PORT = APP_PORT + 1;
const PROBE_INTERVAL_MS = 20;
/** The load's clients come from this many loopback addresses (127.0.2.x). */
const CLIENT_ADDRESSES = 200;
const SITE_PROBE_INTERVAL_MS = 500;

/** What a browser sends: the load's pages are compressed as a browser's are. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36' };

const randomLabel = () => Math.random().toString(36).slice(2, 12);

/**
 * The load child, its requests as a browser's. `flood`: FLOOD_REQUESTS requests, half for
 * random hosts, half for random slugs on the warmed hosts. `hang`: HANG_CONCURRENCY loops of GET / for a host never seen
 * before until told to stop. Sends its answers by status when done.
 */
async function runLoad(kind) {
  const concurrency = kind === 'flood' ? FLOOD_CONCURRENCY : HANG_CONCURRENCY;
  // Many clients come from many addresses (the public port holds one address to a share of its sockets).
  const agents = Array.from({ length: CLIENT_ADDRESSES }, (_, i) => new http.Agent({ keepAlive: true, localAddress: `127.0.2.${i + 1}` }));
  let running = true;
  let sent = 0;
  const counts = {};
  process.on('message', () => (running = false));
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      const agent = agents[client % CLIENT_ADDRESSES];
      while (running && (kind === 'hang' || sent < FLOOD_REQUESTS)) {
        sent += 1;
        // In the flood the odd sends go to warmed sites, always the even-numbered ones: the odd
        // ones get none, so the flood pushes their lookups out of the data cache's LRU and only the
        // last-good store keeps them (a quiet site among busy ones).
        const [host, target] =
          kind === 'hang' ? [`cold-${randomLabel()}.example.org`, '/'] : sent % 2 === 0 ? [`${randomLabel()}.flood.example`, `/${randomLabel()}`] : [siteOf((sent % SITES) + 1).host, `/${randomLabel()}-${randomLabel()}`];
        const { status } = await timedGet(agent, APP_PORT, host, target, BROWSER_HEADERS);
        counts[status] = (counts[status] ?? 0) + 1;
      }
    }),
  );
  process.send(counts, () => process.exit(0));
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes) => bytes / 1024 / 1024;

/** The process's memory parts from prom-client's default metrics, in MiB. */
async function memoryParts(agent) {
  const res = await timedGet(agent, METRICS_PORT, 'localhost', '/metrics');
  const value = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(res.body)?.[1] ?? NaN);
  const rss = mib(value('process_resident_memory_bytes'));
  const heapTotal = mib(value('nodejs_heap_size_total_bytes'));
  const external = mib(value('nodejs_external_memory_bytes'));
  return { rss, heapUsed: mib(value('nodejs_heap_size_used_bytes')), heapTotal, external, rest: rss - heapTotal - external };
}

/** Runs one phase: the load child, the probes and the memory readings, until the child is done or `stopAfterMs`. */
async function phase(app, sites, kind, stopAfterMs) {
  const load = fork(new URL(import.meta.url).pathname, ['--load', kind], { env: process.env });
  const loadDone = new Promise((resolve) => load.once('message', resolve));
  let running = true;
  const startedAt = Date.now();
  const stopTimer = stopAfterMs ? setTimeout(() => load.send('stop'), stopAfterMs) : undefined;
  void loadDone.then(() => (running = false));

  const probes = {};
  const probe = async (port, path) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const times = (probes[`${port === APP_PORT ? 'public' : 'metrics'} ${path}`] = []);
    while (running) {
      const res = await timedGet(agent, port, 'localhost', path);
      times.push(res.status === 200 ? res.ms : Math.max(res.ms, 10_000));
      await sleep(PROBE_INTERVAL_MS);
    }
  };
  const siteAnswers = {};
  /** The first few answers that were not a site's own page, with what says why (Cache-Control, x-page-cache, time). */
  const otherAnswers = [];
  const siteProbe = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (running) {
      for (const site of sites) {
        for (const target of Object.values(site.pages)) {
          const res = await timedGet(agent, APP_PORT, site.host, target);
          // Another answer is named by its status and the page's title (whose page it was).
          const key = res.status === 200 && res.body.includes(site.gaCode) ? '200 own site' : `${res.status} ${site.host}${target}: ${/<title>([^<]*)/.exec(res.body)?.[1] ?? ''}`.trim();
          siteAnswers[key] = (siteAnswers[key] ?? 0) + 1;
          if (key !== '200 own site' && otherAnswers.length < 5) {
            otherAnswers.push(`${key} at ${((Date.now() - startedAt) / 1000).toFixed(1)} s, ${res.ms.toFixed(0)} ms, Cache-Control ${res.headers?.['cache-control']}, x-page-cache ${res.headers?.['x-page-cache']}`);
          }
        }
      }
      await sleep(SITE_PROBE_INTERVAL_MS);
    }
  };
  let peakRss = 0;
  let partsAtPeak;
  const memory = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let lastParts = 0;
    while (running) {
      const rss = rssMiB(app.pid);
      if (rss > peakRss) {
        peakRss = rss;
        if (Date.now() - lastParts >= 1000) {
          lastParts = Date.now();
          partsAtPeak = await memoryParts(agent);
        }
      }
      await sleep(250);
    }
  };
  const tasks = [probe(APP_PORT, '/healthz'), probe(APP_PORT, '/readyz'), probe(METRICS_PORT, '/healthz'), probe(METRICS_PORT, '/readyz'), siteProbe(), memory()];
  const counts = await loadDone;
  clearTimeout(stopTimer);
  await Promise.all(tasks);
  return { kind, seconds: (Date.now() - startedAt) / 1000, counts, probes, siteAnswers, otherAnswers, peakRss, partsAtPeak };
}

function report({ kind, seconds, counts, probes, siteAnswers, otherAnswers, peakRss, partsAtPeak }, withTargets) {
  const mark = (ok) => (withTargets ? (ok ? ' ok' : ' MISSED') : '');
  console.log(`\n${kind}: ${seconds.toFixed(1)} s, answers by status ${JSON.stringify(counts)}\n`);
  console.log('| measure | value | target |');
  console.log('|---|---:|---|');
  for (const [name, times] of Object.entries(probes)) {
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    console.log(`| ${name} p50 / p99 / max, ms (${times.length} probes) | ${percentile(times, 50).toFixed(1)} / ${p99.toFixed(1)} / ${times.at(-1)?.toFixed(1)} | p99 under 50${mark(p99 < 50)} |`);
  }
  console.log(`| warmed sites' pages | ${JSON.stringify(siteAnswers)} | all "200 own site"${mark(Object.keys(siteAnswers).every((key) => key === '200 own site'))} |`);
  for (const answer of otherAnswers) console.log(`| a warmed page not its own | ${answer} | |`);
  console.log(`| peak RSS, MiB | ${peakRss.toFixed(1)} | under ${BOUND_MIB}${mark(peakRss < BOUND_MIB)} |`);
  if (partsAtPeak) {
    const { rss, heapUsed, heapTotal, external, rest } = partsAtPeak;
    console.log(`| near the peak: RSS / heap used / heap total / external / the rest, MiB | ${[rss, heapUsed, heapTotal, external, rest].map((n) => n.toFixed(1)).join(' / ')} | |`);
  }
}

async function main() {
  // The Dockerfile's variables, unless this script was started with one of them set (MALLOC_ARENA_MAX=2 ...).
  const { api, app, imageEnv } = await startServerAgainstOutageApi(SITES, APP_PORT);
  try {
    await waitForHttp(`http://127.0.0.1:${APP_PORT}/healthz`, { child: app });
    const sites = Array.from({ length: SITES }, (_, i) => siteOf(i + 1));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (const site of sites) {
      for (const target of Object.values(site.pages)) {
        const res = await timedGet(agent, APP_PORT, site.host, target);
        if (res.status !== 200 || !res.body.includes(site.gaCode)) throw new Error(`warming ${site.host}${target} failed: ${res.status}`);
      }
    }
    const rssWarm = rssMiB(app.pid);
    const flood = await phase(app, sites, 'flood');
    api.setMode('hang');
    const hang = await phase(app, sites, 'hang', HANG_S * 1000);

    const extra = Object.keys(process.env).filter((name) => (name.startsWith('MALLOC_') || name === 'UV_THREADPOOL_SIZE') && !(name in SERVER_ENV));
    console.log(`\noverload: node ${process.version}, \`node ${SERVER_ARGS.join(' ')}\` with ${JSON.stringify(imageEnv)}${extra.length ? ` and ${extra.map((name) => `${name}=${process.env[name]}`).join(' ')}` : ''}`);
    console.log(`${SITES} sites warmed (RSS ${rssWarm.toFixed(1)} MiB); flood of ${FLOOD_REQUESTS} requests (random hosts and slugs, ${FLOOD_CONCURRENCY} clients); then the API hangs while ${HANG_CONCURRENCY} clients ask for cold hosts for ${HANG_S} s`);
    report(flood, false);
    report(hang, true);
    console.log(`\npeak RSS over both phases: ${Math.max(flood.peakRss, hang.peakRss).toFixed(1)} MiB (target under ${BOUND_MIB} ${Math.max(flood.peakRss, hang.peakRss) < BOUND_MIB ? 'ok' : 'MISSED'})`);
  } finally {
    await stop(app);
    await api.close();
  }
}

if (process.argv.includes('--load')) await runLoad(process.argv.at(-1));
else await main();
