#!/usr/bin/env node
/**
 * `npm run bench -- demo`: works in a plain clone. Builds when there is no build, starts the demo backend
 * (dist/demo/main.js) and the app in production mode against it, each a process of its own,
 * and loads the app with autocannon. Prints requests/s, p50 and p99 latency, errors and the
 * app's RSS after each run for: the warm article, home and category pages, the article with the
 * page cache off, and a cold run (a fresh process, every request an answer never asked for
 * before, all of them real pages). The cold run needs a content API that answers every slug: the
 * side-by-side harness's fake one (an optional checkout beside this repository at
 * ../shared/bench, as the `long-tail` scenario uses); without it that row is left out, saying so. Any
 * answer that is not 2xx fails the benchmark (exit 1): a row of 404 pages measures nothing.
 *
 *   npm run bench -- demo [--duration 10] [--connections 32]
 *
 * With taskset, the app runs on CPU 0 and this process (autocannon) on CPU 1. The side-by-side
 * comparison with other frameworks is the `harness` scenario (needs wrk and the side-by-side harness, an optional checkout
 * beside this repository at ../shared/bench: docs/performance.md).
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROME_UA, longTailRequest } from '../lib/longtail.mjs';
import { benchApi, freePorts, get, hasCommand, root, rssMiB, start, stop, waitForHttp, SERVER_ARGS } from '../lib/processes.mjs';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '32' } } });
const DURATION_SECONDS = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const WARM_UP_SECONDS = 3;
const ARTICLE = '/why-does-bread-go-stale';
/** Hosts the cold run spreads over, as the `long-tail` scenario does. */
const COLD_HOSTS = 200;

if (!existsSync(path.join(root, 'dist/server/index.js')) || !existsSync(path.join(root, 'dist/demo/main.js'))) {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}
const pinned = hasCommand('taskset');
if (pinned) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });

const [appPort, contentPort, campaignPort, benchApiPort] = await freePorts(4);
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

/** One autocannon run: a fixed path (Host localhost), or a function giving each request's `{ path, headers }`. */
function load(seconds, target) {
  const perRequest = typeof target === 'function' ? { requests: [{ setupRequest: (request) => { const { path, headers } = target(); return { ...request, path, headers: { ...request.headers, ...headers } }; } }] } : {};
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
  console.error(`bench demo: ${name}: ${warm ? `${WARM_UP_SECONDS} s warm-up, then ` : ''}${DURATION_SECONDS} s with ${CONNECTIONS} connections`);
  if (warm) await load(WARM_UP_SECONDS, target);
  const result = await load(DURATION_SECONDS, target);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses: `${result['2xx']} 2xx, ${result['4xx']} 4xx, ${result['5xx']} 5xx`,
    not2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    rss: rssMiB(app.pid),
  };
}

/**
 * Cold: a fresh process against the harness's fake content API, and every request an answer
 * never asked for before (the `long-tail` scenario's requests, over COLD_HOSTS hosts), so neither cache
 * can answer and every answer is a real first view. One probe first: a setup that answers
 * anything but 200 leaves the row out and fails the benchmark, saying what it got.
 */
async function measureCold() {
  const api = start(process.execPath, [benchApi], { cpu: 1, env: { PORT: String(benchApiPort), HOST: '127.0.0.1' } });
  const apiUrl = `http://127.0.0.1:${benchApiPort}`;
  let app;
  try {
    await waitForHttp(`${apiUrl}/api/setting/get`);
    app = await startApp({ CONTENT_API_URL: apiUrl, CAMPAIGN_API_URL: apiUrl });
    const request = (n) => {
      const { path, host } = longTailRequest(n, COLD_HOSTS);
      return { path, headers: { host, 'user-agent': CHROME_UA } };
    };
    const probe = request(0);
    const answer = await get(`${APP}${probe.path}`, probe.headers);
    if (answer.status !== 200) {
      console.error(`bench demo: the cold run's first view (${probe.headers.host}${probe.path}) answered ${answer.status}, not 200: left out`);
      process.exitCode = 1;
      return null;
    }
    let n = 0;
    return await measure('cold (every answer new)', app, () => request(++n), { warm: false });
  } finally {
    if (app) await stop(app);
    await stop(api);
  }
}

const results = [];
console.error(`bench demo: six runs of about ${DURATION_SECONDS + WARM_UP_SECONDS} s each (the demo backend and the app in production mode); the table comes at the end`);
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

  const cold = existsSync(benchApi) ? await measureCold() : null;
  if (cold) results.push(cold);
  if (!existsSync(benchApi)) console.error(`bench demo: the cold run needs a content API that answers every slug, the side-by-side harness's fake one (${benchApi}): left out`);
} finally {
  await stop(demo);
}

console.log(`\nnode ${process.version}, autocannon -c ${CONNECTIONS} -d ${DURATION_SECONDS} (after a ${WARM_UP_SECONDS} s warm-up for the warm runs), Host localhost on the demo data; the cold run on the harness's fake content API over ${COLD_HOSTS} hosts`);
console.log(pinned ? 'app on CPU 0; autocannon, the demo backend and the cold run\'s fake content API on CPU 1\n' : 'no taskset: processes not pinned\n');
console.log('| run | req/s | p50 ms | p99 ms | answers | errors | app RSS after MiB |');
console.log('|---|---:|---:|---:|---|---:|---:|');
for (const r of results) {
  console.log(`| ${r.name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${r.statuses} | ${r.errors} | ${r.rss.toFixed(1)} |`);
}

// A row of error pages measures something else than its name says: the run fails, loudly.
const notOk = results.filter((r) => r.not2xx > 0);
for (const r of notOk) console.error(`bench demo: ${r.name}: ${r.not2xx} answers were not 2xx (${r.statuses}); this row does not measure what it names`);
if (notOk.length > 0) process.exitCode = 1;
