#!/usr/bin/env node
/**
 * Log bytes per failed request (README, Logs for support: at most 2 KB). Starts the built server
 * against a content API and campaign service on loopback that fail in one way at a time
 * (connection refused, timeout, HTTP 502, invalid JSON), sends REQUESTS article requests for
 * distinct hosts (every one a cold lookup), and prints the bytes the server logged per request
 * and the stack-trace lines among them.
 *
 *   npm run bench -- failure-logs [--server dist/server/index.js] [--requests 50]
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../lib/processes.mjs';

const { values } = parseArgs({ options: { server: { type: 'string' }, requests: { type: 'string' } } });
const serverEntry = path.resolve(values.server ?? path.join(root, 'dist/server/index.js'));
const REQUESTS = Number(values.requests ?? 50);
const TIMEOUT_MS = 200;

function listen(handler) {
  return new Promise((resolve) => {
    const server = http.createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
const portOf = (server) => server.address().port;
const close = (server) => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); });

/** A free port that nothing listens on (calls to it are refused). */
async function freePort() {
  const server = await listen(() => {});
  const port = portOf(server);
  await close(server);
  return port;
}

const FAILURES = {
  refused: null,
  timeout: () => {},
  'http 502': (_req, res) => res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":"bad gateway"}'),
  'invalid json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>maintenance</html>'),
};

function get(port, host, urlPath) {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers: { host } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', () => resolve(0));
  });
}

function waitForOutput(child, pattern) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk) => {
      seen += chunk;
      if (pattern.test(seen)) {
        child.stdout.off('data', onData);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${seen}`)));
  });
}

async function measure(name, handler) {
  const upstream = handler ? await listen(handler) : null;
  const url = `http://127.0.0.1:${upstream ? portOf(upstream) : await freePort()}`;
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), DRAIN_DELAY_MS: '0', CONTENT_API_URL: url, CAMPAIGN_API_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8');
  await waitForOutput(child, /server\.listening/);
  let logged = '';
  child.stdout.on('data', (chunk) => (logged += chunk));
  const statuses = new Map();
  for (let i = 0; i < REQUESTS; i++) {
    const status = await get(port, `site${i}.example${i}.com`, `/some-article-${i}`);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  // Let the last lines reach stdout before the server stops.
  await new Promise((resolve) => setTimeout(resolve, 300));
  child.kill('SIGKILL');
  if (upstream) await close(upstream);
  const bytes = Buffer.byteLength(logged);
  const lines = logged.split('\n').filter(Boolean);
  const stackLines = (logged.match(/\\n\s+at /g) ?? []).length;
  return { name, statuses: [...statuses].map(([s, n]) => `${s}x${n}`).join(' '), lines: lines.length / REQUESTS, bytes: bytes / REQUESTS, stackLines: stackLines / REQUESTS };
}

console.log(`server: ${path.relative(process.cwd(), serverEntry)}, ${REQUESTS} requests per failure, each for a new host, upstream timeout ${TIMEOUT_MS} ms`);
console.log('| failure | statuses | log lines / request | log bytes / request | stack frames / request |');
console.log('|---|---|---:|---:|---:|');
for (const [name, handler] of Object.entries(FAILURES)) {
  const r = await measure(name, handler);
  console.log(`| ${r.name} | ${r.statuses} | ${r.lines.toFixed(1)} | ${Math.round(r.bytes).toLocaleString('en')} | ${r.stackLines.toFixed(1)} |`);
}
