#!/usr/bin/env node
/**
 * `npm run bench -- <scenario> [args]`: the one entry point of the benchmarks. Each scenario is a
 * file of this folder (its header says what it measures, its arguments and knobs; docs/performance.md
 * says how to read it), run in this process with the scenario's own arguments; the code they
 * share is in scripts/lib/. `npm run bench -- --help` lists them with what each needs.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runTypeScript } from '../lib/typescript.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const HARNESS = 'the side-by-side harness (../shared/bench, docs/performance.md)';

/** Every scenario: what it measures and what it needs beyond `npm ci`. Its file is `<name>.mjs` or `<name>.ts` here. */
export const SCENARIOS = {
  demo: ['the demo backend and the app in production mode under autocannon: warm article, home and category, page cache off, a cold run, beside a raw node:http ceiling (--duration 10 --connections 32); fails on any answer not 2xx', `nothing (builds when needed); the cold row needs ${HARNESS} and is left out without it`],
  harness: ['the same pages with wrk against the harness\'s fake content API, as the harness measures its targets, with upstream calls a run', `wrk, ${HARNESS}`],
  'long-tail': ['every view an answer never asked for before over 200 hosts, alternated in rounds with the harness\'s express-react, Astro and Next.js: views/s, CPU a view, p50, p99, failures, RSS, and the ratios', `wrk, ${HARNESS}; its references are prepared once with npm ci and their build`],
  ab: ['<dirA> <dirB> [pairs=6]: two built checkouts alternated under the long tail\'s load, a fresh server a round (AT_ONCE=1: both at once a round, B\'s CPU a view over A\'s within it); per round and median CPU a view, views, p99, RSS, and B / A (decision 0330)', `wrk, ${HARNESS}, two checkouts with a built dist/`],
  overload: ['a flood of random hosts and slugs, then the content API hanging under 400 cold clients: probes\' p99 on both ports, the warmed pages\' answers, peak RSS and its parts (decisions 0220, 0270)', 'nothing (builds first)'],
  flood: ['the flood alone: after it the API goes down; how many of 20 warmed sites still answer with their own pages (decision 0165)', 'nothing (builds first)'],
  hang: ['the hang alone: peak RSS, /healthz p50/p99/max, the warmed sites\' answers and the most API calls in flight (decision 0220)', 'nothing (builds first)'],
  'slow-headers': ['1,100 slow-header sockets from 1, then 110 addresses: probes and pages answered within 2 s (decision 0270)', 'nothing (builds first)'],
  faults: ['a content API answering invalid JSON, then bodies over the size cap, to every call while 32 clients ask for new pages, then hanging: upstream.fetch_failed lines (target at most 30), the circuit opened, and how soon new pages answer 200 after the API returns (decision 0375)', 'nothing (builds first)'],
  'slow-answers': ['[dir]: the long tail while every 50th article call answers 1.5 s late, in time: the data cache evicts such a call\'s entry before it answers; failed requests and request.failed lines (target: none; decision 0431)', `wrk, ${HARNESS}, a build (made when missing)`],
  'last-resort': ['warmed pages through an 80 s outage of the content API after 996 other sites pushed them out, then a drain under load: own pages, probes, resets (decision 0325)', 'nothing (builds first)'],
  warmup: ['the harness\'s rounds for this app alone (3 s warm-up, 10 s rounds after 20 s idle): req/s, p50, p99, max and V8\'s compilations a round', `wrk, ${HARNESS}, a build (made when missing)`],
  cpu: ['[path ...]: the server\'s CPU time a request by path with the page cache off (/healthz, /robots.txt, a minimal page, the article)', `wrk, ${HARNESS}, a build (made when missing)`],
  'cost-model': ['the cost of each stage of a first view and of a page-cache hit: the libraries alone in one process on the bench article beside the references\' calls, then --cpu-prof profiles under the long tail (this app, express-react, Astro) and on one URL (beside limit), summed by stage (docs/performance.md, "The cost model")', `wrk, ${HARNESS}; its references are prepared once with npm ci and their build`],
  render: ['[seconds]: what React alone costs for the harness\'s article page (no HTTP, no Express), and what keeping a page adds (brotli and gzip)', HARNESS],
  streaming: ['[requests]: a cold article whose new-articles call answers 400 ms late, page cache on and off: first byte, text and last byte for a person and a crawler, and the hit that follows (decision 0180)', 'nothing (runs the sources)'],
  lifetimes: ['[minutes] [views-per-second]: content-API calls a minute over 200 sites for CACHE_LIFETIMES=short and long, and long with purged edits (decision 0230)', 'nothing (runs the sources)'],
  'failure-logs': ['[--requests 50] [--server <file>]: log bytes and stack frames a failed request, one kind of upstream failure at a time', 'a build (npm run build)'],
  mixed: ['memory under a mixed load for MINUTES (5): 24 clients over 500 hosts, new and repeated answers, 5% 404s, a purge every 10 s: RSS, heap and external memory every 30 s, the growth over the last 2 minutes and RSS once idle (target: levelled off under 256 MiB)', `${HARNESS}, a build (made when missing)`],
  deployment: ['1, 2 and 3 instances behind a round-robin balancer under the long tail, each page asked for VIEWS (1 4) times, without and with CACHE_URL (a store it starts): content-API calls and renders a distinct page, views/s, CPU a view, p99, each per-page figure also over one instance alone (issue: at most 1.2x with the shared tier)', `wrk, ${HARNESS}, redis-server or valkey-server on PATH, a build (made when missing)`],
  'store-faults': ['one instance with CACHE_URL under the long tail (each page VIEWS=4 times), ROUNDS=3 rounds of a phase on a baseline without CACHE_URL then one each of the store healthy, its connections cut (CLIENT KILL, the same store), killed then restarted, hung (SIGSTOP) then resumed, and full (OOM) then bounded again (FAULTS picks them): failed, p99 per round, median and spread (target: none failed, median p99 at most the command timeout over the baseline\'s)', `wrk, ${HARNESS}, redis-server or valkey-server on PATH, a build (made when missing)`],
  'store-ops': ['what the shared tier\'s client costs this process a store operation, alone (no HTTP): each operation of a long-tail view with CACHE_URL in turns of PER_TURN (10), user and system CPU µs an operation over ROUNDS (5), and their sum for one view', 'redis-server or valkey-server on PATH'],
  soak: ['100,000 mixed requests over 66 demo hosts: RSS every 10,000 and its growth (target under 30 MiB; REQUESTS, CONCURRENCY, PORT)', 'nothing (builds when needed)'],
};

