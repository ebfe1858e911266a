#!/usr/bin/env node
/**
 * `npm run bench -- slow-headers`: the public port under slow-header ("slowloris") clients
 * (issue 26.4). The built server runs with the production command (the Dockerfile's CMD and
 * ENV) against the demo backend. An attacker process keeps SOCKETS connections open, each
 * sending a request line and then one header byte a second, never finishing its headers, and
 * opens a new one whenever one is closed; meanwhile a health checker opens a new connection for
 * each `/healthz` every 100 ms, as a load balancer does, and a visitor asks for a page on a new
 * connection every 250 ms. Two rounds of ROUND_S seconds: the attacker on one address
 * (127.0.0.2), then spread over PEERS addresses (127.0.1.x).
 *
 * Prints per round: probes and pages answered in time (2 s), their p50/p99/max, and how many
 * attacker sockets the server closed. Knobs: SOCKETS (1100), PEERS (110), ROUND_S (20),
 * APP_PORT (4160).
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import { build } from '../build.mjs';
import { assertPortsFree, SERVER_ARGS, SERVER_ENV, start, stop, waitForHttp } from '../lib/processes.mjs';

const SOCKETS = Number(process.env.SOCKETS ?? 1100);
const PEERS = Number(process.env.PEERS ?? 110);
const ROUND_S = Number(process.env.ROUND_S ?? 20);
const APP_PORT = Number(process.env.APP_PORT ?? 4160);
const TIMEOUT_MS = 2_000;

/** The n-th attacker socket's address among `peers` (at most 254): 127.0.0.2 when one, else 127.0.1.x. */
const addressOf = (n, peers) => (peers === 1 ? '127.0.0.2' : `127.0.1.${(n % peers) + 1}`);

/** The attacker: SOCKETS slow-header connections, each replaced as soon as it is closed. Reports closes when told to stop. */
function runAttacker(peers) {
  let running = true;
  let closedByServer = 0;
  const open = (n) => {
    if (!running) return;
    const socket = net.connect({ port: APP_PORT, host: '127.0.0.1', localAddress: addressOf(n, peers) });
    let timer;
    socket.on('connect', () => {
      socket.write('GET / HTTP/1.1\r\nHost: example.com\r\nX-Slow: ');
      timer = setInterval(() => socket.write('a'), 1_000);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      if (!running) return;
      closedByServer += 1;
      setTimeout(() => open(n), 10);
    });
  };
  for (let n = 0; n < SOCKETS; n++) open(n);
  process.on('message', () => {
    running = false;
    process.send({ closedByServer }, () => process.exit(0));
  });
}

/** One request on a new connection; its status and time, or status 0 when it failed or took over TIMEOUT_MS. */
function freshGet(path, host) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ port: APP_PORT, host: '127.0.0.1' });
    let received = '';
    const done = (status) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, ms: performance.now() - started });
    };
    const timer = setTimeout(() => done(0), TIMEOUT_MS);
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (chunk) => (received += chunk));
    socket.on('end', () => done(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0)));
    socket.on('error', () => done(0));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function round(peers) {
  const attacker = fork(new URL(import.meta.url).pathname, ['--attacker', String(peers)]);
  const closes = new Promise((resolve) => attacker.once('message', resolve));
  const until = Date.now() + ROUND_S * 1000;
  const series = async (path, host, everyMs) => {
    const results = [];
    while (Date.now() < until) {
      results.push(await freshGet(path, host));
      await sleep(everyMs);
    }
    return results;
  };
  const [probes, pages] = await Promise.all([series('/healthz', 'localhost', 100), series('/', 'localhost', 250)]);
  attacker.send('stop');
  const { closedByServer } = await closes;
  return { peers, probes, pages, closedByServer };
}

function row(name, results) {
  const ok = results.filter((r) => r.status === 200);
  const times = ok.map((r) => r.ms).sort((a, b) => a - b);
  return `| ${name} | ${ok.length} of ${results.length} | ${percentile(times, 50).toFixed(1)} / ${percentile(times, 99).toFixed(1)} / ${(times.at(-1) ?? NaN).toFixed(1)} |`;
}

async function main() {
  await assertPortsFree([APP_PORT]);
  await build({ quiet: true });
  const app = start(process.execPath, SERVER_ARGS, { env: { ...SERVER_ENV, NODE_ENV: 'development', PORT: String(APP_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' } });
  try {
    await waitForHttp(`http://127.0.0.1:${APP_PORT}/healthz`, { child: app });
    await freshGet('/', 'localhost');
    const rounds = [await round(1), await round(PEERS)];
    console.log(`\nslow-headers: ${SOCKETS} slow-header sockets (one header byte a second, replaced when closed) for ${ROUND_S} s a round; node ${process.version}, \`node ${SERVER_ARGS.join(' ')}\` with ${JSON.stringify(SERVER_ENV)} (NODE_ENV=development: the embedded demo backend)\n`);
    console.log('| attacker addresses | answered 200 within 2 s, new connection each | p50 / p99 / max ms |');
    console.log('|---|---|---|');
    for (const { peers, probes, pages, closedByServer } of rounds) {
      console.log(row(`${peers}: /healthz every 100 ms`, probes));
      console.log(row(`${peers}: a page every 250 ms`, pages));
      console.log(`| ${peers}: attacker sockets closed by the server | ${closedByServer} | |`);
    }
  } finally {
    await stop(app);
  }
}

if (process.argv.includes('--attacker')) runAttacker(Number(process.argv.at(-1)));
else await main();
