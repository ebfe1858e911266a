#!/usr/bin/env node
/**
 * Rolling restart behind a load balancer, measured: two instances of the built server behind
 * Debian's nginx on loopback, steady keep-alive load through nginx, then each instance in turn
 * gets SIGTERM and is started again. Prints every answer by status and every failed request.
 * Target: zero failures.
 *
 *   node scripts/lb-restart-test.mjs [--seconds 24] [--concurrency 16] [--keep]
 *
 * --keep leaves the nginx config and every log in the printed temporary folder.
 *
 * Needs nginx (`apt-get install -y nginx`). Builds first when there is no build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist/server/index.js');
const { values: options } = parseArgs({ options: { seconds: { type: 'string', default: '24' }, concurrency: { type: 'string', default: '16' }, keep: { type: 'boolean', default: false } } });
const SECONDS = Number(options.seconds);
const CONCURRENCY = Number(options.concurrency);
const PATHS = ['/', '/why-does-bread-go-stale', '/category/baking', '/?s=bread', '/no-such-answer'];
const HOSTS = ['localhost', 'cooking.localhost', 'garden.localhost', 'tech.localhost'];

const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
if (!nginxBinary) {
  console.error('nginx is missing: apt-get install -y nginx');
  process.exit(2);
}
if (!existsSync(serverEntry)) await build();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const elapsed = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const work = mkdtempSync(path.join(tmpdir(), 'lb-restart-'));
const [lbPort, portA, portB] = [await freePort(), await freePort(), await freePort()];

/** One app instance; its log lines go to a file of its own. */
function startInstance(name, port) {
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn', CONTENT_API_URL: '', CAMPAIGN_API_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = path.join(work, `${name}.log`);
  child.stdout.on('data', (chunk) => writeFileSync(log, chunk, { flag: 'a' }));
  child.stderr.on('data', (chunk) => writeFileSync(log, chunk, { flag: 'a' }));
  child.once('exit', (code, signal) => console.log(`  ${name} (pid ${child.pid}) exited: code ${code}, signal ${signal}`));
  return child;
}

async function waitReady(port) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const ok = await new Promise((resolve) => {
      request({ host: '127.0.0.1', port, path: '/readyz' }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      })
        .on('error', () => resolve(false))
        .end();
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`instance on ${port} never became ready`);
}

// A balancer in front of two instances, as an operator would configure one: keep-alive to the
// upstreams, and a failed connection retried on the other instance (passive health checks).
mkdirSync(path.join(work, 'nginx'), { recursive: true });
const nginxConf = path.join(work, 'nginx.conf');
writeFileSync(
  nginxConf,
  `worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${work}/nginx/body;
  proxy_temp_path ${work}/nginx/proxy;
  fastcgi_temp_path ${work}/nginx/fastcgi;
  uwsgi_temp_path ${work}/nginx/uwsgi;
  scgi_temp_path ${work}/nginx/scgi;
  upstream app {
    server 127.0.0.1:${portA} max_fails=1 fail_timeout=2s;
    server 127.0.0.1:${portB} max_fails=1 fail_timeout=2s;
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${lbPort};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # Stands in for the TLS listener a real balancer has (this one is plain http on loopback).
      proxy_set_header X-Forwarded-Proto https;
      proxy_set_header X-Request-Id $request_id;
      proxy_connect_timeout 1s;
      proxy_next_upstream error timeout http_502 http_504;
      proxy_next_upstream_tries 2;
    }
  }
}
`,
);
const nginx = spawn(nginxBinary, ['-c', nginxConf, '-p', work, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });

const instances = { A: { port: portA, child: startInstance('A', portA) }, B: { port: portB, child: startInstance('B', portB) } };
const cleanup = () => {
  for (const { child } of Object.values(instances)) child.kill('SIGKILL');
  nginx.kill('SIGTERM');
};
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
await Promise.all([waitReady(portA), waitReady(portB)]);
await sleep(300);

// Steady load: CONCURRENCY loops, each one request after the other over keep-alive sockets.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const statuses = new Map();
const failures = [];
let sent = 0;
let running = true;
const started = performance.now();

function once(n) {
  const target = { path: PATHS[n % PATHS.length], host: HOSTS[Math.floor(n / PATHS.length) % HOSTS.length] };
  return new Promise((resolve) => {
    const req = request({ agent, host: '127.0.0.1', port: lbPort, path: target.path, headers: { host: target.host } }, (res) => {
      res.resume();
      res.on('end', () => {
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) failures.push({ at: elapsed(started), ...target, status: res.statusCode });
        resolve();
      });
    });
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
    req.on('error', (error) => {
      failures.push({ at: elapsed(started), ...target, error: error.code ?? error.message });
      resolve();
    });
    req.end();
  });
}

async function loop() {
  while (running) await once(sent++);
}
const loops = Array.from({ length: CONCURRENCY }, loop);

/** SIGTERM, wait for the exit, start again on the same port, wait until ready. */
async function restart(name) {
  const instance = instances[name];
  const stopAt = performance.now();
  const signalledAt = elapsed(started);
  const exited = new Promise((resolve) => instance.child.once('exit', (code) => resolve(code)));
  instance.child.kill('SIGTERM');
  const code = await exited;
  const stoppedIn = elapsed(stopAt);
  instance.child = startInstance(name, instance.port);
  await waitReady(instance.port);
  console.log(`  ${name}: SIGTERM at ${signalledAt} into the load, exit code ${code} after ${stoppedIn}, serving again after ${elapsed(stopAt)}`);
}

console.log(`load: ${CONCURRENCY} concurrent keep-alive clients through nginx on :${lbPort} to instances :${portA} and :${portB}, ${SECONDS} s`);
const third = (SECONDS * 1000) / 3;
await sleep(third);
await restart('A');
await sleep(Math.max(0, 2 * third - (performance.now() - started)));
await restart('B');
await sleep(Math.max(0, SECONDS * 1000 - (performance.now() - started)));
running = false;
await Promise.all(loops);
const seconds = (performance.now() - started) / 1000;

const nginxErrors = readFileSync(path.join(work, 'nginx-error.log'), 'utf8').split('\n').filter((line) => line.includes('upstream'));
console.log(`requests: ${sent} in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s)`);
console.log(`answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
console.log(`nginx retried on the other instance (upstream errors in its log): ${nginxErrors.length}`);
console.log(`failed requests (5xx or no answer): ${failures.length}`);
for (const failure of failures.slice(0, 20)) console.log(`  ${JSON.stringify(failure)}`);

agent.destroy();
cleanup();
spawnSync('sleep', ['0.2']);
if (options.keep) console.log(`logs and nginx.conf kept in ${work}`);
else rmSync(work, { recursive: true, force: true });
process.exit(failures.length === 0 ? 0 : 1);
