/** The cost model's profile by stage (scripts/lib/profile-stages.mjs): which stage a function counts for, and the samples summed. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const stagesModule = path.resolve(__dirname, '../../../scripts/lib/profile-stages.mjs');

function evaluate(expression: string): unknown {
  const source = `import { packageOf, stageOf, stageTimes } from ${JSON.stringify(stagesModule)}; process.stdout.write(JSON.stringify(${expression}));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' }));
}

test('a function counts for its package\'s stage, the app\'s own code for its folder\'s, V8\'s own entries for theirs', () => {
  const files = [
    ['/app/node_modules/sanitize-html/node_modules/htmlparser2/dist/esm/Tokenizer.js', 'parse'],
    ['/app/node_modules/react-dom/cjs/react-dom-server.node.production.js', 'renderElement'],
    ['/app/node_modules/@pinojs/redact/index.js', 'redact'],
    ['node:internal/deps/undici/undici', 'fetch'],
    ['node:_http_outgoing', 'write'],
    ['../../src/server/front-door/admission.ts', 'admit'],
    ['../../src/server/site/site-settings.ts', 'siteSettings'],
    ['../../src/server/http/steps.ts', 'runSteps'],
    ['../../src/shared/components/Document.tsx', 'Document'],
    ['/refs/astro/dist/server/chunks/server_x.mjs', 'renderPage'],
    ['', '(garbage collector)'],
  ];
  expect(evaluate(`${JSON.stringify(files)}.map(([file, name]) => stageOf(file, name))`)).toEqual([
    'sanitizing',
    'React render',
    'access line (pino)',
    'upstream: undici',
    'Node HTTP and sockets (parse, write)',
    'front door and admission',
    'site and settings',
    'Express chain (own middleware)',
    'page building (own)',
    'Astro render',
    'garbage collector',
  ]);
  expect(evaluate(`[packageOf('/a/node_modules/@pinojs/redact/x.js'), packageOf('/a/src/x.ts')]`)).toEqual(['@pinojs/redact', null]);
});

test('builtins and Node internals count for their caller; samples outside the window are left out', () => {
  // root -> React (2) -> a builtin (3) -> node:buffer (4); and GC (5). Samples 1 ms apart from 1,000 µs.
  const profile = {
    startTime: 1000,
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', url: '' }, children: [2, 5] },
      { id: 2, callFrame: { functionName: 'renderElement', url: 'file:///a/node_modules/react-dom/server.js' }, children: [3] },
      { id: 3, callFrame: { functionName: 'JSONStringify', url: '' }, children: [4] },
      { id: 4, callFrame: { functionName: 'write', url: 'node:buffer' }, children: [] },
      { id: 5, callFrame: { functionName: '(garbage collector)', url: '' }, children: [] },
    ],
    samples: [2, 3, 4, 5, 4],
    timeDeltas: [1000, 1000, 1000, 1000, 1000],
  };
  const resolve = '({ url }) => url.replace(/^file:\\/\\//, "")';
  expect(evaluate(`stageTimes(${JSON.stringify(profile)}, ${resolve})`)).toEqual({ 'React render': 4, 'garbage collector': 1 });
  expect(evaluate(`stageTimes(${JSON.stringify(profile)}, ${resolve}, [2500, 5500])`)).toEqual({ 'React render': 2, 'garbage collector': 1 });
});
