#!/usr/bin/env node
/**
 * `npm run bench -- long-tail`: the long tail of a network of sites, where most views are first
 * views. Every request asks for an answer never asked for before (`/lt-<load>-<n>-answer`, `<load>` drawn afresh for each load) on one of
 * HOSTS hosts (`s<k>.longtail.test`), with a Chrome User-Agent and, unless ACCEPT_ENCODING is
 * set, no Accept-Encoding (as the shared harness's wrk sends). The built server runs with the
 * production command (the Dockerfile's CMD and ENV, LOG_LEVEL unset) in the default
 * configuration, against the side-by-side harness's fake content API (../shared/bench/content-api:
 * an optional checkout beside this repository, not part of it; docs/performance.md). The
 * references are the harness's express-react, Astro and Next.js (dynamic route), each from a
 * built copy (scripts/lib/references.mjs; a missing one is named and skipped), on the same Node.
 * Every server runs for the whole benchmark (their memory grows as it would in a pod), on CPU 0;
 * wrk and the fake API on CPU 1.
 *
 * After WARMUP of the same load on each, ROUNDS rounds of DURATION alternate between them.
 * Each round prints views/s, server CPU per view (user + system, /proc/<pid>/stat), p50, p99,
 * failed requests (non-2xx/3xx and socket errors) and RSS after the round; a summary gives the
 * ratios of this app to each reference in each round (median and spread).
 *
 * Knobs: ROUNDS (5), DURATION (15s), WARMUP (5s), CONNECTIONS (32), HOSTS (200),
 * ACCEPT_ENCODING ('' none; `browser` for Chrome's `gzip, deflate, br, zstd`, for information:
 * the reference compresses nothing), PAGE_CACHE_TTL_SECONDS (unset: the default),
 * NODE_FLAGS (more flags for this app's node, e.g. `--cpu-prof`), REFERENCES (`express-react
 * astro nextjs`), BENCH_HARNESS_DIR and BENCH_REFERENCES_DIR (scripts/lib/references.mjs),
 * APP_PORT (4130; the references take the next ports), API_PORT (4139).
 */
import { BROWSER_ACCEPT_ENCODING, longTailLoad } from '../lib/longtail.mjs';
import { benchApi, ensureBuilt, requireBenchApi, SERVER_ARGS, SERVER_ENV, start, stop, waitForHttp } from '../lib/processes.mjs';
import { preparedReference, REFERENCES } from '../lib/references.mjs';
import { requireWrk } from '../lib/wrk.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const DURATION = process.env.DURATION ?? '15s';
const WARMUP = process.env.WARMUP ?? '5s';
const CONNECTIONS = process.env.CONNECTIONS ?? '32';
const HOSTS = Number(process.env.HOSTS ?? 200);
const ACCEPT_ENCODING = process.env.ACCEPT_ENCODING === 'browser' ? BROWSER_ACCEPT_ENCODING : (process.env.ACCEPT_ENCODING ?? '');
const PAGE_CACHE_TTL_SECONDS = process.env.PAGE_CACHE_TTL_SECONDS;
const NODE_FLAGS = (process.env.NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const REFERENCE_NAMES = (process.env.REFERENCES ?? 'express-react astro nextjs').split(/\s+/).filter(Boolean);
const APP_PORT = Number(process.env.APP_PORT ?? 4130);
const API_PORT = Number(process.env.API_PORT ?? 4139);
const API = `http://127.0.0.1:${API_PORT}`;
const APP = 'this app';

requireWrk();
requireBenchApi();
for (const name of REFERENCE_NAMES) {
  if (!REFERENCES[name]) {
    console.error(`unknown reference ${name}; known: ${Object.keys(REFERENCES).join(', ')}`);
    process.exit(1);
  }
}
ensureBuilt();
const references = REFERENCE_NAMES.map((name) => ({ name, dir: preparedReference(name) })).filter((reference) => reference.dir !== null);

const longTail = longTailLoad({ connections: CONNECTIONS, hosts: HOSTS, acceptEncoding: ACCEPT_ENCODING });

const [flags, entry] = [SERVER_ARGS.slice(0, -1), SERVER_ARGS.at(-1)];
const api = start(process.execPath, [benchApi], { cpu: 1, env: { PORT: String(API_PORT), HOST: '127.0.0.1' } });
const rows = [];
const targets = [];
try {
  await waitForHttp(`${API}/api/setting/get`);
  const appEnv = { ...SERVER_ENV, PORT: String(APP_PORT), HOST: '127.0.0.1', CONTENT_API_URL: API, CAMPAIGN_API_URL: API, LOG_LEVEL: undefined, ...(PAGE_CACHE_TTL_SECONDS !== undefined ? { PAGE_CACHE_TTL_SECONDS } : {}) };
  targets.push({ name: APP, url: `http://127.0.0.1:${APP_PORT}`, ready: '/healthz', process: start(process.execPath, [...flags, ...NODE_FLAGS, entry], { cpu: 0, env: appEnv }) });
  references.forEach(({ name, dir }, index) => {
    const port = APP_PORT + 1 + index;
    const { args, env } = REFERENCES[name].command({ port, api: API });
    targets.push({ name, url: `http://127.0.0.1:${port}`, ready: '/lt-0-answer', process: start(process.execPath, args, { cpu: 0, cwd: dir, env }) });
  });
  for (const target of targets) await waitForHttp(`${target.url}${target.ready}`, { timeoutMs: 60_000 });
  for (const target of targets) longTail.load(target, WARMUP);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of targets) {
      const row = { round, target: target.name, ...longTail.load(target, DURATION) };
      rows.push(row);
      console.log(`round ${round} ${row.target}: ${Math.round(row.rps)} views/s, ${row.cpuMsPerView.toFixed(2)} ms CPU a view, p99 ${row.p99.toFixed(0)} ms, ${row.errors} failed, RSS ${row.rss.toFixed(0)} MiB`);
    }
  }
} finally {
  for (const target of targets) await stop(target.process);
  await stop(api);
  longTail.close();
}

