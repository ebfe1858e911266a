#!/usr/bin/env node
/** `node scripts/bench-streaming.mjs [requests]`: runs scripts/bench-streaming.ts (see there). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
execFileSync(process.execPath, [path.join(here, 'run-ts.mjs'), path.join(here, 'bench-streaming.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
