#!/usr/bin/env node
/**
 * `npm run bench`: works in a plain clone. Builds when there is no build, starts the demo backend
 * (dist/demo/main.js) and the app in production mode against it, each a process of its own,
 * and loads the app with autocannon. Prints requests/s, p50 and p99 latency, errors and the
 * app's RSS after each run for: the warm article, home and category pages, the article with the
 * page cache off, and a cold run (a fresh process, every request an article it has never seen).
 *
 *   node scripts/bench.mjs [--duration 10] [--connections 32]
 *
 * With taskset, the app runs on CPU 0 and this process (autocannon) on CPU 1. The side-by-side
 * comparison with other frameworks is `npm run bench:harness` (needs wrk and the side-by-side harness, an optional checkout
 * beside this repository at ../shared/bench: docs/performance.md).
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePorts, get, hasCommand, root, rssMiB, start, stop, waitForHttp, SERVER_ARGS } from './lib/processes.mjs';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '32' } } });
const DURATION_SECONDS = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const WARM_UP_SECONDS = 3;
const ARTICLE = '/why-does-bread-go-stale';

if (!existsSync(path.join(root, 'dist/server/index.js')) || !existsSync(path.join(root, 'dist/demo/main.js'))) {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}
const pinned = hasCommand('taskset');
if (pinned) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });

const [appPort, contentPort, campaignPort] = await freePorts(3);
const APP = `http://127.0.0.1:${appPort}`;

async function startApp(env = {}) {
  const app = start(process.execPath, SERVER_ARGS, {
    cpu: 0,
    env: {
      NODE_ENV: 'production',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      CONTENT_API_URL: `http://127.0.0.1:${contentPort}`,
      CAMPAIGN_API_URL: `http://127.0.0.1:${campaignPort}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  await waitForHttp(`${APP}/readyz`);
  return app;
}

/** One autocannon run: a fixed path, or a function giving each request's path. */
function load(seconds, target) {
  const perRequest = typeof target === 'function' ? { requests: [{ setupRequest: (request) => ({ ...request, path: target() }) }] } : {};
  return autocannon({
    url: `${APP}${typeof target === 'function' ? '/' : target}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { host: 'localhost' },
    ...perRequest,
  });
}

async function measure(name, app, target, { warm }) {
  // What runs now, on stderr (stdout is the table): a run takes seconds of silence.
  console.error(`bench: ${name}: ${warm ? `${WARM_UP_SECONDS} s warm-up, then ` : ''}${DURATION_SECONDS} s with ${CONNECTIONS} connections`);
  if (warm) await load(WARM_UP_SECONDS, target);
  const result = await load(DURATION_SECONDS, target);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses: `${result['2xx']} 2xx, ${result['4xx']} 4xx, ${result['5xx']} 5xx`,
    errors: result.errors + result.timeouts,
    rss: rssMiB(app.pid),
  };
}

const results = [];
console.error(`bench: six runs of about ${DURATION_SECONDS + WARM_UP_SECONDS} s each (the demo backend and the app in production mode); the table comes at the end`);
const demo = start(process.execPath, [path.join(root, 'dist/demo/main.js'), '--content-port', String(contentPort), '--campaign-port', String(campaignPort)], { cpu: 1 });
try {
  // What autocannon and this machine can do at all: a raw node:http server on the app's CPU
  // answering the warm article's bytes (no app code), like the shared harness's `limit`.
  const probe = await startApp();
  const article = (await get(`${APP}${ARTICLE}`, { host: 'localhost' })).body;
  await stop(probe);
  const raw = start(process.execPath, ['-e', `const body = Buffer.from(${JSON.stringify(article)}); require('node:http').createServer((req, res) => { res.setHeader('content-type', 'text/html; charset=utf-8'); res.end(body); }).listen(${appPort}, '127.0.0.1')`], { cpu: 0 });
  await waitForHttp(`${APP}/`);
  results.push(await measure('ceiling: raw node:http, same bytes', raw, ARTICLE, { warm: true }));
  await stop(raw);

  let app = await startApp();
  results.push(await measure('article (warm)', app, ARTICLE, { warm: true }));
  results.push(await measure('home (warm)', app, '/', { warm: true }));
  results.push(await measure('category (warm)', app, '/category/baking', { warm: true }));
  await stop(app);

  app = await startApp({ PAGE_CACHE_TTL_SECONDS: '0' });
  results.push(await measure('article, page cache off', app, ARTICLE, { warm: true }));
  await stop(app);

  // Cold: a fresh process, and every request asks for an article it has never seen (a 404
  // page after an article lookup upstream), so neither cache can answer.
  app = await startApp();
  let n = 0;
  results.push(await measure('cold (every article new)', app, () => `/cold-article-${++n}`, { warm: false }));
  await stop(app);
} finally {
  await stop(demo);
}

console.log(`\nnode ${process.version}, autocannon -c ${CONNECTIONS} -d ${DURATION_SECONDS} (after a ${WARM_UP_SECONDS} s warm-up for the warm runs), Host localhost on the demo data`);
console.log(pinned ? 'app on CPU 0, autocannon and the demo backend on CPU 1\n' : 'no taskset: processes not pinned\n');
console.log('| run | req/s | p50 ms | p99 ms | answers | errors | app RSS after MiB |');
console.log('|---|---:|---:|---:|---|---:|---:|');
for (const r of results) {
  console.log(`| ${r.name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${r.statuses} | ${r.errors} | ${r.rss.toFixed(1)} |`);
}
