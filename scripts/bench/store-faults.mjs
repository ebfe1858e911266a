#!/usr/bin/env node
/**
 * `npm run bench -- store-faults`: what the shared cache tier's store costs visitors when it
 * fails (issue 53: the store stopped, hung or full costs no failed request and no p99 above the
 * command timeout plus today's p99). Two servers of the one build run with the production command
 * for the whole benchmark: a baseline without CACHE_URL, and an instance with CACHE_URL to a
 * redis-server or valkey-server from PATH that this script starts on a free loopback port
 * (scripts/lib/store-server.mjs); both against the side-by-side harness's fake content API
 * (../shared/bench/content-api), under the long tail (scripts/lib/longtail.mjs), each page asked
 * for VIEWS times so that the tier counts views and keeps pages.
 *
 * After WARMUP on each, ROUNDS rounds; each is a phase of PHASE on the baseline, then a phase each
 * on the instance, one wrk a phase; a fault begins as its phase's load does and ends halfway
 * through it, so each phase holds the fault and the recovery from it:
 * - healthy: nothing done;
 * - cut: every connection of the instance closed by the store, which stays up (a network blip);
 * - killed: the store SIGKILLed, then started again on its port (empty);
 * - hung: SIGSTOP (its sockets stay open, nothing answers), then SIGCONT;
 * - full: CONFIG SET maxmemory 1 under `noeviction` (every write answers OOM), then the bound and
 *   policy it started with.
 * Per round and phase: requests, failed requests (non-2xx/3xx and socket errors), p50, p99 and
 * the instance's `shared_cache.state` lines (and `resynced`: its first tier dropped once the
 * purge channel was back, `cache.resynced`; `rejoined`: kept, no purge missed, `cache.rejoined`). Then per phase the rounds' p99, their median and
 * spread, and the target: no failed request in any round, and a median p99 at most
 * CACHE_COMMAND_TIMEOUT_MS (the app's default, from src/server/config/config.ts) over the
 * baseline's median p99 (one 10 s stretch's p99 moves by tens of ms between identical runs on a
 * shared machine). The servers on CPU 0; wrk, the fake API and the store on CPU 1. Exits 1 when a
 * phase misses its target.
 *
 * Knobs: ROUNDS (3), PHASE (10s), WARMUP (4s), CONNECTIONS (32), HOSTS (200), VIEWS (4), FAULTS
 * (the faults of a round, in order: `healthy cut killed hung full`; one named twice runs twice).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { median } from '../lib/ab.mjs';
import { longTailLoad } from '../lib/longtail.mjs';
import { benchApi, ensureBuilt, freePorts, requireBenchApi, root, SERVER_ARGS, SERVER_ENV, start, stop, waitForHttp } from '../lib/processes.mjs';
import { requireStoreBinary, STORE_MAXMEMORY, STORE_POLICY, startStore } from '../lib/store-server.mjs';
import { requireWrk } from '../lib/wrk.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PHASE = process.env.PHASE ?? '10s';
const WARMUP = process.env.WARMUP ?? '4s';
const CONNECTIONS = process.env.CONNECTIONS ?? '32';
const HOSTS = Number(process.env.HOSTS ?? 200);
const VIEWS = Number(process.env.VIEWS ?? 4);
const PHASE_MS = Number.parseFloat(PHASE) * 1000;
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`ROUNDS must be a whole number of 1 or more, not ${process.env.ROUNDS}`);

/** The app's default command timeout, read where it is set (one source). */
const configSource = readFileSync(path.join(root, 'src/server/config/config.ts'), 'utf8');
const TIMEOUT_MS = Number(/CACHE_COMMAND_TIMEOUT_MS: variable\(.*, (\d+)\),/.exec(configSource)?.[1]);
if (!Number.isFinite(TIMEOUT_MS)) throw new Error('no default CACHE_COMMAND_TIMEOUT_MS in src/server/config/config.ts');

const storeBinary = requireStoreBinary();
requireWrk();
requireBenchApi();
ensureBuilt();

const [flags, entry] = [SERVER_ARGS.slice(0, -1), SERVER_ARGS.at(-1)];
const [apiPort, storePort, basePort, appPort] = await freePorts(4);
const API = `http://127.0.0.1:${apiPort}`;
const CACHE_URL = `redis://127.0.0.1:${storePort}`;

/** The store's admin connection for one change: none is kept open across the faults. */
async function withAdmin(work) {
  const admin = new Redis(CACHE_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    admin.disconnect();
  }
}

const configure = (settings) =>
  withAdmin(async (admin) => {
    for (const [name, value] of settings) await admin.config('SET', name, value);
  });

const started = [];
let store;
/** Each fault: what begins it, and what ends it halfway through its phase. */
const FAULTS = {
  healthy: { begin: async () => undefined, end: async () => undefined },
  // A network blip: the store, still up on the same run, closes every connection of the instance.
  cut: {
    begin: () =>
      withAdmin(async (admin) => {
        await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
        await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
      }),
    end: async () => undefined,
  },
  killed: {
    async begin() {
      const exited = new Promise((resolve) => store.once('exit', resolve));
      store.kill('SIGKILL');
      await exited;
      started.splice(started.indexOf(store), 1);
    },
    async end() {
      store = startStore(storeBinary, storePort, { cpu: 1 });
      started.push(store);
    },
  },
  hung: { begin: async () => void store.kill('SIGSTOP'), end: async () => void store.kill('SIGCONT') },
  full: {
    begin: () => configure([['maxmemory-policy', 'noeviction'], ['maxmemory', '1']]),
    end: () => configure([['maxmemory', STORE_MAXMEMORY], ['maxmemory-policy', STORE_POLICY]]),
  },
};

