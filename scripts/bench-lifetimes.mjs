#!/usr/bin/env node
/**
 * `node scripts/bench-lifetimes.mjs [minutes] [views-per-second]` (`npm run bench:lifetimes`): runs scripts/bench-lifetimes.ts,
 * compiled on load by Sucrase as the tests are (jest.config.js), so it drives the source as is.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { addHook } = require('sucrase/dist/register');
addHook('.ts', { transforms: ['imports', 'typescript'] });
addHook('.tsx', { transforms: ['imports', 'typescript', 'jsx'], jsxRuntime: 'automatic', production: true });
require('./bench-lifetimes.ts');
