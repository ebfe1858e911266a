#!/usr/bin/env node
/**
 * Runs a TypeScript script: esbuild bundles it (packages stay external) into
 * node_modules/.cache/run-ts, then Node runs the bundle with the remaining arguments.
 *
 *   node scripts/run-ts.mjs scripts/observatory.ts [args]
 */
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <script.ts> [args]');
  process.exit(2);
}
const outfile = path.join(root, 'node_modules/.cache/run-ts', `${path.basename(entry, '.ts')}.cjs`);
await build({ entryPoints: [path.resolve(entry)], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', packages: 'external', jsx: 'automatic', sourcemap: 'inline', logLevel: 'warning' });
process.argv = [process.argv[0] ?? 'node', outfile, ...args];
createRequire(import.meta.url)(outfile);
