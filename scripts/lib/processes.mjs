/** Small helpers the benchmarks (scripts/bench/) and other scripts share: start servers, wait, read RSS. */
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The side-by-side harness's fake content API. The harness is not part of this repository: an
 * optional checkout beside it, at ../shared/bench (docs/performance.md); only the benchmarks that
 * compare with it need it, and they say so when it is missing.
 */
export const benchApi = path.resolve(root, '../shared/bench/content-api/server.mjs');

/**
 * How the server runs in production, read from the Dockerfile (one source): the runtime stage's
 * `ENV` lines and its `CMD` (`node <flags> dist/server/index.js`), as `node` arguments and
 * environment variables; `dist/` paths are taken in the checkout `dir`. Pure.
 */
export function productionCommandOf(dockerfile, dir = root) {
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env = {};
  for (const [, line] of runtime.matchAll(/^ENV (.+)$/gm)) {
    for (const [, name, value] of line.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[name] = value.replace(/^"|"$/g, '');
  }
  const cmd = /^CMD (\[.*\])$/m.exec(runtime);
  if (!cmd) throw new Error('no CMD in the Dockerfile');
  const [program, ...args] = JSON.parse(cmd[1]);
  if (program !== 'node') throw new Error(`the Dockerfile's CMD runs ${program}, not node`);
  return { args: args.map((arg) => (arg.startsWith('dist/') ? path.join(dir, arg) : arg)), env };
}

/** The production command of the checkout at `dir` (its own Dockerfile and build). */
export const productionCommandIn = (dir) => productionCommandOf(readFileSync(path.join(dir, 'Dockerfile'), 'utf8'), dir);

const production = productionCommandIn(root);
/** The Dockerfile CMD's arguments to `node` (npm start uses the same flags). */
export const SERVER_ARGS = production.args;
/** The Dockerfile's environment (NODE_ENV, and the allocator's settings); a script's own env goes over it. */
export const SERVER_ENV = production.env;

export const hasCommand = (name) => process.env.PATH.split(':').some((dir) => existsSync(path.join(dir, name)));

/** Builds the app when there is no build yet (a plain clone). */
export function ensureBuilt() {
  if (!existsSync(path.join(root, 'dist/server/index.js'))) execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}

/** Exits with a clear line when the shared harness (its fake content API) is not beside the project. */
export function requireBenchApi() {
  if (existsSync(benchApi)) return;
  console.error(`the shared harness is missing: ${benchApi}`);
  process.exit(1);
}

/**
 * Starts a command pinned to a CPU when taskset exists. Its output goes to a file (as the
 * shared harness does), so a slow reader never holds the server's log lines in its memory.
 */
export function start(command, args, { env = {}, cpu, cwd } = {}) {
  const pinned = cpu !== undefined && hasCommand('taskset');
  const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'qa-sites-')), 'output.log');
  const out = openSync(logFile, 'w');
  const child = spawn(pinned ? 'taskset' : command, pinned ? ['-c', String(cpu), command, ...args] : args, {
    env: { ...process.env, ...env },
    cwd,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  child.logFile = logFile;
  child.log = () => readFileSync(logFile, 'utf8');
  return child;
}

/** n distinct free loopback ports: all held open together, so none is handed out twice. */
export async function freePorts(n) {
  const servers = await Promise.all(Array.from({ length: n }, () => new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => resolve(server));
  })));
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * Refuses, in one line, to start a server on a loopback port another process holds: its server
 * would fail to listen while the benchmark measured whoever answers there (another benchmark's
 * server, against other data). Resolves when every port of `ports` is free.
 */
export async function assertPortsFree(ports) {
  const taken = [];
  for (const port of ports) {
    const free = await new Promise((resolve) => {
      const server = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (!free) taken.push(port);
  }
  if (taken.length > 0) throw new Error(`${taken.length > 1 ? 'ports' : 'port'} ${taken.join(', ')} ${taken.length > 1 ? 'are' : 'is'} taken on 127.0.0.1 (another benchmark's server?): stop it or choose other ports (APP_PORT)`);
}

/** One GET on a fresh connection (no pooled socket that the server may have closed). */
export function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      })
      .on('error', reject);
  });
}

/**
 * One GET on `agent` to 127.0.0.1:`port` for `host`; resolves with the status, headers, body and
 * time, or status 0 and the error's code on a socket error, a reset mid-answer or a 10 s timeout.
 */
export function timedGet(agent, port, host, pathAndQuery, headers = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const failed = (error) => resolve({ status: 0, code: error.code ?? 'aborted', body: '', ms: performance.now() - started });
    const req = http.get({ host: '127.0.0.1', port, path: pathAndQuery, agent, headers: { ...headers, host }, timeout: 10_000 }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, ms: performance.now() - started, body: Buffer.concat(chunks).toString() }));
      res.on('error', failed);
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', failed);
  });
}

/**
 * Resolves once `url` answers 200. With `child` (a process from start()), rejects as soon as it
 * has exited, with the end of its output, instead of waiting out the timeout.
 */
export async function waitForHttp(url, { timeoutMs = 30_000, headers = {}, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}) before ${url} answered:\n${child.log().trim().split('\n').slice(-5).join('\n')}`);
    try {
      if ((await get(url, headers)).status === 200) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** RSS of a process and all its descendants, in MiB. */
export function rssMiB(pid) {
  const children = (id) => {
    try {
      return readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  let kb = 0;
  const visit = (id) => {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'));
      kb += match ? Number(match[1]) : 0;
    } catch {
      return;
    }
    for (const child of children(id)) visit(child);
  };
  visit(pid);
  return kb / 1024;
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * The app container's memory request in the Kubernetes Deployment, in MiB: the bound the memory
 * benchmarks hold RSS to (the pod is scheduled on it; past it the node may evict the pod first).
 */
export function podMemoryRequestMiB() {
  const manifest = readFileSync(path.join(root, 'deploy/kubernetes/deployment.yaml'), 'utf8');
  const match = /^\s+requests:\n(?:\s+cpu: \S+\n)?\s+memory: (\d+)Mi$/m.exec(manifest);
  if (!match) throw new Error('no memory request in deploy/kubernetes/deployment.yaml');
  return Number(match[1]);
}