const pageCache = PAGE_CACHE_TTL_SECONDS === undefined ? 'default' : PAGE_CACHE_TTL_SECONDS === '0' ? 'off' : `${PAGE_CACHE_TTL_SECONDS} s`;
console.log(`\nnode ${process.version}; this app: \`node ${[...flags, ...NODE_FLAGS].join(' ')}\`, page cache ${pageCache}; wrk -t1 -c${CONNECTIONS}, ${HOSTS} hosts, Accept-Encoding ${ACCEPT_ENCODING ? `"${ACCEPT_ENCODING}"` : 'none'}; servers on CPU 0, wrk and the fake API on CPU 1\n`);
console.log('| round | target | views/s | CPU ms a view | p50 ms | p99 ms | failed | RSS MiB |');
console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.round} | ${r.target} | ${Math.round(r.rps)} | ${r.cpuMsPerView.toFixed(2)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(0)} | ${r.errors} | ${r.rss.toFixed(0)} |`);
}

/** The ratio of this app's figure to `reference`'s in each round: median and spread. */
function ratios(reference, figure) {
  const values = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const [app, other] = [APP, reference].map((name) => rows.find((r) => r.round === round && r.target === name));
    values.push(app[figure] / other[figure]);
  }
  values.sort((a, b) => a - b);
  return `${values[Math.floor(values.length / 2)].toFixed(2)}x (${values[0].toFixed(2)}-${values.at(-1).toFixed(2)})`;
}
const of = (name) => rows.filter((r) => r.target === name);
console.log(`\nthis app / each reference, median (spread) over ${ROUNDS} rounds:`);
for (const { name } of references) console.log(`- ${name}: views/s ${ratios(name, 'rps')}, CPU a view ${ratios(name, 'cpuMsPerView')}, p99 ${ratios(name, 'p99')}`);
for (const { name } of targets) {
  console.log(`${name}: failed requests ${of(name).reduce((sum, r) => sum + r.errors, 0)}, RSS ${Math.min(...of(name).map((r) => r.rss)).toFixed(0)}-${Math.max(...of(name).map((r) => r.rss)).toFixed(0)} MiB`);
}
