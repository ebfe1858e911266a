#!/usr/bin/env node
/**
 * `npm start`: builds when no build is present (or the sources are newer), then runs the server.
 * The build (esbuild, a devDependency) is imported only when it runs, so a built copy installed
 * with production dependencies alone still starts.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unsupportedNodeMessage } from './lib/node-version.mjs';

// An older Node is refused with one line rather than left to fail somewhere inside the build.
const unsupported = unsupportedNodeMessage();
if (unsupported) {
  process.stderr.write(`${unsupported}\n`);
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist/server/index.js');
const manifest = path.join(root, 'dist/public/manifest.json');

function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(file) : statSync(file).mtimeMs);
  }
  return newest;
}

// With a backend configured, React and Express run their production code unless told
// otherwise. Without one, NODE_ENV stays as given: the embedded demo starts only outside
// production (docs/interface.md, Start and environment), so a fresh clone's `npm start` shows the demo sites.
if (process.env.CONTENT_API_URL || process.env.CAMPAIGN_API_URL) process.env.NODE_ENV ??= 'production';

const built = existsSync(serverEntry) && existsSync(manifest);
const srcDir = path.join(root, 'src');
if (!built || (existsSync(srcDir) && newestSourceTime(srcDir) > statSync(serverEntry).mtimeMs)) {
  const { build } = await import('./build.mjs');
  // stdout is the server's log, JSON lines only: a note about the build goes to stderr.
  process.stderr.write(built ? 'npm start: the sources changed since the last build; building\n' : 'npm start: no build yet; building\n');
  await build({ quiet: true });
}
createRequire(import.meta.url)(serverEntry);
