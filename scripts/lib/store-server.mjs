/** A Redis-protocol store for the benchmarks of the shared cache tier: valkey-server or redis-server from PATH, nothing saved to disk. */
import { hasCommand, start } from './processes.mjs';

/** What the store may hold while a benchmark runs, as docs/deploy.md bounds it: past it the least recently used keys go. */
export const STORE_MAXMEMORY = '256mb';
export const STORE_POLICY = 'allkeys-lru';

/** The store's binary on PATH; exits with a clear line when there is none. */
export function requireStoreBinary() {
  const binary = ['valkey-server', 'redis-server'].find(hasCommand);
  if (binary) return binary;
  console.error('no valkey-server or redis-server on PATH (apt-get install redis-server)');
  process.exit(1);
}

/** Starts `binary` on loopback `port`, pinned to `cpu` (start() of processes.mjs). */
export function startStore(binary, port, { cpu } = {}) {
  return start(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory', STORE_MAXMEMORY, '--maxmemory-policy', STORE_POLICY], { cpu });
}
