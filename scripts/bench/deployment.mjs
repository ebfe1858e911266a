#!/usr/bin/env node
/**
 * `npm run bench -- deployment`: a deployment of 1, 2 and 3 instances behind a balancer under the
 * long tail (scripts/lib/longtail.mjs), without and with the shared cache tier (CACHE_URL, a
 * redis-server or valkey-server from PATH started for the run, 256 MB, allkeys-lru). Each
 * distinct page is asked for VIEWS times, REPEAT_GAP requests apart, so that the balancer's
 * round-robin spreads its views over the instances (VIEWS=1: every view a first view).
 *
 * Each row starts afresh: the harness's fake content API (../shared/bench/content-api), the
 * store when the row has one, N built servers with the production command (their METRICS_PORT
 * on), and a round-robin balancer (scripts/lib/round-robin-proxy.mjs: no cache of its own, as
 * nginx with the project's micro-cache would answer for the instances). After WARMUP of the load,
 * DURATION of it is measured with wrk: content-API calls a distinct page (the fake API's
 * /__stats), renders a distinct page (the instances' page_renders_total), views/s (all, and a
 * view's share per instance), CPU ms a view (the instances' user + system from /proc over their
 * views), p99 and failed requests. Instances on CPU 0; wrk, the API, the balancer and the store
 * on CPU 1.
 *
 * Knobs: VIEWS (`1 4`), INSTANCES (`1 2 3`: one instance is the floor), DURATION (10s), WARMUP (4s), CONNECTIONS (16), HOSTS (200),
 * CACHE_COMMAND_TIMEOUT_MS (unset: the app's default). Every instance shares one CPU here; each
 * row prints how often an instance saw the store leave `up`.
 */
import path from 'node:path';
import { cpuMsOf, longTailLoad } from '../lib/longtail.mjs';
import { benchApi, ensureBuilt, freePorts, get, requireBenchApi, root, SERVER_ARGS, SERVER_ENV, start, stop, waitForHttp } from '../lib/processes.mjs';
import { requireStoreBinary, startStore } from '../lib/store-server.mjs';
import { requireWrk } from '../lib/wrk.mjs';

const VIEWS = (process.env.VIEWS ?? '1 4').split(/\s+/).filter(Boolean).map(Number);
const INSTANCES = (process.env.INSTANCES ?? '1 2 3').split(/\s+/).filter(Boolean).map(Number);
const DURATION = process.env.DURATION ?? '10s';
const WARMUP = process.env.WARMUP ?? '4s';
const CONNECTIONS = process.env.CONNECTIONS ?? '16';
const COMMAND_TIMEOUT = process.env.CACHE_COMMAND_TIMEOUT_MS;
const HOSTS = Number(process.env.HOSTS ?? 200);

const storeBinary = requireStoreBinary();
requireWrk();
requireBenchApi();
ensureBuilt();

const [flags, entry] = [SERVER_ARGS.slice(0, -1), SERVER_ARGS.at(-1)];
const proxy = path.join(root, 'scripts/lib/round-robin-proxy.mjs');

/** The sum of a counter's samples in a Prometheus text answer. Pure. */
const counterSum = (text, name) => text.split('\n').filter((line) => line.startsWith(name)).reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
const apiCalls = async (api) => JSON.parse((await get(`${api}/__stats`)).body).total;

/** Everything an instance counts that the row reads: renders, and CPU ms so far. */
async function countsOf(instances) {
  const renders = await Promise.all(instances.map(async ({ metrics }) => counterSum((await get(`${metrics}/metrics`)).body, 'page_renders_total')));
  return { renders: renders.reduce((sum, n) => sum + n, 0), cpuMs: instances.reduce((sum, { process }) => sum + cpuMsOf(process.pid), 0) };
}

