/** The long tail's requests (scripts/lib/longtail.mjs), which the `long-tail`, `ab` and `demo` benchmarks share (the last in its cold run). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const longtailModule = path.resolve(__dirname, '../../../scripts/lib/longtail.mjs');

function run(expression: string): unknown {
  const source = `import { longTailRequest, newLoadName } from ${JSON.stringify(longtailModule)}; process.stdout.write(JSON.stringify(${expression}));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' }));
}

function requestsOf(ns: number[], hosts: number, views = 1, load = 'ab12cd34'): unknown {
  return run(`${JSON.stringify(ns)}.map((n) => longTailRequest(n, ${hosts}, ${views}, ${JSON.stringify(load)}))`);
}

test('the n-th request is a new answer of its load on host n mod hosts (the fake content API answers every such slug)', () => {
  expect(requestsOf([1, 200, 201], 200)).toEqual([
    { path: '/lt-ab12cd34-1-answer', host: 's1.longtail.test' },
    { path: '/lt-ab12cd34-200-answer', host: 's0.longtail.test' },
    { path: '/lt-ab12cd34-201-answer', host: 's1.longtail.test' },
  ]);
});

test('each load is named afresh, with names of one length: a store kept from another load holds none of its answers', () => {
  const names = run('Array.from({ length: 20 }, () => newLoadName())') as string[];
  expect(new Set(names).size).toBe(20);
  for (const name of names) expect(name).toMatch(/^[0-9a-f]{8}$/);
});

test('with views per answer, each answer is asked for that many times, 101 requests apart, then never again', () => {
  const ns = Array.from({ length: 4 * 101 * 2 }, (_, index) => index);
  const paths = (requestsOf(ns, 200, 4) as { path: string; host: string }[]).map((request) => `${request.host}${request.path}`);
  const views = new Map<string, number[]>();
  paths.forEach((one, n) => views.set(one, [...(views.get(one) ?? []), n]));
  expect(views.size).toBe(2 * 101);
  for (const at of views.values()) expect(at.map((n) => n - (at[0] ?? 0))).toEqual([0, 101, 202, 303]);
  expect(paths[0]).toBe('s0.longtail.test/lt-ab12cd34-0-answer');
  expect(paths[4 * 101]).toBe('s101.longtail.test/lt-ab12cd34-101-answer');
});
