/** wrk as the shared harness runs it: one thread on CPU 1 (when taskset exists), with latency percentiles. */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { hasCommand } from './processes.mjs';

/** Exits with a clear line when wrk is not installed. */
export function requireWrk() {
  if (hasCommand('wrk')) return;
  console.error('wrk is missing: apt-get install -y wrk');
  process.exit(1);
}

/** wrk's latency figure ("950.00us", "12.3ms", "1.02s") in ms. Pure. */
function msOf(value, unit) {
  return unit === 'us' ? value / 1000 : unit === 's' ? value * 1000 : value;
}

/** Requests/s, p50, p99 and max latency (ms), requests answered, and the failed answers, from wrk's output. Pure. */
export function wrkFiguresOf(output) {
  const percentile = (label) => {
    const match = new RegExp(`^\\s+${label}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(output);
    return match ? msOf(Number(match[1]), match[2]) : NaN;
  };
  const max = /^\s+Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s)/m.exec(output);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? '0';
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]),
    p50: percentile(50),
    p99: percentile(99),
    max: max ? msOf(Number(max[1]), max[2]) : NaN,
    requests: Number(/^\s+(\d+) requests in /m.exec(output)?.[1] ?? NaN),
    errors: Number(errors) + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

/** The command line of wrk -t1 against `url` (pinned to CPU 1 when taskset exists). */
function wrkCommand(url, { duration, connections, extraArgs = [], scriptArgs = [] }) {
  const args = ['-t1', `-c${connections}`, `-d${duration}`, '--latency', ...extraArgs, url, ...(scriptArgs.length > 0 ? ['--', ...scriptArgs] : [])];
  return hasCommand('taskset') ? ['taskset', ['-c', '1', 'wrk', ...args]] : ['wrk', args];
}

/**
 * Runs wrk -t1 against `url` for `duration` ('10s') with `connections`; returns its figures.
 * `scriptArgs` go after the URL, to a Lua script's `init(args)`.
 */
export function runWrk(url, options) {
  return wrkFiguresOf(execFileSync(...wrkCommand(url, options)).toString());
}

/** runWrk without blocking this process: a scenario changes things while the load runs. */
export async function runWrkInBackground(url, options) {
  const { stdout } = await promisify(execFile)(...wrkCommand(url, options));
  return wrkFiguresOf(stdout);
}