async function row(views, count, shared) {
  const [apiPort, storePort, balancerPort, ...ports] = await freePorts(3 + 2 * count);
  const api = `http://127.0.0.1:${apiPort}`;
  const started = [start(process.execPath, [benchApi], { cpu: 1, env: { PORT: String(apiPort), HOST: '127.0.0.1' } })];
  try {
    if (shared) started.push(startStore(storeBinary, storePort, { cpu: 1 }));
    await waitForHttp(`${api}/api/setting/get`);
    const instances = Array.from({ length: count }, (_, index) => {
      const [port, metricsPort] = [ports[2 * index], ports[2 * index + 1]];
      const env = { ...SERVER_ENV, PORT: String(port), METRICS_PORT: String(metricsPort), HOST: '127.0.0.1', CONTENT_API_URL: api, CAMPAIGN_API_URL: api, LOG_LEVEL: undefined, ...(shared ? { CACHE_URL: `redis://127.0.0.1:${storePort}`, ...(COMMAND_TIMEOUT ? { CACHE_COMMAND_TIMEOUT_MS: COMMAND_TIMEOUT } : {}) } : {}) };
      const process_ = start(process.execPath, [...flags, entry], { cpu: 0, env });
      started.push(process_);
      return { url: `http://127.0.0.1:${port}`, metrics: `http://127.0.0.1:${metricsPort}`, process: process_ };
    });
    for (const instance of instances) await waitForHttp(`${instance.url}/healthz`);
    const balancer = start(process.execPath, [proxy, String(balancerPort), ...ports.filter((_, index) => index % 2 === 0).map(String)], { cpu: 1 });
    started.push(balancer);
    const target = { url: `http://127.0.0.1:${balancerPort}`, process: balancer };
    await waitForHttp(`${target.url}/healthz`);
    const load = longTailLoad({ connections: CONNECTIONS, hosts: HOSTS, views });
    try {
      load.load(target, WARMUP);
      const [callsBefore, before] = [await apiCalls(api), await countsOf(instances)];
      const figures = load.load(target, DURATION);
      const [callsAfter, after] = [await apiCalls(api), await countsOf(instances)];
      return {
        views,
        count,
        shared,
        callsPerPage: (callsAfter - callsBefore) / figures.distinctPages,
        rendersPerPage: (after.renders - before.renders) / figures.distinctPages,
        rps: figures.rps,
        cpuMsPerView: (after.cpuMs - before.cpuMs) / figures.requests,
        p99: figures.p99,
        errors: figures.errors,
        pages: figures.distinctPages,
        // Lines of the store leaving `up` (down, slow, full), all instances, the warm-up included.
        outages: instances.reduce((sum, { process }) => sum + (process.log().match(/"event":"shared_cache.state","state":"(down|slow|full)"/g)?.length ?? 0), 0),
      };
    } finally {
      load.close();
    }
  } finally {
    for (const child of started.reverse()) await stop(child);
  }
}

console.log(`node ${process.version}; ${DURATION} of wrk -t1 -c${CONNECTIONS} after ${WARMUP} of warm-up, ${HOSTS} hosts; instances on CPU 0, wrk, the fake API, the balancer and ${storeBinary} on CPU 1`);
console.log("(in brackets: over the one-instance row's figure without CACHE_URL, what a page costs one instance alone)");
console.log('| views a page | instances | CACHE_URL | API calls / page | renders / page | views/s (each instance) | CPU ms a view | p99 ms | failed | pages | store not up |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
/** `value`, and over `floor` when there is one. Pure. */
const againstFloor = (value, floor) => `${value.toFixed(2)}${floor ? ` (${(value / floor).toFixed(2)}x)` : ''}`;
for (const views of VIEWS) {
  let floor;
  for (const count of INSTANCES) {
    for (const shared of [false, true]) {
      const r = await row(views, count, shared);
      if (count === 1 && !shared) floor = r;
      console.log(`| ${r.views} | ${r.count} | ${r.shared ? 'set' : 'unset'} | ${againstFloor(r.callsPerPage, floor?.callsPerPage)} | ${againstFloor(r.rendersPerPage, floor?.rendersPerPage)} | ${Math.round(r.rps)} (${Math.round(r.rps / r.count)}) | ${r.cpuMsPerView.toFixed(2)} | ${r.p99.toFixed(0)} | ${r.errors} | ${r.pages} | ${r.shared ? r.outages : '-'} |`);
    }
  }
}
