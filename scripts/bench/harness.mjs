#!/usr/bin/env node
/**
 * `npm run bench -- harness` (optional; the `demo` scenario needs neither wrk nor the harness): our app
 * against the side-by-side harness's fake content API (an optional checkout beside this
 * repository at ../shared/bench, not part of it: docs/performance.md), with wrk, as the harness
 * measures its targets. Prints requests/s, p50 and p99 latency, RSS after the run and upstream calls made
 * during the run for: the warm article, home and category pages, the article with the page
 * cache off, and a cold-cache run (a fresh process, every request a page never seen before).
 *
 * Knobs: DURATION (default 10s), CONNECTIONS (32), APP_PORT (4110), API_PORT (4100).
 * The server runs on CPU 0 and wrk on CPU 1 when taskset exists, as in the shared harness.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchApi, ensureBuilt, get, requireBenchApi, rssMiB, start, stop, waitForHttp, SERVER_ARGS } from '../lib/processes.mjs';
import { requireWrk, runWrk } from '../lib/wrk.mjs';

const DURATION = process.env.DURATION ?? '10s';
const CONNECTIONS = process.env.CONNECTIONS ?? '32';
const APP_PORT = Number(process.env.APP_PORT ?? 4110);
const API_PORT = Number(process.env.API_PORT ?? 4100);
const API = `http://127.0.0.1:${API_PORT}`;
const APP = `http://127.0.0.1:${APP_PORT}`;
const ARTICLE = '/the-quiet-revival-of-night-trains-in-europe';

requireWrk();
requireBenchApi();
ensureBuilt();

const upstreamCalls = async () => JSON.parse((await get(`${API}/__stats`)).body).total;

async function startApp(env) {
  const app = start(process.execPath, SERVER_ARGS, {
    cpu: 0,
    env: { NODE_ENV: 'production', PORT: String(APP_PORT), HOST: '127.0.0.1', CONTENT_API_URL: API, CAMPAIGN_API_URL: API, LOG_LEVEL: 'info', ...env },
  });
  await waitForHttp(`${APP}/healthz`);
  return app;
}

async function measure(name, app, url, extraArgs) {
  // What runs now, on stderr (stdout is the table): a run takes seconds of silence.
  console.error(`bench harness: ${name}: ${extraArgs ? '' : '3 s warm-up, then '}${DURATION} with ${CONNECTIONS} connections`);
  // Prime, then warm up for a few seconds, then measure.
  await get(url);
  if (!extraArgs) runWrk(url, { duration: '3s', connections: CONNECTIONS });
  const before = await upstreamCalls();
  const result = runWrk(url, { duration: DURATION, connections: CONNECTIONS, extraArgs: extraArgs ?? [] });
  const calls = (await upstreamCalls()) - before;
  return { name, ...result, rssMiB: rssMiB(app.pid), upstreamCalls: calls };
}

const results = [];
const api = start(process.execPath, [benchApi], { cpu: 1, env: { PORT: String(API_PORT), HOST: '127.0.0.1' } });
try {
  await waitForHttp(`${API}/api/setting/get`);

  let app = await startApp({});
  results.push(await measure('article (warm)', app, `${APP}${ARTICLE}`));
  results.push(await measure('home (warm)', app, `${APP}/`));
  results.push(await measure('category (warm)', app, `${APP}/category/travel`));
  await stop(app);

  app = await startApp({ PAGE_CACHE_TTL_SECONDS: '0' });
  results.push(await measure('article, page cache off', app, `${APP}${ARTICLE}`));
  await stop(app);

  // Cold: a fresh process, and every request asks for an article it has never seen.
  app = await startApp({});
  const script = path.join(os.tmpdir(), `bench-cold-${process.pid}.lua`);
  writeFileSync(script, 'local n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format("GET", "/cold-article-" .. n .. "-" .. math.random(1, 1000000000))\nend\n');
  results.push(await measure('cold cache (every page new)', app, `${APP}/`, ['-s', script]));
  await stop(app);
} finally {
  await stop(api);
}

console.log(`\nnode ${process.version}, wrk -t1 -c${CONNECTIONS} -d${DURATION}, server on CPU 0, wrk and the fake API on CPU 1\n`);
console.log('| run | req/s | p50 ms | p99 ms | RSS after MiB | upstream calls | errors |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(`| ${r.name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rssMiB.toFixed(1)} | ${r.upstreamCalls} | ${r.errors} |`);
}
