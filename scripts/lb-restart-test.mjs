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
 * nginx runs with the project's configuration (deploy/nginx/qa-sites.conf.template), the
 * instances with NODE_ENV=production against the demo backend run as a process of its own.
 * Needs nginx (`apt-get install -y nginx`). Builds first when there is no build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from './build.mjs';
import { freePorts } from './lib/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist/server/index.js');
const nginxTemplate = path.join(root, 'deploy/nginx/qa-sites.conf.template');
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
if (!existsSync(serverEntry) || !existsSync(path.join(root, 'dist/demo/main.js'))) await build();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** ${NAME} replaced as the nginx image's envsubst does; a name left without a value is an error. */
function fillTemplate(template, values) {
  return template.replace(/\$\{(\w+)\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`no value for \${${name}} in ${nginxTemplate}`);
    return values[name];
  });
}
const elapsed = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const work = mkdtempSync(path.join(tmpdir(), 'lb-restart-'));
const [lbPort, portA, portB, contentPort, campaignPort] = await freePorts(5);

// The demo backend as a process of its own, as in Compose: the instances run as in production.
const demo = spawn(process.execPath, [path.join(root, 'dist/demo/main.js'), '--content-port', String(contentPort), '--campaign-port', String(campaignPort)], { stdio: ['ignore', 'ignore', 'inherit'] });

/** One app instance; its log lines go to a file of its own. */
function startInstance(name, port) {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      CONTENT_API_URL: `http://127.0.0.1:${contentPort}`,
      CAMPAIGN_API_URL: `http://127.0.0.1:${campaignPort}`,
    },
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

// The project's nginx configuration (deploy/nginx), filled in for loopback: keep-alive to the
// upstreams, a failed connection retried on the other instance, and the micro-cache.
// nginx started by root runs its workers as `nobody`: they must reach the cache and temp folders.
chmodSync(work, 0o755);
mkdirSync(path.join(work, 'nginx'), { recursive: true, mode: 0o777 });
chmodSync(path.join(work, 'nginx'), 0o777);
const nginxConf = path.join(work, 'nginx.conf');
writeFileSync(path.join(work, 'qa-sites.conf'), fillTemplate(readFileSync(nginxTemplate, 'utf8'), {
  QA_LISTEN: `127.0.0.1:${lbPort}`,
  QA_APP_1: `127.0.0.1:${portA}`,
  QA_APP_2: `127.0.0.1:${portB}`,
  QA_CACHE_DIR: path.join(work, 'nginx/cache'),
  QA_ACCESS_LOG: path.join(work, 'nginx-access.log'),
  // Stands in for the TLS listener a real balancer has (this one is plain http on loopback).
  QA_FORWARDED_PROTO: 'https',
}));
// What the nginx image's own nginx.conf provides in Compose, with this run's paths.
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
  include ${work}/qa-sites.conf;
}
`,
);
const nginx = spawn(nginxBinary, ['-c', nginxConf, '-p', work, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });

const instances = { A: { port: portA, child: startInstance('A', portA) }, B: { port: portB, child: startInstance('B', portB) } };
const cleanup = () => {
  for (const { child } of Object.values(instances)) child.kill('SIGKILL');
  nginx.kill('SIGTERM');
  demo.kill('SIGTERM');
};
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
await Promise.all([waitReady(portA), waitReady(portB)]);
await sleep(300);

// Steady load: CONCURRENCY loops, each one request after the other over keep-alive sockets.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const statuses = new Map();
const cacheStatuses = new Map();
const failures = [];
let sent = 0;
let running = true;
const started = performance.now();

/** Every address is new (a `lb` parameter the app ignores), so each request passes the micro-cache to an instance. */
function once(n) {
  const base = PATHS[n % PATHS.length];
  const target = { path: `${base}${base.includes('?') ? '&' : '?'}lb=${n}`, host: HOSTS[Math.floor(n / PATHS.length) % HOSTS.length] };
  return new Promise((resolve) => {
    const req = request({ agent, host: '127.0.0.1', port: lbPort, path: target.path, headers: { host: target.host } }, (res) => {
      res.resume();
      res.on('end', () => {
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const cacheStatus = String(res.headers['x-cache-status'] ?? 'none');
        cacheStatuses.set(cacheStatus, (cacheStatuses.get(cacheStatus) ?? 0) + 1);
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
console.log(`micro-cache status of the answers: ${JSON.stringify(Object.fromEntries(cacheStatuses))}`);
console.log(`nginx retried on the other instance (upstream errors in its log): ${nginxErrors.length}`);
console.log(`failed requests (5xx or no answer): ${failures.length}`);
for (const failure of failures.slice(0, 20)) console.log(`  ${JSON.stringify(failure)}`);

agent.destroy();
cleanup();
spawnSync('sleep', ['0.2']);
if (options.keep) console.log(`logs and nginx.conf kept in ${work}`);
else rmSync(work, { recursive: true, force: true });
process.exit(failures.length === 0 ? 0 : 1);
