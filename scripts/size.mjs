#!/usr/bin/env node
/**
 * `npm run size`: builds the client into a temporary folder and prints the gzip size of all
 * first-party JavaScript a page loads: the inline loader (exactly as src/server/render/assets.ts
 * writes it into every page) and every script file of the build. Budget: 10 KB gzip in all;
 * exits 1 over budget.
 */
import { build as esbuild } from 'esbuild';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildClient } from './build.mjs';

const BUDGET_BYTES = 10 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The loader text comes from the server's own code, so the figure follows any change to it. */
async function loaderScriptFor(manifest) {
  const bundled = await esbuild({
    entryPoints: [path.join(root, 'src/server/render/assets.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const source = bundled.outputFiles[0].text;
  const { assetsFrom } = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
  return assetsFrom(manifest, null, '').loaderScript;
}

const publicDir = await mkdtemp(path.join(tmpdir(), 'qa-sites-size-'));
try {
  const manifest = await buildClient(publicDir);
  const assetsDir = path.join(publicDir, 'assets');
  const files = [{ name: 'inline loader <script type="module">', bytes: Buffer.from(await loaderScriptFor(manifest)) }];
  for (const name of (await readdir(assetsDir)).filter((file) => file.endsWith('.js')).sort()) {
    files.push({ name: `/assets/${name}`, bytes: await readFile(path.join(assetsDir, name)) });
  }
  let rawTotal = 0;
  let gzipTotal = 0;
  let brotliTotal = 0;
  const pad = (value, width) => String(value).padStart(width);
  console.log(`${'file'.padEnd(44)} ${pad('raw', 7)} ${pad('gzip', 7)} ${pad('brotli', 7)}`);
  for (const file of files) {
    const gzip = gzipSync(file.bytes, { level: 9 }).length;
    const brotli = brotliCompressSync(file.bytes).length;
    rawTotal += file.bytes.length;
    gzipTotal += gzip;
    brotliTotal += brotli;
    console.log(`${file.name.padEnd(44)} ${pad(file.bytes.length, 7)} ${pad(gzip, 7)} ${pad(brotli, 7)}`);
  }
  console.log(`${'total first-party JS'.padEnd(44)} ${pad(rawTotal, 7)} ${pad(gzipTotal, 7)} ${pad(brotliTotal, 7)}`);
  const verdict = gzipTotal <= BUDGET_BYTES ? 'within' : 'OVER';
  console.log(`gzip ${(gzipTotal / 1024).toFixed(2)} KB of the ${BUDGET_BYTES / 1024} KB budget: ${verdict} budget`);
  if (gzipTotal > BUDGET_BYTES) process.exitCode = 1;
} finally {
  await rm(publicDir, { recursive: true, force: true });
}
