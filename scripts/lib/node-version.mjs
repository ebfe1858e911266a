#!/usr/bin/env node
/**
 * The Node release the project runs on, from one place: package.json's `engines.node`, written
 * as `>=X.Y.Z`. X.Y.Z is the exact release CI fetches (.ci/run) and the Dockerfile's base pins
 * (a test checks both); newer releases are accepted. Plain JavaScript without dependencies, so
 * that an older Node can run it before `npm ci`:
 *
 *   node scripts/lib/node-version.mjs --floor   prints X.Y.Z
 *   node scripts/lib/node-version.mjs --check   exit 0 when this Node satisfies the engine,
 *                                               else one line on stderr and exit 1
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ENGINE_FORM = /^>=(\d+)\.(\d+)\.(\d+)$/;

/** X.Y.Z of an engine range `>=X.Y.Z`; any other form is refused, so the floor stays exact. */
export function engineFloorOf(range) {
  const match = ENGINE_FORM.exec(String(range ?? '').trim());
  if (!match) throw new Error(`package.json engines.node must read ">=X.Y.Z" (got ${JSON.stringify(range)})`);
  return `${match[1]}.${match[2]}.${match[3]}`;
}

/** True when `version` (`v24.21.0` or `24.21.0`) is `floor` or newer. */
export function isAtLeast(version, floor) {
  const parts = (text) => text.replace(/^v/, '').split(/[.-]/).slice(0, 3).map(Number);
  const have = parts(version);
  const want = parts(floor);
  for (let index = 0; index < 3; index += 1) {
    if (have[index] !== want[index]) return have[index] > want[index];
  }
  return true;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The engine floor of this checkout's package.json. */
export function requiredNode() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return engineFloorOf(manifest.engines?.node);
}

/** The one line an older Node gets, or undefined when this one will do. */
export function unsupportedNodeMessage(version = process.version) {
  const floor = requiredNode();
  if (isAtLeast(version, floor)) return undefined;
  return `This project needs Node ${floor} or newer (Node 24 LTS); this is Node ${version.replace(/^v/, '')}. Install Node 24 (https://nodejs.org, or nvm install ${floor}), or run it through npm (npm start, npm run <script>) or scripts/on-declared-node.sh, which fetch it.`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2];
  if (mode === '--floor') {
    process.stdout.write(`${requiredNode()}\n`);
  } else if (mode === '--check') {
    const message = unsupportedNodeMessage();
    if (message) {
      process.stderr.write(`${message}\n`);
      process.exit(1);
    }
  } else {
    process.stderr.write('usage: node scripts/lib/node-version.mjs --floor | --check\n');
    process.exit(2);
  }
}
