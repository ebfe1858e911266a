#!/usr/bin/env node
/**
 * `node scripts/run-ts.mjs <file.ts> [args]`: runs a TypeScript script of this project, compiled
 * on load by Sucrase as the tests are (jest.config.js), so it drives the source as is. React's
 * production build is used unless NODE_ENV says otherwise, as in the server.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args]');
  process.exit(2);
}
process.env.NODE_ENV ??= 'production';
process.argv = [process.argv[0], path.resolve(file), ...args];
const require = createRequire(import.meta.url);
const { addHook } = require('sucrase/dist/register');
addHook('.ts', { transforms: ['imports', 'typescript'] });
addHook('.tsx', { transforms: ['imports', 'typescript', 'jsx'], jsxRuntime: 'automatic', production: true });
require(path.resolve(file));
