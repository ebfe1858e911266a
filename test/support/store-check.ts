/**
 * Jest global setup of the node tests: without a Redis-protocol server on PATH, says in one line
 * which tests skip and why (support/store-server.ts skips them).
 */
import { STORE_SERVER_NAMES, storeServerBinary } from './store-binary';

export default function checkStoreServer(): void {
  if (storeServerBinary()) return;
  process.stderr.write(`\nskipped: the shared cache tier's tests against a real server (test/integration/shared-cache/): no ${STORE_SERVER_NAMES.join(' or ')} on PATH (apt-get install redis-server)\n`);
}
