/** What the benchmark scripts read from wrk's output (scripts/lib/wrk.mjs, plain ESM run in a Node of its own). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const wrkModule = path.resolve(__dirname, '../../../scripts/lib/wrk.mjs');

function figuresOf(output: string): Record<string, number> {
  const source = `import { wrkFiguresOf } from ${JSON.stringify(wrkModule)}; process.stdout.write(JSON.stringify(wrkFiguresOf(${JSON.stringify(output)})));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' })) as Record<string, number>;
}

const RUN = `Running 10s test @ http://127.0.0.1:4010/page
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     8.64ms    2.33ms   1.02s    88.17%
    Req/Sec     3.75k   564.40     4.62k    58.00%
  Latency Distribution
     50%  950.00us
     75%    9.60ms
     90%   11.14ms
     99%   16.11ms
  37270 requests in 10.00s, 709.55MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:   3725.83
Transfer/sec:     70.93MB
`;

test('requests/s, the percentiles, the requests answered and the max latency, in ms whatever unit wrk printed', () => {
  expect(figuresOf(RUN)).toEqual({ rps: 3725.83, p50: 0.95, p99: 16.11, max: 1020, requests: 37270, errors: 7 });
});

test('a run without errors counts none', () => {
  const clean = RUN.replace(/^ {2}Socket errors.*\n/m, '').replace(/^ {2}Non-2xx.*\n/m, '');
  expect(figuresOf(clean).errors).toBe(0);
});
