#!/usr/bin/env node
/**
 * Builds the client bundle and stylesheet (content-hashed, with a manifest the server reads)
 * and the server bundle. Usable as a module: `import { build, buildClient } from './build.mjs'`.
 * `node scripts/build.mjs --client-only DIR` writes only the client part into DIR (tests, size).
 */
import { build as esbuild } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

/** Writes publicDir/assets/* and publicDir/manifest.json; returns the manifest. */
export async function buildClient(publicDir) {
  await rm(publicDir, { recursive: true, force: true });
  await mkdir(path.join(publicDir, 'assets'), { recursive: true });
  const client = await esbuild({
    entryPoints: { client: path.join(root, 'src/client/index.ts'), site: path.join(root, 'src/client/styles.css') },
    outdir: path.join(publicDir, 'assets'),
    entryNames: '[name]-[hash]',
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    metafile: true,
    legalComments: 'none',
  });
  const outputs = Object.entries(client.metafile.outputs);
  const find = (suffix) => {
    const found = outputs.find(([file]) => file.endsWith(suffix));
    if (!found) throw new Error(`build: no ${suffix} output`);
    return `/assets/${path.basename(found[0])}`;
  };
  const manifest = { client: find('.js'), stylesheet: find('.css') };
  await writeFile(path.join(publicDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * The version and commit the server reports (`--version`, server.listening, app_build_info):
 * GIT_COMMIT when the build runs where there is no repository (a container build), else git.
 */
async function writeBuildInfo() {
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  let commit = process.env.GIT_COMMIT || 'unknown';
  if (!process.env.GIT_COMMIT) {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      // No git or no repository: the commit stays unknown.
    }
  }
  await writeFile(path.join(dist, 'build-info.json'), `${JSON.stringify({ version, commit })}\n`);
}

export async function build({ quiet = false } = {}) {
  await rm(dist, { recursive: true, force: true });
  const manifest = await buildClient(path.join(dist, 'public'));
  // The server, and the demo backend as a process of its own (Compose, container smoke test).
  await esbuild({
    entryPoints: { 'server/index': path.join(root, 'src/server/index.ts'), 'demo/main': path.join(root, 'src/demo/main.ts') },
    outdir: dist,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  await writeBuildInfo();
  // The purge tool has no dependencies: the image carries it as it is (docs/deploy.md).
  await copyFile(path.join(root, 'scripts/purge.mjs'), path.join(dist, 'purge.mjs'));
  if (!quiet) console.log(`built ${manifest.client} ${manifest.stylesheet}, dist/server/index.js, dist/demo/main.js and dist/purge.mjs`);
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { 'client-only': { type: 'string' } } });
  const clientDir = values['client-only'];
  (clientDir ? buildClient(path.resolve(clientDir)) : build()).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
