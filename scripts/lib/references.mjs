/**
 * The frameworks the benchmarks compare this app with, from the side-by-side harness
 * (../shared/bench, or BENCH_HARNESS_DIR): express-react, Astro and Next.js. The harness is
 * read-only to us, so each reference is copied once into a writable folder (BENCH_REFERENCES_DIR,
 * default ~/.cache/qa-sites/bench-references/<name>), installed with `npm ci` and built as the
 * harness's run.sh builds it. The copy is made again when the harness's lockfile or sources
 * change. A reference that cannot be prepared is named in one line and left out.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './processes.mjs';

export const harnessDir = path.resolve(process.env.BENCH_HARNESS_DIR ?? path.join(root, '../shared/bench'));
const referencesDir = path.resolve(process.env.BENCH_REFERENCES_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'qa-sites/bench-references'));

/**
 * Each reference: how it is built in its copy (after `npm ci`), the file that proves the build,
 * and how it is started on `port` against the content API `api` (the harness's run.sh commands).
 */
export const REFERENCES = {
  'express-react': {
    build: [],
    built: 'server.mjs',
    command: ({ port, api }) => ({ args: ['server.mjs'], env: { NODE_ENV: 'production', PORT: String(port), CONTENT_API_URL: api } }),
  },
  astro: {
    build: [['node_modules/astro/bin/astro.mjs', 'build']],
    built: 'dist/server/entry.mjs',
    command: ({ port, api }) => ({ args: ['dist/server/entry.mjs'], env: { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), CONTENT_API_URL: api, ASTRO_TELEMETRY_DISABLED: '1' } }),
  },
  'nextjs': {
    build: [['node_modules/next/dist/bin/next', 'build']],
    built: '.next/BUILD_ID',
    command: ({ port, api }) => ({ args: ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], env: { NODE_ENV: 'production', CONTENT_API_URL: api, SITE_HOST: `127.0.0.1:${port}`, NEXT_TELEMETRY_DISABLED: '1' } }),
  },
};

/** A digest of a folder's sources (node_modules and build output aside): the copy is stale when it changes. */
function sourceDigest(dir) {
  const hash = createHash('sha256');
  const visit = (folder) => {
    for (const name of readdirSync(folder).sort()) {
      if (['node_modules', 'dist', '.next', '.astro'].includes(name)) continue;
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) visit(file);
      else hash.update(`${path.relative(dir, file)}\0`).update(readFileSync(file));
    }
  };
  visit(dir);
  return hash.digest('hex');
}

/**
 * The folder of a built copy of reference `name`, prepared when missing or stale, or null with
 * one line on stderr saying why it is left out.
 */
export function preparedReference(name) {
  const reference = REFERENCES[name];
  const source = path.join(harnessDir, name);
  if (!existsSync(path.join(source, 'package.json'))) {
    console.error(`${name}: skipped, not in the harness (${source})`);
    return null;
  }
  const copy = path.join(referencesDir, name);
  const stamp = path.join(copy, '.prepared');
  const digest = sourceDigest(source);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest && existsSync(path.join(copy, reference.built))) return copy;
  console.error(`${name}: preparing a copy in ${copy} (npm ci${reference.build.length ? ', build' : ''})`);
  try {
    rmSync(copy, { recursive: true, force: true });
    cpSync(source, copy, { recursive: true, filter: (file) => !/[/\\](?:node_modules|dist|\.next)$/.test(file) });
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: copy, stdio: ['ignore', 'ignore', 'pipe'] });
    for (const args of reference.build) execFileSync(process.execPath, args, { cwd: copy, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'pipe'] });
    writeFileSync(stamp, digest);
    return copy;
  } catch (error) {
    const detail = String(error.stderr ?? error.message).trim().split('\n').at(-1);
    console.error(`${name}: skipped, could not be prepared (${detail})`);
    return null;
  }
}
