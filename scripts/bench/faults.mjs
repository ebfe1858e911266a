#!/usr/bin/env node
/**
 * `npm run bench -- faults`: a content API that misbehaves, as an outside test tries it. The
 * built server runs with the production command against a content API this script controls
 * (scripts/lib/outage-api.mjs, 20 sites, warmed first), while CLIENTS clients ask for pages
 * never asked for before on the warmed sites:
 *
 * - for each of `invalid_json` and `too_large` (every call answered with a body the app cannot
 *   use) for PHASE_S: the `upstream.fetch_failed` lines written (target: at most 30), whether
 *   the circuit opened (its metric and its `upstream.circuit_open` line) and the calls the API
 *   got;
 * - a hang of PHASE_S, then the API back: how long after its return new pages are answered from
 *   the API again (an unknown slug's 404 is the API's answer; a 503 is not), how many failed
 *   after UPSTREAM_BREAKER_OPEN_MS + 1 s (target: none), and the circuit's openings during the
 *   hang (target: one).
 *
 * Knobs: PHASE_S (20), CLIENTS (32), APP_PORT (4170; metrics on the next port).
 */
import http from 'node:http';
import { siteOf, startServerAgainstOutageApi } from '../lib/outage-api.mjs';
import { stop, timedGet, waitForHttp } from '../lib/processes.mjs';

const PHASE_S = Number(process.env.PHASE_S ?? 20);
const CLIENTS = Number(process.env.CLIENTS ?? 32);
const APP_PORT = Number(process.env.APP_PORT ?? 4170);
const METRICS_PORT = APP_PORT + 1;
const SITES = 20;
/** The app's default (UPSTREAM_BREAKER_OPEN_MS), which this run does not change. */
const OPEN_MS = 5000;

/** What the API answers for a page never asked for before: the page, or its 404. */
const answeredByApi = (status) => status === 200 || status === 404;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let fresh = 0;
/** A page never asked for before, on a warmed site. */
const newPage = () => {
  fresh += 1;
  return { host: siteOf((fresh % SITES) + 1).host, path: `/never-asked-${fresh}-${process.pid}` };
};

const { api, app } = await startServerAgainstOutageApi(SITES, APP_PORT);
const logLines = (event) => app.log().split('\n').filter((line) => line.includes(`"event":"${event}"`)).length;
const metric = async (name) => {
  const { body } = await timedGet(undefined, METRICS_PORT, '127.0.0.1', '/metrics');
  return [...body.matchAll(new RegExp(`^${name}\\{origin="([^"]*)"\\} (\\S+)$`, 'gm'))].map(([, origin, value]) => `${origin}=${value}`).join(' ') || 'none';
};

/** CLIENTS loops of new pages until `until()`; answers by status. */
async function load(until) {
  const counts = {};
  const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  await Promise.all(
    agents.map(async (agent) => {
      while (!until()) {
        const { host, path } = newPage();
        const { status } = await timedGet(agent, APP_PORT, host, path);
        counts[status] = (counts[status] ?? 0) + 1;
      }
      agent.destroy();
    }),
  );
  return counts;
}

try {
  await waitForHttp(`http://127.0.0.1:${APP_PORT}/healthz`);
  for (let n = 1; n <= SITES; n++) await timedGet(undefined, APP_PORT, siteOf(n).host, siteOf(n).pages.article);
  console.log(`${SITES} sites warmed; ${CLIENTS} clients ask for new pages; phases of ${PHASE_S} s\n`);
  console.log('| phase | answers | upstream.fetch_failed lines | circuit opened (lines; upstream_circuit_open) | API calls | target |');
  console.log('|---|---|---:|---|---:|---|');
  for (const mode of ['invalid_json', 'too_large']) {
    const [failedBefore, openedBefore, callsBefore] = [logLines('upstream.fetch_failed'), logLines('upstream.circuit_open'), api.stats.total];
    api.setMode(mode);
    const endsAt = Date.now() + PHASE_S * 1000;
    const counts = await load(() => Date.now() >= endsAt);
    const failed = logLines('upstream.fetch_failed') - failedBefore;
    const opened = logLines('upstream.circuit_open') - openedBefore;
    const gauge = await metric('upstream_circuit_open');
    console.log(`| ${mode} | ${JSON.stringify(counts)} | ${failed} | ${opened}; ${gauge} | ${api.stats.total - callsBefore} | at most 30 lines, circuit open: ${failed <= 30 && opened >= 1 ? 'ok' : 'MISSED'} |`);
    // The API back, and the circuit closed again (one open interval and its probe), before the next phase.
    api.setMode('ok');
    await sleep(OPEN_MS + 1500);
    await load(() => true);
    for (let n = 1; n <= 3; n++) await timedGet(undefined, APP_PORT, siteOf(n).host, newPage().path);
  }
  const openingsBefore = await metric('upstream_circuit_openings_total');
  api.setMode('hang');
  const hangEndsAt = Date.now() + PHASE_S * 1000;
  const during = await load(() => Date.now() >= hangEndsAt);
  api.setMode('ok');
  const backAt = Date.now();
  // From the API's return: one client after another asks for new pages until one answers 200,
  // then every page after the target's deadline counts.
  let firstOkMs = NaN;
  const deadline = backAt + OPEN_MS + 1000;
  const after = {};
  let lateFailures = 0;
  const probeEndsAt = deadline + 5000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < probeEndsAt) {
        const { host, path } = newPage();
        const { status } = await timedGet(agent, APP_PORT, host, path);
        const at = Date.now();
        after[status] = (after[status] ?? 0) + 1;
        if (answeredByApi(status) && Number.isNaN(firstOkMs)) firstOkMs = at - backAt;
        if (!answeredByApi(status) && at > deadline) lateFailures += 1;
      }
      agent.destroy();
    }),
  );
  const openingsAfter = await metric('upstream_circuit_openings_total');
  console.log(`\nhang of ${PHASE_S} s: answers during it ${JSON.stringify(during)}; after the API's return ${JSON.stringify(after)}`);
  console.log(`first new page answered from the API ${(firstOkMs / 1000).toFixed(2)} s after its return; pages not answered from it after ${(OPEN_MS + 1000) / 1000} s: ${lateFailures} (target 0: ${lateFailures === 0 ? 'ok' : 'MISSED'})`);
  console.log(`circuit openings: before the hang ${openingsBefore}, after it ${openingsAfter} (target: one more)`);
} finally {
  await stop(app);
  await api.close();
}
