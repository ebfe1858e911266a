/** Types of store-server.mjs, for the TypeScript benchmarks. */
import type { ChildProcess } from 'node:child_process';

export const STORE_MAXMEMORY: string;
export const STORE_POLICY: string;
export function requireStoreBinary(): string;
export function startStore(binary: string, port: number, options?: { readonly cpu?: number }): ChildProcess;
