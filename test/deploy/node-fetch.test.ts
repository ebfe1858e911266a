/**
 * The Node release fetched for an older machine is checked before it is trusted
 * (scripts/lib/node-runtime.sh, scripts/lib/fetch-node.mjs): against a fake npm registry on
 * loopback, with a cache folder of its own (QA_NODE_CACHE) and npm's cache in a temporary folder.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const VERSION = '24.21.0';
const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
const NAME = `node-linux-${arch}`;

let work: string;
let server: Server;
let registry: string;
/** What the fake registry serves: the tarball, and the integrity its record names. */
let served: { tarball: Buffer; integrity: string };

/** A node-linux package whose bin/node is a script printing `printed` for --version. */
function packageTarball(printed: string): Buffer {
  const dir = mkdtempSync(path.join(work, 'pkg-'));
  mkdirSync(path.join(dir, 'package/bin'), { recursive: true });
  writeFileSync(path.join(dir, 'package/package.json'), JSON.stringify({ name: NAME, version: VERSION }));
  writeFileSync(path.join(dir, 'package/bin/node'), `#!/bin/sh\necho ${printed}\n`);
  chmodSync(path.join(dir, 'package/bin/node'), 0o755);
  return execFileSync('tar', ['-czf', '-', '-C', dir, 'package']);
}

const integrityOf = (bytes: Buffer) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'qa-node-fetch-'));
  server = createServer((req, res) => {
    const tarballPath = `/${NAME}/-/${NAME}-${VERSION}.tgz`;
    if (req.url === tarballPath) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': served.tarball.length }).end(served.tarball);
    } else if (req.url === `/${NAME}`) {
      const dist = { tarball: `${registry}${tarballPath}`, integrity: served.integrity };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: NAME, 'dist-tags': { latest: VERSION }, versions: { [VERSION]: { name: NAME, version: VERSION, dist } } }));
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

/** Runs node_runtime_bin with its own cache folder; stdout is the folder it names. */
function nodeRuntimeBin(cache: string, registryUrl = registry): Promise<{ code: number; stdout: string; lines: string[] }> {
  const env = { PATH: process.env.PATH ?? '', HOME: work, QA_NODE_CACHE: cache, npm_config_registry: registryUrl, npm_config_cache: path.join(work, 'npm-cache'), npm_config_update_notifier: 'false' };
  return new Promise((resolve) => {
    execFile('bash', ['-c', `source scripts/lib/node-runtime.sh && node_runtime_bin ${VERSION}`], { cwd: root, env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout: stdout.trim(), lines: stderr.trim().split('\n').filter(Boolean) });
    });
  });
}

/** A cache folder holding release VERSION whose bin/node is `binary`. */
function cacheHolding(binary: (file: string) => void): { cache: string; node: string } {
  const cache = mkdtempSync(path.join(work, 'cache-'));
  const node = path.join(cache, `${NAME}-${VERSION}`, 'bin/node');
  mkdirSync(path.dirname(node), { recursive: true });
  binary(node);
  chmodSync(node, 0o755);
  return { cache, node };
}

test('a truncated cached Node is named in one line, fetched again, checked and kept', async () => {
  const tarball = packageTarball(`v${VERSION}`);
  served = { tarball, integrity: integrityOf(tarball) };
  const { cache, node } = cacheHolding((file) => {
    copyFileSync(process.execPath, file);
    truncateSync(file, 4_000_000);
  });
  const run = await nodeRuntimeBin(cache);
  expect(run.code).toBe(0);
  expect(run.stdout).toBe(path.dirname(node));
  expect(run.lines.filter((line) => line.includes('broken'))).toEqual([expect.stringMatching(/the cached Node in .* is broken \(.*\); fetching it again$/)]);
  expect(run.lines).toContainEqual(expect.stringContaining(`(${(tarball.length / 1e6).toFixed(1)} MB)`));
  expect(readFileSync(node, 'utf8')).toContain(`echo v${VERSION}`);
  // Now it is trusted as it is: no line, nothing fetched.
  expect(await nodeRuntimeBin(cache, 'http://127.0.0.1:9')).toEqual({ code: 0, stdout: path.dirname(node), lines: [] });
});

test('an empty cached Node is named as such', async () => {
  const tarball = packageTarball(`v${VERSION}`);
  served = { tarball, integrity: integrityOf(tarball) };
  const { cache } = cacheHolding((file) => writeFileSync(file, ''));
  const run = await nodeRuntimeBin(cache);
  expect(run.code).toBe(0);
  expect(run.lines[0]).toMatch(/is broken \(bin\/node is empty\); fetching it again$/);
});

test('a tarball that does not match the registry integrity is not used, and the cache is left as it was', async () => {
  const tarball = packageTarball(`v${VERSION}`);
  served = { tarball, integrity: integrityOf(Buffer.from('something else')) };
  const { cache, node } = cacheHolding((file) => writeFileSync(file, ''));
  const run = await nodeRuntimeBin(cache);
  expect(run.code).not.toBe(0);
  expect(run.lines.at(-1)).toMatch(/does not match the registry's integrity .*; not used$/);
  expect(readFileSync(node, 'utf8')).toBe('');
});

test('an unpacked binary that does not print the release is not used', async () => {
  const tarball = packageTarball('v20.0.0');
  served = { tarball, integrity: integrityOf(tarball) };
  const run = await nodeRuntimeBin(mkdtempSync(path.join(work, 'cache-')));
  expect(run.code).not.toBe(0);
  expect(run.lines.at(-1)).toMatch(/does not run here \(bin\/node --version: v20\.0\.0\); not used$/);
});

test('an unreachable registry is said, with npm\'s reason, in seconds', async () => {
  const started = Date.now();
  const run = await nodeRuntimeBin(mkdtempSync(path.join(work, 'cache-')), 'http://127.0.0.1:9');
  expect(run.code).not.toBe(0);
  expect(run.lines).toEqual([expect.stringMatching(/^node-runtime: could not fetch node-linux-\w+@24\.21\.0 from the npm registry: .*ECONNREFUSED/)]);
  expect(Date.now() - started).toBeLessThan(15_000);
});
