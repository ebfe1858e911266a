/**
 * What the shared tier's client costs this process a store operation, alone: the store of
 * src/server/shared-cache/store.ts against a redis-server or valkey-server it starts on CPU 1,
 * this process on CPU 0, no HTTP, no page. Each operation of a long-tail view with `CACHE_URL`
 * (docs/performance.md, "A deployment") is run in turns of PER_TURN operations (10, about what
 * one event-loop turn of the long tail carries), with values of the sizes such a view writes
 * (an article's answer, 8.7 KB, and its new-articles list, 3.3 KB), every key new. Prints user and
 * system CPU µs an operation (median and spread of ROUNDS rounds of TURNS turns), and their sum
 * for one view: its page's read with its count, a read-or-lock and a write for each of its two
 * data answers. That sum is the least a first view with the tier costs on top of one without.
 *
 *   npm run bench -- store-ops        # knobs: ROUNDS (5), TURNS (2000), PER_TURN (10)
 */
import { execFileSync } from 'node:child_process';
import pino from 'pino';
import { createSharedStore, type SharedStore } from '../../src/server/shared-cache/store';
import { freePorts, hasCommand, stop } from '../lib/processes.mjs';
import { requireStoreBinary, startStore } from '../lib/store-server.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const TURNS = Number(process.env.TURNS ?? 2000);
const PER_TURN = Number(process.env.PER_TURN ?? 10);
const ARTICLE_BYTES = 8700;
const LIST_BYTES = 3300;

type Operation = (store: SharedStore, name: string) => Promise<unknown>;

const stored = (bytes: number) => `{"f":2,"at":1,"u":"${'x'.repeat(bytes - 20)}"}`;
const article = stored(ARTICLE_BYTES);
const list = stored(LIST_BYTES);

/** Each operation a long-tail view makes, and how often a view makes it. */
const OPERATIONS: readonly { readonly name: string; readonly perView: number; readonly run: Operation }[] = [
  { name: "the page's read with its count", perView: 1, run: (store, name) => store.readAndCount(`page:${name}`, `views:${name}`, 60_000) },
  { name: 'a data answer read-or-lock', perView: 2, run: (store, name) => store.readOrClaim(`data:${name}`, 5000) },
  { name: "the article's write (8.7 KB)", perView: 1, run: (store, name) => store.set(`data:${name}`, article, 60_000, [`article:${name}`], 60_000) },
  { name: "the list's write (3.3 KB)", perView: 1, run: (store, name) => store.set(`list:${name}`, list, 60_000, ['site:bench'], 60_000) },
];

let serial = 0;

/** CPU µs an operation (user, system) over TURNS turns of PER_TURN. */
async function measure(store: SharedStore, run: Operation): Promise<{ user: number; system: number }> {
  const before = process.cpuUsage();
  for (let turn = 0; turn < TURNS; turn++) {
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < PER_TURN; i++) pending.push(run(store, `k${serial++}`));
    await Promise.all(pending);
  }
  const used = process.cpuUsage(before);
  const operations = TURNS * PER_TURN;
  return { user: used.user / operations, system: used.system / operations };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const spread = (values: number[]) => `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}`;

async function waitUp(store: SharedStore): Promise<void> {
  for (let attempt = 0; attempt < 200 && store.state() !== 'up'; attempt++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (store.state() !== 'up') throw new Error(`the store did not come up (${store.state()})`);
}

async function main(): Promise<void> {
  const binary = requireStoreBinary();
  if (hasCommand('taskset')) execFileSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
  const [port = 0] = await freePorts(1);
  const server = startStore(binary, port, { cpu: 1 });
  const store = createSharedStore({
    settings: { url: `redis://127.0.0.1:${port}`, keyPrefix: 'store-ops', commandTimeoutMs: 200, connectTimeoutMs: 200 },
    log: pino({ level: 'silent' }),
    observer: { observeSharedCommand: () => undefined, sharedCacheState: () => undefined },
  });
  try {
    await waitUp(store);
    console.log(`${binary}; ${ROUNDS} rounds of ${TURNS} turns of ${PER_TURN} operations each, this process on CPU 0, the store on CPU 1; CPU µs an operation, median (spread)`);
    // Compiled and warm before the measured rounds.
    for (const operation of OPERATIONS) await measure(store, operation.run);
    const figures = OPERATIONS.map(() => ({ user: [] as number[], system: [] as number[] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, operation] of OPERATIONS.entries()) {
        const { user, system } = await measure(store, operation.run);
        figures[index]?.user.push(user);
        figures[index]?.system.push(system);
      }
    }
    let view = 0;
    for (const [index, operation] of OPERATIONS.entries()) {
      const { user, system } = figures[index] ?? { user: [], system: [] };
      const total = user.map((value, round) => value + (system[round] ?? 0));
      view += operation.perView * median(total);
      console.log(`${operation.name.padEnd(32)} user ${median(user).toFixed(1)} (${spread(user)})  system ${median(system).toFixed(1)} (${spread(system)})  x${operation.perView} a view`);
    }
    console.log(`a long-tail view's store work: ${view.toFixed(0)} µs of this process's CPU`);
  } finally {
    await store.close();
    await stop(server);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
