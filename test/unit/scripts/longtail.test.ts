/** The long tail's requests (scripts/lib/longtail.mjs), which the `long-tail`, `ab` and `demo` benchmarks share (the last in its cold run). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const longtailModule = path.resolve(__dirname, '../../../scripts/lib/longtail.mjs');

function requestsOf(ns: number[], hosts: number): unknown {
  const source = `import { longTailRequest } from ${JSON.stringify(longtailModule)}; process.stdout.write(JSON.stringify(${JSON.stringify(ns)}.map((n) => longTailRequest(n, ${hosts}))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' }));
}

test('the n-th request is a new answer on host n mod hosts (the fake content API answers every such slug)', () => {
  expect(requestsOf([1, 200, 201], 200)).toEqual([
    { path: '/lt-1-answer', host: 's1.longtail.test' },
    { path: '/lt-200-answer', host: 's0.longtail.test' },
    { path: '/lt-201-answer', host: 's1.longtail.test' },
  ]);
});
