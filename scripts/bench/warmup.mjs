#!/usr/bin/env node
/**
 * `npm run bench -- warmup`: the shared harness's pattern for this app alone, to see how
 * far a round's latency is the process still warming up. The built server runs with the
 * production command (the Dockerfile's CMD and ENV) on CPU 0, page cache off by default,
 * against the harness's fake content API; wrk warms it up (WARMUP), then runs ROUNDS rounds of
 * DURATION, each after IDLE_S seconds of idle (the harness measures the other targets then).
 *
 * Prints, per round: requests/s, p50, p99 and max latency, and what V8's compilers did in it
 * (TurboFan and Maglev compilations, the TurboFan ones' time on V8's worker thread, which the
 * harness pins to the event loop's core, and deoptimizations, from the server's `--trace-opt
 * --trace-deopt` lines). The harness's table p99 is the median of its rounds' p99
 * (docs/performance.md, "The one-URL figures").
 *
 * Knobs: WARMUP (3s), DURATION (10s), ROUNDS (3), IDLE_S (20), CONNECTIONS (32),
 * PAGE_CACHE_TTL_SECONDS ('0'; unset it with '' for the default), APP_PORT (4125), API_PORT (4102).
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchApi, ensureBuilt, get, requireBenchApi, SERVER_ARGS, SERVER_ENV, start, stop, waitForHttp } from '../lib/processes.mjs';
import { requireWrk, runWrk } from '../lib/wrk.mjs';

const WARMUP = process.env.WARMUP ?? '3s';
const DURATION = process.env.DURATION ?? '10s';
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const IDLE_S = Number(process.env.IDLE_S ?? 20);
const CONNECTIONS = process.env.CONNECTIONS ?? '32';
const PAGE_CACHE_TTL_SECONDS = process.env.PAGE_CACHE_TTL_SECONDS ?? '0';
const APP_PORT = Number(process.env.APP_PORT ?? 4125);
const API_PORT = Number(process.env.API_PORT ?? 4102);
const API = `http://127.0.0.1:${API_PORT}`;
const APP = `http://127.0.0.1:${APP_PORT}`;
const PAGE = `${APP}/the-quiet-revival-of-night-trains-in-europe`;

/**
 * What V8's compilers did, counted in a stretch of the server's output: compilations by target
 * (one "completed compiling" line each), the TurboFan ones' time on V8's worker thread (the
 * middle figure of "took a, b, c ms"), and deoptimizations. Pure.
 */
function compilerWorkOf(output) {
  const work = { turbofan: 0, turbofanMs: 0, maglev: 0, deopts: 0 };
  for (const [, target, took] of output.matchAll(/^\[completed compiling .*\(target (TURBOFAN|MAGLEV)\w*\).* - took [\d.]+, ([\d.]+), [\d.]+ ms\]$/gm)) {
    if (target === 'MAGLEV') work.maglev += 1;
    else {
      work.turbofan += 1;
      work.turbofanMs += Number(took);
    }
  }
  work.deopts = output.match(/^\[bailout \(kind: deopt/gm)?.length ?? 0;
  return work;
}

requireWrk();
requireBenchApi();
ensureBuilt();

const [flags, entry] = [SERVER_ARGS.slice(0, -1), SERVER_ARGS.at(-1)];
const api = start(process.execPath, [benchApi], { cpu: 1, env: { PORT: String(API_PORT), HOST: '127.0.0.1' } });
const rows = [];
try {
  await waitForHttp(`${API}/api/setting/get`);
  const env = { ...SERVER_ENV, PORT: String(APP_PORT), HOST: '127.0.0.1', CONTENT_API_URL: API, CAMPAIGN_API_URL: API, ...(PAGE_CACHE_TTL_SECONDS ? { PAGE_CACHE_TTL_SECONDS } : {}) };
  // The production command leaves LOG_LEVEL unset (an access line a request); so does this run.
  const app = start(process.execPath, [...flags, '--trace-opt', '--trace-deopt', entry], { cpu: 0, env: { ...env, LOG_LEVEL: undefined } });
  try {
    await waitForHttp(`${APP}/healthz`);
    await get(PAGE);
    let seen = 0;
    const since = () => {
      const output = readFileSync(app.logFile, 'utf8');
      const stretch = output.slice(seen);
      seen = output.length;
      return compilerWorkOf(stretch);
    };
    rows.push({ name: `warm-up (${WARMUP})`, ...runWrk(PAGE, { duration: WARMUP, connections: CONNECTIONS }), ...since() });
    for (let round = 1; round <= ROUNDS; round++) {
      await sleep(IDLE_S * 1000);
      since();
      rows.push({ name: `round ${round} (${DURATION}, after ${IDLE_S} s idle)`, ...runWrk(PAGE, { duration: DURATION, connections: CONNECTIONS }), ...since() });
    }
  } finally {
    await stop(app);
  }
} finally {
  await stop(api);
}

console.log(`\nnode ${process.version}, \`node ${flags.join(' ')} --trace-opt --trace-deopt\`, page cache ${PAGE_CACHE_TTL_SECONDS === '0' ? 'off' : 'on'}, wrk -t1 -c${CONNECTIONS}; server on CPU 0, wrk and the fake API on CPU 1\n`);
console.log('| stretch | req/s | p50 ms | p99 ms | max ms | TurboFan compiles (worker ms) | Maglev compiles | deopts |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(1)} | ${r.turbofan} (${Math.round(r.turbofanMs)}) | ${r.maglev} | ${r.deopts} |`);
}
const p99s = rows.slice(1).map((r) => r.p99).sort((a, b) => a - b);
if (p99s.length > 0) console.log(`\nmedian of the rounds' p99 (the harness's figure): ${p99s[Math.floor(p99s.length / 2)].toFixed(2)} ms`);