const USAGE = 'usage: npm run bench -- <scenario> [args]   (knobs are environment variables: each file\'s header and docs/performance.md)';

/** The help text: the usage line and every scenario with what it measures and needs. Pure. */
export function helpText() {
  const width = Math.max(...Object.keys(SCENARIOS).map((name) => name.length));
  const lines = Object.entries(SCENARIOS).flatMap(([name, [what, needs]]) => [`  ${name.padEnd(width)}  ${what}`, `  ${' '.repeat(width)}  needs: ${needs}`]);
  return [USAGE, '', 'scenarios (scripts/bench/<scenario>.mjs or .ts):', ...lines].join('\n');
}

/** The file of a scenario, or null when there is none. */
function fileOf(name) {
  if (!Object.hasOwn(SCENARIOS, name)) return null;
  return ['.mjs', '.ts'].map((extension) => path.join(here, `${name}${extension}`)).find((file) => existsSync(file)) ?? null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [name, ...args] = process.argv.slice(2);
  if (name === '--help' || name === '-h') {
    console.log(helpText());
  } else if (name === undefined) {
    console.error(helpText());
    process.exit(2);
  } else {
    const file = fileOf(name);
    if (!file) {
      console.error(`bench: unknown scenario ${JSON.stringify(name)}; npm run bench -- --help lists them`);
      process.exit(2);
    }
    if (file.endsWith('.ts')) runTypeScript(file, args);
    else {
      // The scenario reads its arguments as if it had been started itself.
      process.argv = [process.argv[0], file, ...args];
      await import(pathToFileURL(file).href);
    }
  }
}