const PHASES = (process.env.FAULTS ?? Object.keys(FAULTS).join(' ')).split(/\s+/).filter(Boolean);
const unknown = PHASES.filter((phase) => !(phase in FAULTS));
if (unknown.length > 0) throw new Error(`unknown FAULTS ${unknown.join(', ')}; known: ${Object.keys(FAULTS).join(', ')}`);

/** The instance's `shared_cache.state` lines (their state), `cache.resynced` (its first tier dropped) and `cache.rejoined` (kept) ones, in order. */
const stateLines = (server) => [...server.log().matchAll(/"event":"(?:shared_cache\.state","state":"(\w+)"|cache\.(resynced|rejoined)")/g)].map((match) => match[1] ?? match[2]);

function server(port, env) {
  const child = start(process.execPath, [...flags, entry], { cpu: 0, env: { ...SERVER_ENV, PORT: String(port), HOST: '127.0.0.1', CONTENT_API_URL: API, CAMPAIGN_API_URL: API, LOG_LEVEL: undefined, ...env } });
  started.push(child);
  return { url: `http://127.0.0.1:${port}`, process: child };
}

const BASELINE = 'baseline (no CACHE_URL)';
const load = longTailLoad({ connections: CONNECTIONS, hosts: HOSTS, views: VIEWS });
const rows = [];
/** One phase's figures, kept and printed as it ends (a long run shows how it goes). */
function record(round, phase, figures, states) {
  const row = { round, phase, ...figures, states };
  rows.push(row);
  console.log(`round ${round} ${phase}: ${row.requests} requests, ${row.errors} failed, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(0)} ms${states.length > 0 ? `; ${states.join(', ')}` : ''}`);
}
try {
  started.push(start(process.execPath, [benchApi], { cpu: 1, env: { PORT: String(apiPort), HOST: '127.0.0.1' } }));
  await waitForHttp(`${API}/api/setting/get`);

  store = startStore(storeBinary, storePort, { cpu: 1 });
  started.push(store);
  const baseline = server(basePort, {});
  const app = server(appPort, { CACHE_URL });
  for (const target of [baseline, app]) await waitForHttp(`${target.url}/healthz`, { child: target.process });
  for (const target of [baseline, app]) load.load(target, WARMUP);
  for (let round = 1; round <= ROUNDS; round++) {
    record(round, BASELINE, load.load(baseline, PHASE), []);
    for (const phase of PHASES) {
      const fault = FAULTS[phase];
      const linesBefore = stateLines(app.process).length;
      const measured = load.loadInBackground(app, PHASE);
      await fault.begin();
      await sleep(PHASE_MS / 2);
      await fault.end();
      record(round, phase, await measured, stateLines(app.process).slice(linesBefore));
    }
  }
} finally {
  for (const child of started.reverse()) {
    if (child === store) child.kill('SIGCONT');
    await stop(child);
  }
  load.close();
}

const p99s = (phase) => rows.filter((r) => r.phase === phase).map((r) => r.p99);
const budget = median(p99s(BASELINE)) + TIMEOUT_MS;
console.log(`\nnode ${process.version}; ${ROUNDS} rounds, each a phase of ${PHASE} on the baseline then one a fault on the instance, wrk -t1 -c${CONNECTIONS}, after ${WARMUP} of warm-up on each, ${HOSTS} hosts, each page ${VIEWS} times; each fault from its phase's start to its half; servers on CPU 0, wrk, the fake API and ${path.basename(storeBinary)} on CPU 1`);
console.log(`target: no failed request in any round, median p99 at most ${budget.toFixed(0)} ms (the baseline's median ${median(p99s(BASELINE)).toFixed(0)} + CACHE_COMMAND_TIMEOUT_MS ${TIMEOUT_MS})\n`);
console.log(`| phase | p99 ms by round | median p99 ms (spread) | failed | target |`);
console.log('|---|---|---:|---:|---|');
let missed = 0;
for (const phase of [BASELINE, ...new Set(PHASES)]) {
  const values = p99s(phase);
  const failed = rows.filter((r) => r.phase === phase).reduce((sum, r) => sum + r.errors, 0);
  const met = failed === 0 && median(values) <= budget;
  if (phase !== BASELINE && !met) missed += 1;
  const spread = `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`;
  console.log(`| ${phase} | ${values.map((v) => v.toFixed(0)).join(', ')} | ${median(values).toFixed(0)} (${spread}) | ${failed} | ${phase === BASELINE ? '-' : met ? 'met' : 'MISSED'} |`);
}
console.log(missed === 0 ? '\nverdict: every phase met its target' : `\nverdict: ${missed} ${missed === 1 ? 'phase' : 'phases'} missed the target`);
if (missed > 0) process.exitCode = 1;
