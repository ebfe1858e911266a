#!/usr/bin/env node
/**
 * `npm run bench -- cpu [path ...]`: CPU time per request of the built server, page cache off,
 * per path: the server's user+system time from /proc/<pid>/stat around a wrk run (32
 * connections), divided by the requests served. Less sensitive to a busy machine than
 * requests/s, and it shows where a request's cost grows (`/healthz` is the chain's floor; a
 * minimal page adds the document; the article the shell).
 *
 * Default paths: /healthz /robots.txt /fortified-portal /the-quiet-revival-of-night-trains-in-europe.
 * Needs wrk, a build (made when missing) and the side-by-side harness, an optional checkout
 * beside this repository at ../shared/bench, not part of it (docs/performance.md): its fake
 * content API runs on port 4180; the app listens on 4181, a fresh process a path with the
 * Dockerfile's node flags (not its ENV), pinned to CPU 0, wrk on CPU 1. DURATION (6s) per path.
 */
import { cpuMsOf } from '../lib/longtail.mjs';
import { benchApi, ensureBuilt, requireBenchApi, SERVER_ARGS, start, stop, waitForHttp } from '../lib/processes.mjs';
import { requireWrk, runWrk } from '../lib/wrk.mjs';

const DURATION = process.env.DURATION ?? '6s';
const API_PORT = 4180;
const APP_PORT = 4181;
const API = `http://127.0.0.1:${API_PORT}`;
const paths = process.argv.slice(2);
if (paths.length === 0) paths.push('/healthz', '/robots.txt', '/fortified-portal', '/the-quiet-revival-of-night-trains-in-europe');

requireBenchApi();
requireWrk();
ensureBuilt();

const api = start(process.execPath, [benchApi], { env: { PORT: String(API_PORT) } });
try {
  await waitForHttp(`${API}/__stats`);
  console.log(`bench cpu: node ${process.version}, page cache off, wrk -c32 for ${DURATION} per path`);
  for (const path of paths) {
    const url = `http://127.0.0.1:${APP_PORT}${path}`;
    const app = start(process.execPath, SERVER_ARGS, {
      cpu: 0,
      env: { NODE_ENV: 'production', PORT: String(APP_PORT), HOST: '127.0.0.1', CONTENT_API_URL: API, CAMPAIGN_API_URL: API, LOG_LEVEL: 'warn', PAGE_CACHE_TTL_SECONDS: '0' },
    });
    try {
      await waitForHttp(`http://127.0.0.1:${APP_PORT}/healthz`);
      runWrk(url, { duration: '3s', connections: 32 });
      const before = cpuMsOf(app.pid);
      const { requests, rps } = runWrk(url, { duration: DURATION, connections: 32 });
      const microseconds = Math.floor(((cpuMsOf(app.pid) - before) * 1000) / requests);
      console.log(`${path.padEnd(50)} ${String(microseconds).padStart(6)} us CPU per request  (${rps.toFixed(2)} req/s)`);
    } finally {
      await stop(app);
    }
  }
} finally {
  await stop(api);
}
