/** The one benchmark entry point (scripts/bench/index.mjs): every scenario file is listed, an unknown one is refused. */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const benchDir = path.join(root, 'scripts/bench');
const bench = (...args: string[]) => spawnSync(process.execPath, [path.join(benchDir, 'index.mjs'), ...args], { encoding: 'utf8' });
const scenarioFiles = readdirSync(benchDir).filter((file) => file !== 'index.mjs').map((file) => file.replace(/\.(mjs|ts)$/, ''));

test('--help lists every scenario file of scripts/bench/, each with what it needs, and exits 0', () => {
  const { status, stdout } = bench('--help');
  expect(status).toBe(0);
  expect(scenarioFiles.length).toBeGreaterThan(10);
  const listed = [...stdout.matchAll(/^ {2}([a-z][a-z-]*) {2,}\S/gm)].map((match) => match[1]);
  expect(listed.sort()).toEqual([...scenarioFiles].sort());
  expect(stdout.match(/^ +needs: \S/gm)).toHaveLength(scenarioFiles.length);
});

test('an unknown scenario exits 2 with one line that names it and the help', () => {
  const { status, stderr, stdout } = bench('no-such-scenario');
  expect(status).toBe(2);
  expect(stdout).toBe('');
  expect(stderr.trim().split('\n')).toEqual(['bench: unknown scenario "no-such-scenario"; npm run bench -- --help lists them']);
});

test('no scenario: the usage and the list on stderr, exit 2', () => {
  const { status, stderr } = bench();
  expect(status).toBe(2);
  expect(stderr).toMatch(/^usage: npm run bench -- <scenario>/);
});

test('package.json has one benchmark script, and no other bench entry point is left in scripts/', () => {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  expect(Object.keys(scripts).filter((name) => name.startsWith('bench'))).toEqual(['bench']);
  expect(scripts.bench).toBe('node scripts/bench/index.mjs');
  expect(readdirSync(path.join(root, 'scripts')).filter((file) => /^bench/.test(file))).toEqual(['bench']);
});
