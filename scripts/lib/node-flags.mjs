#!/usr/bin/env node
/**
 * Prints the server's node flags, space-separated, from the Dockerfile's CMD: their one source.
 * package.json's `start` runs `node $(node scripts/lib/node-flags.mjs) scripts/start.mjs`, and the
 * benchmarks start the server with the same CMD (scripts/lib/processes.mjs).
 */
import { SERVER_ARGS } from './processes.mjs';

process.stdout.write(`${SERVER_ARGS.slice(0, -1).join(' ')}\n`);
