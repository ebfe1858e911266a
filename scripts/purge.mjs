#!/usr/bin/env node
/**
 * Purges every instance of a deployment (each holds its own caches): POST /purge on each
 * instance's metrics port, with the bearer token from the environment (never an argument: the
 * process list would show it).
 *
 *   PURGE_TOKEN=... node scripts/purge.mjs --instances app-1:9464,app-2:9464 --site cooking.example.com --slug why-does-bread-go-stale
 *   PURGE_TOKEN=... node dist/purge.mjs --instances qa-sites-instances:9464 --site cooking.example.com
 *   PURGE_TOKEN=... node dist/purge.mjs --instances qa-sites-instances:9464 --site cooking.example.com --shared categories
 *   PURGE_TOKEN=... node dist/purge.mjs --instances qa-sites-instances:9464 --all
 *
 * Each `host:port` may resolve to several addresses (a Compose service scaled out, a Kubernetes
 * headless Service): every address is purged. One line per instance; exit 1 when any instance
 * did not answer 200 (run it again: a purge of a purged instance does no harm). No dependencies,
 * so the image carries it as dist/purge.mjs (docs/deploy.md).
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import { parseArgs } from 'node:util';

const TIMEOUT_MS = 10_000;

function usage(message) {
  process.stderr.write(`${message}\nusage: PURGE_TOKEN=... node purge.mjs --instances host:port[,host:port...] (--all | --site HOST [--slug SLUG ...] [--shared categories|global ...])\n`);
  process.exit(2);
}

/** `host:port`, `[v6]:port` -> { host, port }. */
function targetOf(text) {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text.trim());
  if (!match) usage(`not host:port: ${JSON.stringify(text)}`);
  return { host: match[1] ?? match[2], port: Number(match[3]) };
}

function post(address, family, port, token, body) {
  return new Promise((resolve) => {
    const req = http.request(
      { host: address, family, port, method: 'POST', path: '/purge', timeout: TIMEOUT_MS, agent: false, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', (error) => resolve({ status: 0, text: error.message }));
    req.end(body);
  });
}

async function main() {
  const { values } = parseArgs({ options: { instances: { type: 'string' }, all: { type: 'boolean', default: false }, site: { type: 'string' }, slug: { type: 'string', multiple: true }, shared: { type: 'string', multiple: true } } });
  const token = process.env.PURGE_TOKEN;
  if (!token) usage('PURGE_TOKEN is not set');
  if (!values.instances) usage('--instances is required');
  if (values.all === Boolean(values.site)) usage('give either --all or --site');
  if (values.all && (values.slug || values.shared)) usage('--slug and --shared go with --site, not --all');
  const body = JSON.stringify(values.all ? { all: true } : { site: values.site, ...(values.slug ? { slugs: values.slug } : {}), ...(values.shared ? { shared: values.shared } : {}) });

  const targets = values.instances.split(',').filter(Boolean).map(targetOf);
  const instances = [];
  for (const target of targets) {
    try {
      for (const { address, family } of await lookup(target.host, { all: true })) instances.push({ name: target.host, address, family, port: target.port });
    } catch (error) {
      process.stdout.write(`FAIL ${target.host}:${target.port}: does not resolve (${error.code ?? error.message})\n`);
      process.exitCode = 1;
    }
  }
  const answers = await Promise.all(instances.map((instance) => post(instance.address, instance.family, instance.port, token, body)));
  answers.forEach(({ status, text }, i) => {
    const { name, address, port } = instances[i];
    const where = `${name} ${address.includes(':') ? `[${address}]` : address}:${port}`;
    if (status === 200) process.stdout.write(`ok   ${where}: ${text}\n`);
    else {
      process.stdout.write(`FAIL ${where}: ${status || 'no answer'} ${text.slice(0, 200)}\n`);
      process.exitCode = 1;
    }
  });
  if (instances.length === 0) {
    process.stdout.write('FAIL no instance found\n');
    process.exitCode = 1;
  }
}

await main();
