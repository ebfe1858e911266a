#!/usr/bin/env node
/**
 * `npm run bench -- ab <dirA> <dirB> [pairs=6]`: two builds compared where the machine's drift
 * (CPU time a request moves by ±20% between identical runs on a shared VM) cannot decide,
 * alternated in pairs of rounds, A then B, with medians (decision 0330). Each dir is a checkout
 * with a built `dist/` (`npm run build` in it); relative dirs are taken from the folder the
 * command is typed in.
 *
 * Each round starts the side's server afresh with its production command (its own Dockerfile's
 * CMD and ENV, LOG_LEVEL unset) in its own folder on CPU 0, against the side-by-side harness's
 * fake content API (../shared/bench, an optional checkout beside this repository;
 * docs/performance.md) on CPU 1, warms it with WARMUP of the long-tail load of the `long-tail` scenario
 * (every view an answer never asked for before, over HOSTS hosts; scripts/lib/longtail.mjs),
 * then measures DURATION of it with wrk on CPU 1. Per round it prints views, CPU ms a view
 * (user + system from /proc/<pid>/stat), p99, RSS after and failed requests; then each side's
 * medians and B's to A's.
 *
 * With AT_ONCE=1 each pair is one round of both servers at once, both on CPU 0, each under a
 * wrk of half the connections: the machine's speed, which moves from one round to the next,
 * is then the same for both, and B's CPU a view over A's in the same round is the figure (per
 * round, then the median and spread of those ratios).
 *
 * Knobs: ENV_A, ENV_B (`NAME=value ...`, more env for one side's server, e.g.
 * ENV_B="PAGE_CACHE_TTL_SECONDS=0"), NODE_FLAGS (more flags for both, e.g. `--cpu-prof
 * --cpu-prof-dir=<dir>`), AT_ONCE, DURATION (8s), WARMUP (4s), CONNECTIONS (32), HOSTS (200).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { abArgsOf, envAssignmentsOf, median } from '../lib/ab.mjs';
import { longTailLoad } from '../lib/longtail.mjs';
import { benchApi, freePorts, productionCommandIn, requireBenchApi, start, stop, waitForHttp } from '../lib/processes.mjs';
import { requireWrk } from '../lib/wrk.mjs';

const DURATION = process.env.DURATION ?? '8s';
const WARMUP = process.env.WARMUP ?? '4s';
const CONNECTIONS = process.env.CONNECTIONS ?? '32';
const HOSTS = Number(process.env.HOSTS ?? 200);
const NODE_FLAGS = (process.env.NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const AT_ONCE = process.env.AT_ONCE === '1';

let args;
let sides;
try {
  // npm runs scripts in the project folder; INIT_CWD is where the command was typed.
  args = abArgsOf(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  sides = [
    { label: 'A', dir: args.dirA, env: envAssignmentsOf(process.env.ENV_A) },
    { label: 'B', dir: args.dirB, env: envAssignmentsOf(process.env.ENV_B) },
  ];
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
for (const { dir } of sides) {
  if (!existsSync(path.join(dir, 'dist/server/index.js')) || !existsSync(path.join(dir, 'Dockerfile'))) {
    console.error(`${dir} is not a built checkout: (cd ${dir} && npm run build)`);
    process.exit(1);
  }
}
requireWrk();
requireBenchApi();

const [apiPort, ...appPorts] = await freePorts(3);
const API = `http://127.0.0.1:${apiPort}`;
// At once, each side has its own load of half the connections.
const loadsOf = (connections) => sides.map(() => longTailLoad({ connections, hosts: HOSTS }));
const loads = AT_ONCE ? loadsOf(String(Math.max(1, Math.floor(Number(CONNECTIONS) / 2)))) : loadsOf(CONNECTIONS);

/** A side's server, fresh, with its production command on CPU 0, once it answers. */
async function serverOf(side, port) {
  const { args: nodeArgs, env } = productionCommandIn(side.dir);
  const [flags, entry] = [nodeArgs.slice(0, -1), nodeArgs.at(-1)];
  const server = start(process.execPath, [...flags, ...NODE_FLAGS, entry], {
    cpu: 0,
    cwd: side.dir,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', CONTENT_API_URL: API, CAMPAIGN_API_URL: API, LOG_LEVEL: undefined, ...side.env },
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`);
  } catch (error) {
    await stop(server);
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, process: server };
}

/** One round of a side alone: a fresh server, warmed, then measured; stopped after. */
async function round(side, index) {
  const target = await serverOf(side, appPorts[0]);
  try {
    loads[index].load(target, WARMUP);
    return loads[index].load(target, DURATION);
  } finally {
    await stop(target.process);
  }
}

/** One round of both sides at once, each on its own port and load; both stopped after. */
async function roundAtOnce() {
  const targets = await Promise.all(sides.map((side, index) => serverOf(side, appPorts[index])));
  try {
    await Promise.all(targets.map((target, index) => loads[index].loadInBackground(target, WARMUP)));
    return await Promise.all(targets.map((target, index) => loads[index].loadInBackground(target, DURATION)));
  } finally {
    await Promise.all(targets.map((target) => stop(target.process)));
  }
}

console.log(`A ${sides[0].dir}${process.env.ENV_A ? ` (${process.env.ENV_A})` : ''}\nB ${sides[1].dir}${process.env.ENV_B ? ` (${process.env.ENV_B})` : ''}`);
const how = AT_ONCE ? `both servers at once a round, each under wrk -t1 -c${Math.max(1, Math.floor(Number(CONNECTIONS) / 2))}` : `A then B, wrk -t1 -c${CONNECTIONS}`;
console.log(`node ${process.version}; ${args.pairs} pairs, ${how}; each round fresh servers, ${WARMUP} warm-up then ${DURATION}, ${HOSTS} hosts, every view a new answer; servers on CPU 0, wrk and the fake API on CPU 1`);
const api = start(process.execPath, [benchApi], { cpu: 1, env: { PORT: String(apiPort), HOST: '127.0.0.1' } });
const rows = { A: [], B: [] };
const describe = (row) => `${row.requests} views, ${row.cpuMsPerView.toFixed(3)} ms CPU a view, p99 ${row.p99.toFixed(0)} ms, RSS ${row.rss.toFixed(0)} MiB, ${row.errors} failed`;
try {
  await waitForHttp(`${API}/api/setting/get`);
  for (let pair = 1; pair <= args.pairs; pair++) {
    const pairRows = AT_ONCE ? await roundAtOnce() : [];
    for (const [index, side] of sides.entries()) {
      const row = AT_ONCE ? pairRows[index] : await round(side, index);
      rows[side.label].push(row);
      console.log(`pair ${pair} ${side.label}: ${describe(row)}`);
    }
    if (AT_ONCE) console.log(`pair ${pair} B / A: CPU a view ${(rows.B[pair - 1].cpuMsPerView / rows.A[pair - 1].cpuMsPerView).toFixed(3)}x`);
  }
} finally {
  await stop(api);
  for (const load of loads) load.close();
}

const medianOf = (label, figure) => median(rows[label].map((row) => row[figure]));
for (const { label } of sides) {
  console.log(`median ${label}: ${medianOf(label, 'requests')} views, ${medianOf(label, 'cpuMsPerView').toFixed(3)} ms CPU a view, p99 ${medianOf(label, 'p99').toFixed(0)} ms, RSS ${medianOf(label, 'rss').toFixed(0)} MiB; ${rows[label].reduce((sum, row) => sum + row.errors, 0)} failed in all`);
}
const ratio = (figure) => (medianOf('B', figure) / medianOf('A', figure)).toFixed(2);
console.log(`B / A, medians: CPU a view ${ratio('cpuMsPerView')}x, views ${ratio('requests')}x, p99 ${ratio('p99')}x, RSS ${ratio('rss')}x`);
if (AT_ONCE) {
  const perPair = rows.B.map((row, index) => row.cpuMsPerView / rows.A[index].cpuMsPerView);
  console.log(`B / A in the same round, CPU a view: median ${median(perPair).toFixed(3)}x (${Math.min(...perPair).toFixed(3)}-${Math.max(...perPair).toFixed(3)})`);
}
