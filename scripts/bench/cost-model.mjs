#!/usr/bin/env node
/**
 * `npm run bench -- cost-model`: what each stage of a first view and of a page-cache hit costs
 * (docs/performance.md, "The cost model"), in two parts.
 *
 * 1. In isolation, in one process (scripts/lib/cost-stages.ts): each stage's library call on the
 *    harness's bench article, this app's way and the references' way (sanitize-html through the
 *    app and alone, the React render of our page and of express-react's markup, undici and
 *    fetch with JSON.parse and zod, the access line, lru-cache get), alternated in ROUNDS rounds:
 *    µs a call (median, spread) and bytes allocated a call.
 * 2. Under the long tail (scripts/lib/longtail.mjs), each server with `--cpu-prof`: the built
 *    app with the production command, express-react and Astro from their prepared copies
 *    (scripts/lib/references.mjs); each profile's samples within the measured stretch summed by
 *    stage (scripts/lib/profile-stages.mjs), in µs a view. LOAD_ROUNDS rounds of the three in
 *    turn, a fresh server each: per server the median of each stage and of its CPU a view, and
 *    this app's CPU a view over each reference's in the same round (the machine's speed moves
 *    between rounds more than within one). Then a page-cache hit: the app under wrk on the one
 *    bench URL, profiled the same way, beside `limit`'s req/s on that URL.
 *
 * Knobs: DURATION (15s), WARMUP (5s), CONNECTIONS (32), HOSTS (200), ROUNDS (7, part 1),
 * LOAD_ROUNDS (3, part 2), PARTS (`isolated load hit`). Servers on CPU 0, wrk and the fake API
 * on CPU 1.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROME_UA, cpuMsOf, longTailLoad } from '../lib/longtail.mjs';
import { benchApi, ensureBuilt, freePorts, requireBenchApi, root, SERVER_ARGS, SERVER_ENV, start, stop, waitForHttp } from '../lib/processes.mjs';
import { sourceResolver, stageTimes } from '../lib/profile-stages.mjs';
import { harnessDir, preparedReference, REFERENCES } from '../lib/references.mjs';
import { requireWrk, runWrk } from '../lib/wrk.mjs';
import { median } from '../lib/ab.mjs';

const DURATION = process.env.DURATION ?? '15s';
const WARMUP = process.env.WARMUP ?? '5s';
const CONNECTIONS = process.env.CONNECTIONS ?? '32';
const HOSTS = Number(process.env.HOSTS ?? 200);
const PARTS = (process.env.PARTS ?? 'isolated load hit').split(/\s+/);
const LOAD_ROUNDS = Number(process.env.LOAD_ROUNDS ?? 3);
if (!Number.isInteger(LOAD_ROUNDS) || LOAD_ROUNDS < 1) {
  console.error(`LOAD_ROUNDS must be a whole number of 1 or more, not ${JSON.stringify(process.env.LOAD_ROUNDS)}`);
  process.exit(2);
}
const ARTICLE = '/the-quiet-revival-of-night-trains-in-europe';
/** A SIGTERM ends the process normally, so that --cpu-prof writes its profile (the references exit on no signal of their own). */
const EXIT_ON_SIGTERM = `data:text/javascript,${encodeURIComponent("process.once('SIGTERM', () => process.exit(0));")}`;
const PROFILE_INTERVAL_US = 250;

requireWrk();
requireBenchApi();
ensureBuilt();

const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const [apiPort, appPort, referencePort, limitPort] = await freePorts(4);
const API = `http://127.0.0.1:${apiPort}`;
const api = start(process.execPath, [benchApi], { cpu: 1, env: { PORT: String(apiPort), HOST: '127.0.0.1' } });

