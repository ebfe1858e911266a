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
 * Knobs: ENV_A, ENV_B (`NAME=value ...`, more env for one side's server, e.g.
 * ENV_B="PAGE_CACHE_TTL_SECONDS=0"), NODE_FLAGS (more flags for both, e.g. `--cpu-prof
 * --cpu-prof-dir=<dir>`), DURATION (8s), WARMUP (4s), CONNECTIONS (32), HOSTS (200).
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

const [apiPort, appPort] = await freePorts(2);
const API = `http://127.0.0.1:${apiPort}`;
const APP = `http://127.0.0.1:${appPort}`;
const longTail = longTailLoad({ connections: CONNECTIONS, hosts: HOSTS });

/** One round of a side: a fresh server, warmed, then measured; stopped after. */
async function round(side) {
  const { args: nodeArgs, env } = productionCommandIn(side.dir);
  const [flags, entry] = [nodeArgs.slice(0, -1), nodeArgs.at(-1)];
  const server = start(process.execPath, [...flags, ...NODE_FLAGS, entry], {
    cpu: 0,
    cwd: side.dir,
    env: { ...env, PORT: String(appPort), HOST: '127.0.0.1', CONTENT_API_URL: API, CAMPAIGN_API_URL: API, LOG_LEVEL: undefined, ...side.env },
  });
  try {
    await waitForHttp(`${APP}/healthz`);
    const target = { url: APP, process: server };
    longTail.load(target, WARMUP);
    return longTail.load(target, DURATION);
  } finally {
    await stop(server);
  }
}

console.log(`A ${sides[0].dir}${process.env.ENV_A ? ` (${process.env.ENV_A})` : ''}\nB ${sides[1].dir}${process.env.ENV_B ? ` (${process.env.ENV_B})` : ''}`);
console.log(`node ${process.version}; ${args.pairs} pairs, A then B; each round a fresh server, ${WARMUP} warm-up then ${DURATION} of wrk -t1 -c${CONNECTIONS}, ${HOSTS} hosts, every view a new answer; servers on CPU 0, wrk and the fake API on CPU 1`);
const api = start(process.execPath, [benchApi], { cpu: 1, env: { PORT: String(apiPort), HOST: '127.0.0.1' } });
const rows = { A: [], B: [] };
try {
  await waitForHttp(`${API}/api/setting/get`);
  for (let pair = 1; pair <= args.pairs; pair++) {
    for (const side of sides) {
      const row = await round(side);
      rows[side.label].push(row);
      console.log(`pair ${pair} ${side.label}: ${row.requests} views, ${row.cpuMsPerView.toFixed(3)} ms CPU a view, p99 ${row.p99.toFixed(0)} ms, RSS ${row.rss.toFixed(0)} MiB, ${row.errors} failed`);
    }
  }
} finally {
  await stop(api);
  longTail.close();
}

const medianOf = (label, figure) => median(rows[label].map((row) => row[figure]));
for (const { label } of sides) {
  console.log(`median ${label}: ${medianOf(label, 'requests')} views, ${medianOf(label, 'cpuMsPerView').toFixed(3)} ms CPU a view, p99 ${medianOf(label, 'p99').toFixed(0)} ms, RSS ${medianOf(label, 'rss').toFixed(0)} MiB; ${rows[label].reduce((sum, row) => sum + row.errors, 0)} failed in all`);
}
const ratio = (figure) => (medianOf('B', figure) / medianOf('A', figure)).toFixed(2);
console.log(`B / A, medians: CPU a view ${ratio('cpuMsPerView')}x, views ${ratio('requests')}x, p99 ${ratio('p99')}x, RSS ${ratio('rss')}x`);
