/**
 * A real Redis-protocol server for the shared cache tier's tests: `valkey-server` or
 * `redis-server` from PATH, started per suite on a free loopback port, nothing saved to disk.
 * Without either, `describeWithStore` skips its suite (test/store-check.mjs says so in one line).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import Redis from 'ioredis';
import { storeServerBinary } from './store-binary';

export const STORE_BINARY: string | null = storeServerBinary();

/** `describe` when a server can be started, else `describe.skip`. */
export const describeWithStore: jest.Describe = STORE_BINARY ? describe : describe.skip;

export interface StoreServerOptions {
  readonly password?: string;
  /** e.g. '2mb' with policy 'noeviction': the store fills up. */
  readonly maxmemory?: string;
  readonly maxmemoryPolicy?: string;
}

export interface StoreServer {
  readonly port: number;
  /** CACHE_URL of the server (with its password when it has one). */
  url(password?: string): string;
  /** A plain client for the test's own look at the server. */
  readonly admin: Redis;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port (after kill; nothing while it runs). */
  restart(): Promise<void>;
  /** SIGSTOP: the sockets stay open, nothing answers. */
  hang(): void;
  /** SIGCONT. */
  resume(): void;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

async function launch(binary: string, port: number, options: StoreServerOptions): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'notice', '--enable-debug-command', 'local'];
  if (options.password) args.push('--requirepass', options.password);
  if (options.maxmemory) args.push('--maxmemory', options.maxmemory, '--maxmemory-policy', options.maxmemoryPolicy ?? 'noeviction');
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      if (/ready to accept connections/i.test(output)) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${binary} exited (${code}): ${output.slice(-500)}`)));
  });
  // Keep reading, so a full pipe never blocks the server.
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

export async function startStoreServer(options: StoreServerOptions = {}): Promise<StoreServer> {
  if (!STORE_BINARY) throw new Error('no valkey-server or redis-server on PATH');
  const binary = STORE_BINARY;
  const port = await freePort();
  let child = await launch(binary, port, options);
  const url = (password = options.password) => `redis://${password ? `:${encodeURIComponent(password)}@` : ''}127.0.0.1:${port}`;
  const admin = new Redis(url(), { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  await admin.connect();
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };
  return {
    port,
    url,
    admin,
    kill: () => stop('SIGKILL'),
    async restart() {
      if (child.exitCode === null && child.signalCode === null) return;
      child = await launch(binary, port, options);
    },
    hang: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async close() {
      admin.disconnect();
      child.kill('SIGCONT');
      await stop('SIGKILL');
    },
  };
}
