/**
 * One Node release everywhere (docs/decisions/0240): package.json's engine floor is the release
 * CI fetches, the Dockerfile's base pins, @types/node describes, the README names, and the one
 * these tests run on.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const versionScript = path.join(root, 'scripts/lib/node-version.mjs');
const manifest = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };
const floor = execFileSync(process.execPath, [versionScript, '--floor'], { encoding: 'utf8' }).trim();

/** Runs the version module's pure functions in a Node of its own (it is plain ESM, as .ci/run needs). */
function evaluate(expression: string): unknown {
  const source = `import * as v from ${JSON.stringify(versionScript)}; process.stdout.write(JSON.stringify(${expression}));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' }));
}

test('the engine floor is an exact release of an even (LTS) major', () => {
  expect(manifest.engines.node).toBe(`>=${floor}`);
  expect(floor).toMatch(/^\d+\.\d+\.\d+$/);
  expect(Number(floor.split('.')[0]) % 2).toBe(0);
});

test('the Dockerfile base pins that release', () => {
  const base = /^ARG NODE_IMAGE=(\S+)$/m.exec(read('Dockerfile'))?.[1];
  expect(base).toBe(`node:${floor}-bookworm-slim`);
});

test('@types/node is pinned exactly, to the same major', () => {
  const types = manifest.devDependencies['@types/node'] ?? '';
  expect(types).toMatch(/^\d+\.\d+\.\d+$/);
  expect(types.split('.')[0]).toBe(floor.split('.')[0]);
});

test('the tests themselves run on that release or newer (.ci/run fetches it on older machines)', () => {
  expect(evaluate(`v.isAtLeast(${JSON.stringify(process.version)}, ${JSON.stringify(floor)})`)).toBe(true);
  expect(spawnSync(process.execPath, [versionScript, '--check']).status).toBe(0);
});

test('older releases are refused with one line naming both versions; newer ones pass', () => {
  expect(evaluate(`['v20.20.2', '24.20.9', '24.21.0', 'v24.21.1', '26.0.0', '24.21.0-pre'].map((x) => v.isAtLeast(x, '24.21.0'))`)).toEqual([false, false, true, true, true, true]);
  const message = evaluate(`v.unsupportedNodeMessage('v20.20.2')`);
  expect(message).toEqual(expect.stringContaining(`needs Node ${floor} or newer`));
  expect(message).toEqual(expect.stringContaining('this is Node 20.20.2'));
  expect(message).not.toContain('\n');
});

test('an engine range of another form is refused, so the floor cannot silently become a guess', () => {
  expect(evaluate(`['^24.21.0', '>=24', '>=24.21.0 <27'].map((r) => { try { v.engineFloorOf(r); return 'accepted'; } catch { return 'refused'; } })`)).toEqual(['refused', 'refused', 'refused']);
});

test('the README and docs/deploy.md name the release', () => {
  expect(read('README.md')).toContain(`Node ${floor}`);
  expect(read('docs/deploy.md')).toContain(`node:${floor}-bookworm-slim`);
});
