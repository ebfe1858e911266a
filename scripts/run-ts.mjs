#!/usr/bin/env node
/** `node scripts/run-ts.mjs <file.ts> [args]`: runs a TypeScript script of this project (scripts/lib/typescript.mjs). */
import { runTypeScript } from './lib/typescript.mjs';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args]');
  process.exit(2);
}
runTypeScript(file, args);
