#!/usr/bin/env node
/**
 * `npm run bench -- last-resort`: nothing a visitor saw before an outage turns into an
 * error page, and a drain loses nothing (issue 46). The built server runs with the production
 * command (scripts/lib/processes.mjs) and a metrics port, against a content API this script
 * controls (scripts/lib/outage-api.mjs) with SITES sites of three articles each. Then:
 *   1. warm: the home, an article and the category of WARMED sites, each asked every
 *      500 ms from now on (busy pages, kept by the page cache);
 *   2. push out: every article of the other sites read READS times (3 × (SITES - WARMED)); with
 *      QUIET_PUSH=1 the warmed pages are not asked meanwhile, so no refresh of theirs uses
 *      their data again while it is pushed out (the hardest case for the last-good store);
 *   3. outage: the API answers every call 500 for OUTAGE_S seconds (past the page cache's fresh
 *      and stale times, 10 s + 60 s by default);
 *   4. drain: DRAIN_CLIENTS clients ask for warmed pages without pause, and the server gets
 *      SIGTERM; every request either gets an answer or was refused a connection (the listener
 *      closed), never reset.
 * Throughout, `/healthz` on both ports every 100 ms. Prints per phase the warmed pages' answers
 * (target: all "200 own"), the probes' answers and p99, peak RSS, and the drain's outcomes.
 *
 * Knobs: SITES (1001), WARMED (5), READS (1), QUIET_PUSH (0), OUTAGE_S (80), DRAIN_CLIENTS (16), APP_PORT (two
 * free ports when unset, so another benchmark's server is never measured instead; the metrics
 * port is APP_PORT + 1 when set). Any server variable set when the script starts reaches it.
 */
import http from 'node:http';
import { freePorts, SERVER_ARGS, rssMiB, timedGet, waitForHttp } from '../lib/processes.mjs';
import { siteOf, startServerAgainstOutageApi } from '../lib/outage-api.mjs';

