/**
 * Which build runs: the package version and git commit, written into dist/build-info.json by
 * scripts/build.mjs (no git at run time). Unbuilt (tests, `run-ts`), the version comes from
 * package.json and the commit is unknown.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface BuildInfo {
  readonly version: string;
  readonly commit: string;
}

/** Both layouts (src/server and dist/server) are two levels below the project root. */
const ROOT = path.resolve(__dirname, '../..');

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const stringOr = (value: unknown, fallback: string): string => (typeof value === 'string' && value !== '' ? value : fallback);

export function readBuildInfo(root: string = ROOT): BuildInfo {
  const built = readJson(path.join(root, 'dist/build-info.json'));
  if (built) return { version: stringOr(built.version, 'unknown'), commit: stringOr(built.commit, 'unknown') };
  return { version: stringOr(readJson(path.join(root, 'package.json'))?.version, 'unknown'), commit: 'unknown' };
}
