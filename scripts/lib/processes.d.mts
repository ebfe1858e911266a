/** Types of what the TypeScript benchmarks use of processes.mjs. */
import type { ChildProcess } from 'node:child_process';

export function hasCommand(name: string): boolean;
export function freePorts(n: number): Promise<number[]>;
export function stop(child: ChildProcess): Promise<void>;