/** Starts a profiled server on `port`, ready when `ready` answers; `stopped()` ends it and returns its profile. */
function profiled(name, args, { env, cwd, port, ready }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa-sites-profile-'));
  const flags = ['--import', EXIT_ON_SIGTERM, '--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-interval=${PROFILE_INTERVAL_US}`];
  const child = start(process.execPath, [...flags, ...args], { cpu: 0, env, cwd });
  return {
    name,
    process: child,
    url: `http://127.0.0.1:${port}`,
    ready,
    async stopped() {
      // Writing a profile of a long load takes seconds: more than stop()'s grace before SIGKILL.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
      await exited;
      clearTimeout(killer);
      const file = readdirSync(dir).find((entry) => entry.endsWith('.cpuprofile'));
      const profile = file ? JSON.parse(readFileSync(path.join(dir, file), 'utf8')) : null;
      rmSync(dir, { recursive: true, force: true });
      if (!profile) throw new Error(`${name}: no profile written`);
      return profile;
    },
  };
}

const appServer = (extraEnv = {}) => {
  const env = { ...SERVER_ENV, PORT: String(appPort), HOST: '127.0.0.1', CONTENT_API_URL: API, CAMPAIGN_API_URL: API, LOG_LEVEL: undefined, ...extraEnv };
  return profiled('this app', SERVER_ARGS, { env, port: appPort, ready: '/healthz' });
};

/** µs a view by stage, largest first, with the total. */
function perView(times, views) {
  const rows = Object.entries(times).filter(([stage]) => stage !== 'idle').map(([stage, ms]) => [stage, (ms * 1000) / views]).sort((a, b) => b[1] - a[1]);
  return { rows, total: rows.reduce((sum, [, us]) => sum + us, 0) };
}

function printStages(title, columns) {
  const stages = [...new Set(columns.flatMap(({ stages }) => stages.rows.map(([stage]) => stage)))];
  console.log(`\n${title}\n`);
  console.log(`| stage | ${columns.map(({ name }) => `${name} µs`).join(' | ')} |`);
  console.log(`|---|${columns.map(() => '---:').join('|')}|`);
  for (const stage of stages) console.log(`| ${stage} | ${columns.map(({ stages }) => (stages.rows.find(([name]) => name === stage)?.[1] ?? 0).toFixed(1)).join(' | ')} |`);
  console.log(`| all (profiled) | ${columns.map(({ stages }) => stages.total.toFixed(1)).join(' | ')} |`);
  console.log(`| CPU a view (/proc) | ${columns.map(({ cpuUs }) => cpuUs.toFixed(1)).join(' | ')} |`);
  console.log(`| views/s | ${columns.map(({ rps }) => Math.round(rps)).join(' | ')} |`);
}

/** One profiled stretch of `load` on `server`; the profile's samples within it by stage, a view. */
async function measured(server, load) {
  let figures;
  let cpuBefore;
  let from;
  try {
    await waitForHttp(`${server.url}${server.ready}`, { timeoutMs: 60_000, child: server.process });
    load(WARMUP);
    cpuBefore = cpuMsOf(server.process.pid);
    from = nowUs();
    figures = load(DURATION);
  } catch (error) {
    await stop(server.process);
    throw error;
  }
  const to = nowUs();
  const cpuUs = ((cpuMsOf(server.process.pid) - cpuBefore) * 1000) / figures.requests;
  const profile = await server.stopped();
  return { name: server.name, rps: figures.rps, cpuUs, errors: figures.errors, stages: perView(stageTimes(profile, sourceResolver(), [from, to]), figures.requests) };
}

/** One server's columns of several rounds as one: the median of each stage, of the total, of CPU a view and of views/s. */
function medianColumn(columns) {
  const stages = [...new Set(columns.flatMap((column) => column.stages.rows.map(([stage]) => stage)))];
  const rows = stages.map((stage) => [stage, median(columns.map((column) => column.stages.rows.find(([name]) => name === stage)?.[1] ?? 0))]).sort((a, b) => b[1] - a[1]);
  return {
    name: columns[0].name,
    rps: median(columns.map((column) => column.rps)),
    cpuUs: median(columns.map((column) => column.cpuUs)),
    errors: columns.reduce((sum, column) => sum + column.errors, 0),
    stages: { rows, total: median(columns.map((column) => column.stages.total)) },
  };
}

try {
  await waitForHttp(`${API}/api/setting/get`);
  if (PARTS.includes('isolated')) {
    console.log(`\n## In isolation (node ${process.version}, one process, alternated rounds)\n`);
    const run = `import { runTypeScript } from ${JSON.stringify(path.join(root, 'scripts/lib/typescript.mjs'))}; runTypeScript(${JSON.stringify(path.join(root, 'scripts/lib/cost-stages.ts'))}, []);`;
    execFileSync(process.execPath, ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64', '--input-type=module', '-e', run], { stdio: 'inherit', env: { ...process.env, CONTENT_API_URL: API, USER_AGENT: CHROME_UA } });
  }
  if (PARTS.includes('load')) {
    const servers = [() => appServer()];
    for (const name of ['express-react', 'astro']) {
      const dir = preparedReference(name);
      if (!dir) continue;
      const { args, env } = REFERENCES[name].command({ port: referencePort, api: API });
      servers.push(() => profiled(name, args, { env, cwd: dir, port: referencePort, ready: '/lt-0-answer' }));
    }
    const longTail = longTailLoad({ connections: CONNECTIONS, hosts: HOSTS });
    const rounds = [];
    try {
      for (let round = 1; round <= LOAD_ROUNDS; round++) {
        const columns = [];
        for (const startServer of servers) {
          const server = startServer();
          columns.push(await measured(server, (duration) => longTail.load(server, duration)));
        }
        rounds.push(columns);
        console.log(`load round ${round}: CPU a view ${columns.map(({ name, cpuUs }) => `${name} ${cpuUs.toFixed(0)} µs`).join(', ')}`);
      }
    } finally {
      longTail.close();
    }
    const columns = rounds[0].map((_, index) => medianColumn(rounds.map((round) => round[index])));
    printStages(`## A first view under the long tail (wrk -t1 -c${CONNECTIONS}, ${HOSTS} hosts, every view a new answer; ${DURATION} after ${WARMUP}, medians of ${LOAD_ROUNDS} rounds; profile interval ${PROFILE_INTERVAL_US} µs; failed: ${columns.map(({ name, errors }) => `${name} ${errors}`).join(', ')})`, columns);
    for (const [index, { name }] of columns.entries()) {
      if (index === 0) continue;
      const ratios = rounds.map((round) => round[0].cpuUs / round[index].cpuUs);
      console.log(`this app's CPU a view over ${name}'s in the same round: median ${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`);
    }
  }
  if (PARTS.includes('hit')) {
    const url = `http://127.0.0.1:${appPort}${ARTICLE}`;
    const hit = await measured(appServer(), (duration) => runWrk(url, { duration, connections: CONNECTIONS }));
    const limit = start(process.execPath, ['server.mjs'], { cpu: 0, cwd: path.join(harnessDir, 'limit'), env: { PORT: String(limitPort), CONTENT_API_URL: API } });
    let limitFigures;
    try {
      await waitForHttp(`http://127.0.0.1:${limitPort}${ARTICLE}`, { child: limit });
      runWrk(`http://127.0.0.1:${limitPort}${ARTICLE}`, { duration: WARMUP, connections: CONNECTIONS });
      const before = cpuMsOf(limit.pid);
      limitFigures = runWrk(`http://127.0.0.1:${limitPort}${ARTICLE}`, { duration: DURATION, connections: CONNECTIONS });
      limitFigures.cpuUs = ((cpuMsOf(limit.pid) - before) * 1000) / limitFigures.requests;
    } finally {
      await stop(limit);
    }
    printStages(`## A page-cache hit: the bench article, one URL (wrk -t1 -c${CONNECTIONS}, ${DURATION} after ${WARMUP}); limit: ${Math.round(limitFigures.rps)} req/s, ${limitFigures.cpuUs.toFixed(1)} µs CPU a request; this app ${(hit.rps / limitFigures.rps).toFixed(2)}x limit`, [hit]);
  }
} finally {
  await stop(api);
}