const SITES = Number(process.env.SITES ?? 1001);
const WARMED = Number(process.env.WARMED ?? 5);
const READS = Number(process.env.READS ?? 1);
const QUIET_PUSH = process.env.QUIET_PUSH === '1';
const OUTAGE_S = Number(process.env.OUTAGE_S ?? 80);
const DRAIN_CLIENTS = Number(process.env.DRAIN_CLIENTS ?? 16);
const [APP_PORT, METRICS_PORT] = process.env.APP_PORT ? [Number(process.env.APP_PORT), Number(process.env.APP_PORT) + 1] : await freePorts(2);
const PUSH_CONCURRENCY = 16;
/** Pages are read as text. */
const IDENTITY = { 'accept-encoding': 'identity' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const count = (counts, key) => void (counts[key] = (counts[key] ?? 0) + 1);

/** A warmed page's answer, named: "200 own" when it is the page asked for, else its status and title. */
function outcomeOf(res, site, path) {
  const own = res.status === 200 && res.body.includes(site.gaCode) && (path === '/' || res.body.includes(path === site.pages.article ? 'Question 1 of' : 'Topic '));
  if (own) return res.headers['x-page-cache'] === 'last-resort' ? '200 own (last resort)' : '200 own';
  return `${res.status || res.code} ${site.host}${path}: ${/<title>([^<]*)/.exec(res.body)?.[1] ?? ''}`.trim();
}

async function main() {
  const { api, app, imageEnv } = await startServerAgainstOutageApi(SITES, APP_PORT, METRICS_PORT);
  const exited = new Promise((resolve) => app.once('exit', (code) => resolve(code)));
  await waitForHttp(`http://127.0.0.1:${APP_PORT}/healthz`, { child: app });

  let phase = 'warm';
  const pages = {};
  const probes = {};
  let peakRss = 0;
  let running = true;
  const warmed = Array.from({ length: WARMED }, (_, i) => siteOf(i + 1));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  for (const site of warmed) {
    for (const path of Object.values(site.pages)) {
      const outcome = outcomeOf(await timedGet(agent, APP_PORT, site.host, path, IDENTITY), site, path);
      if (outcome !== '200 own') {
        app.kill('SIGKILL');
        await api.close();
        throw new Error(`warming: ${outcome}`);
      }
    }
  }

  const busy = (async () => {
    while (running) {
      if (QUIET_PUSH && phase === 'push out') {
        await sleep(100);
        continue;
      }
      for (const site of warmed) {
        for (const path of Object.values(site.pages)) {
          const res = await timedGet(agent, APP_PORT, site.host, path, IDENTITY);
          // Refused once the listener closed: the drain's end, as for the probes.
          count((pages[phase] ??= {}), res.code === 'ECONNREFUSED' && phase === 'drain' ? 'refused, listener closed' : outcomeOf(res, site, path));
        }
      }
      await sleep(500);
    }
  })();
  const probe = async (port) => {
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (running) {
      const res = await timedGet(probeAgent, port, 'localhost', '/healthz');
      // Refused once the listener closed: the drain's end, not a probe that went unanswered.
      if (res.code === 'ECONNREFUSED' && phase === 'drain') break;
      const name = `${port === APP_PORT ? 'public' : 'metrics'} /healthz`;
      ((probes[phase] ??= {})[name] ??= []).push(res.status === 200 ? res.ms : Infinity);
      peakRss = Math.max(peakRss, rssMiB(app.pid));
      await sleep(100);
    }
  };
  const probing = [probe(APP_PORT), probe(METRICS_PORT)];

  phase = 'push out';
  const others = [];
  for (let n = WARMED + 1; n <= SITES; n++) for (let i = 1; i <= 3; i++) others.push([siteOf(n).host, `/site-${n}-article-${i}`]);
  const pushed = {};
  for (let read = 0; read < READS; read++) {
    let next = 0;
    await Promise.all(
      Array.from({ length: PUSH_CONCURRENCY }, async () => {
        const pushAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        while (next < others.length) {
          const [host, path] = others[next++];
          count(pushed, (await timedGet(pushAgent, APP_PORT, host, path, IDENTITY)).status);
        }
      }),
    );
  }

  phase = 'outage';
  api.setMode('error');
  const outageStarted = Date.now();
  await sleep(OUTAGE_S * 1000);

  // The drain: clients without pause on warmed pages, SIGTERM, until the process is gone.
  phase = 'drain';
  const drain = {};
  let draining = true;
  const drainClients = Array.from({ length: DRAIN_CLIENTS }, async (_, client) => {
    const clientAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const site = warmed[client % warmed.length];
    while (draining) {
      const res = await timedGet(clientAgent, APP_PORT, site.host, site.pages.article, IDENTITY);
      count(drain, res.status ? `${res.status}${res.headers.connection === 'close' ? ' Connection: close' : ''}` : res.code);
      if (res.code === 'ECONNREFUSED') await sleep(50);
    }
  });
  await sleep(1000);
  const signalledAt = Date.now();
  app.kill('SIGTERM');
  const exitCode = await exited;
  const exitSeconds = (Date.now() - signalledAt) / 1000;
  phase = 'gone';
  await sleep(300);
  draining = false;
  running = false;
  await Promise.all([busy, ...probing, ...drainClients]);
  await api.close();

  console.log(`\nlast-resort: node ${process.version}, \`node ${SERVER_ARGS.join(' ')}\` with ${JSON.stringify(imageEnv)}`);
  console.log(`${WARMED} sites' home, article and category warmed and asked every 500 ms; ${others.length} other articles read ${READS}×${QUIET_PUSH ? ', the warmed pages not asked meanwhile' : ''} (answers ${JSON.stringify(pushed)}); then the API answers 500 for ${OUTAGE_S} s (${((Date.now() - outageStarted) / 1000).toFixed(0)} s with the drain); then ${DRAIN_CLIENTS} clients and SIGTERM\n`);
  console.log('| phase | warmed pages | /healthz public: answered, p99 ms | /healthz metrics: answered, p99 ms |');
  console.log('|---|---|---|---|');
  for (const name of ['push out', 'outage', 'drain']) {
    const cells = ['public /healthz', 'metrics /healthz'].map((probeName) => {
      const times = [...(probes[name]?.[probeName] ?? [])].sort((a, b) => a - b);
      return `${times.filter(Number.isFinite).length}/${times.length}, ${percentile(times, 99).toFixed(1)}`;
    });
    console.log(`| ${name} | ${JSON.stringify(pages[name] ?? {})} | ${cells.join(' | ')} |`);
  }
  console.log(`\ndrain: exit code ${exitCode} ${exitSeconds.toFixed(1)} s after SIGTERM; answers ${JSON.stringify(drain)} (target: no ECONNRESET)`);
  console.log(`peak RSS ${peakRss.toFixed(1)} MiB`);
}

await main();
