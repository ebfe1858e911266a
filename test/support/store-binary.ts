/** Finds `valkey-server` or `redis-server` on PATH, for the shared cache tier's tests; null when neither is there. */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export const STORE_SERVER_NAMES = ['valkey-server', 'redis-server'] as const;

export function storeServerBinary(searchPath: string = process.env.PATH ?? ''): string | null {
  for (const name of STORE_SERVER_NAMES) {
    for (const folder of searchPath.split(path.delimiter).filter(Boolean)) {
      const candidate = path.join(folder, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // Not in this folder.
      }
    }
  }
  return null;
}
