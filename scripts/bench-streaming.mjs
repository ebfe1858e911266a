#!/usr/bin/env node
/**
 * `node scripts/bench-streaming.mjs [requests]`: runs scripts/bench-streaming.ts, compiled on
 * load by Sucrase as the tests are (jest.config.js), so the benchmark drives the source as is.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { addHook } = require('sucrase/dist/register');
addHook('.ts', { transforms: ['imports', 'typescript'] });
addHook('.tsx', { transforms: ['imports', 'typescript', 'jsx'], jsxRuntime: 'automatic', production: true });
require('./bench-streaming.ts');
