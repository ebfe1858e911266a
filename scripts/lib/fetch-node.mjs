#!/usr/bin/env node
/**
 * Fetches one Node release from the npm registry into a folder, checked before it is trusted
 * (scripts/lib/node-runtime.sh calls it when its cache holds no working release):
 *
 *   node scripts/lib/fetch-node.mjs X.Y.Z ARCH DIR
 *
 * npm itself is asked for the package's tarball address and integrity (`npm view`), so the
 * registry, its mirror and the reason of a failure are npm's own. The tarball is downloaded with
 * its size and, on a terminal, its progress; its sha512 must equal the registry's integrity, and
 * the unpacked `bin/node --version` must print vX.Y.Z. Only then does DIR change (a rename, so a
 * run cut short never leaves half a release). Every failure is one line on stderr and exit 1.
 * Plain JavaScript without dependencies: it runs on the machine's own (older) Node.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const say = (line) => process.stderr.write(`node-runtime: ${line}\n`);
/** An expected failure: one line, no stack. */
class Refused extends Error {}
const fail = (line) => {
  throw new Refused(line);
};
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** The registry's record of the package's tarball (npm's settings, npm's reason when it fails). */
function registryRecordOf(npmViewJson) {
  const parsed = JSON.parse(npmViewJson || '{}');
  if (parsed.error) return { error: parsed.error.summary || parsed.error.code || 'npm view failed' };
  if (typeof parsed.tarball !== 'string' || !/^sha512-/.test(parsed.integrity ?? '')) return { error: 'the registry names no tarball with a sha512 integrity' };
  return { tarball: parsed.tarball, integrity: parsed.integrity };
}

function viewRecord(spec) {
  // One retry after 2-5 s rather than npm's default of two after 10-60 s: offline says so within seconds.
  const view = spawnSync('npm', ['view', spec, 'dist', '--json', '--fetch-retries=1', '--fetch-retry-mintimeout=2000', '--fetch-retry-maxtimeout=5000'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (view.error) return { error: `npm could not run (${view.error.message})` };
  try {
    return registryRecordOf(view.stdout);
  } catch {
    return { error: view.stderr.split('\n').find((line) => /error/i.test(line)) ?? `npm view exited ${view.status}` };
  }
}

/** Streams the tarball to `file`, hashing it; the progress line is redrawn on a terminal only. */
async function download(url, file) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    fail(`could not download ${url}: ${error.cause?.message ?? error.message}`);
  }
  if (!response.ok || !response.body) fail(`could not download ${url}: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length')) || 0;
  say(`downloading ${url}${total ? ` (${megabytes(total)})` : ''}`);
  const tty = process.stderr.isTTY;
  const hash = createHash('sha512');
  const out = createWriteStream(file);
  let received = 0;
  let drawnAt = 0;
  for await (const chunk of response.body) {
    hash.update(chunk);
    received += chunk.length;
    if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
    if (tty && Date.now() - drawnAt > 200) {
      drawnAt = Date.now();
      process.stderr.write(`\r  ${megabytes(received)}${total ? ` of ${megabytes(total)} (${Math.floor((received / total) * 100)}%)` : ''}   `);
    }
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  if (tty) process.stderr.write(`\r  ${megabytes(received)} received${' '.repeat(24)}\n`);
  return `sha512-${hash.digest('base64')}`;
}

/** Node's fetch takes no proxy; behind one, npm (which honours its proxy settings) downloads, without progress. */
const proxied = ['HTTPS_PROXY', 'https_proxy', 'npm_config_https_proxy', 'npm_config_proxy'].some((name) => process.env[name]);

function downloadWithNpm(spec, work) {
  say(`downloading ${spec} through npm (a proxy is set)`);
  const pack = spawnSync('npm', ['pack', spec, '--pack-destination', work, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (pack.status !== 0) fail(`could not download ${spec}: ${pack.stderr.split('\n').find((line) => /error/i.test(line)) ?? `npm pack exited ${pack.status}`}`);
  const file = path.join(work, JSON.parse(pack.stdout)[0].filename);
  return { file, integrity: `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}` };
}

async function main() {
  const [version, arch, dir] = process.argv.slice(2);
  if (!/^\d+\.\d+\.\d+$/.test(version ?? '') || !arch || !dir) fail('usage: node scripts/lib/fetch-node.mjs X.Y.Z ARCH DIR');
  const name = `node-linux-${arch}`;
  const spec = `${name}@${version}`;
  const record = viewRecord(spec);
  if (record.error) fail(`could not fetch ${spec} from the npm registry: ${record.error}`);

  const cache = path.dirname(dir);
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(path.join(cache, '.fetch.'));
  try {
    let tarball = path.join(work, `${name}-${version}.tgz`);
    let integrity;
    if (proxied) ({ file: tarball, integrity } = downloadWithNpm(spec, work));
    else integrity = await download(record.tarball, tarball);
    if (integrity !== record.integrity) fail(`${spec} from ${record.tarball} does not match the registry's integrity (${record.integrity}); not used`);
    try {
      execFileSync('tar', ['-xzf', tarball, '-C', work], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (error) {
      fail(`could not unpack ${spec}: ${String(error.stderr ?? error.message).trim()}`);
    }
    const binary = path.join(work, 'package/bin/node');
    const ran = spawnSync(binary, ['--version'], { encoding: 'utf8' });
    const printed = (ran.stdout ?? '').trim();
    if (printed !== `v${version}`) fail(`the unpacked ${spec} does not run here (bin/node --version: ${ran.error?.message ?? (ran.signal || printed || `exit ${ran.status}`)}); not used`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(path.join(work, 'package'), dir);
    say(`${spec} checked (registry integrity, bin/node --version) and kept in ${dir}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof Refused)) throw error;
  say(error.message);
  process.exitCode = 1;
}
