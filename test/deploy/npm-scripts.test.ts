/**
 * Every npm script runs on the declared Node through one wrapper: .npmrc makes
 * scripts/on-declared-node.sh npm's script-shell, so a script added later needs nothing more.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
/** The environment of a shell that no npm script or wrapper started: .npmrc's own script-shell applies. */
const { npm_config_script_shell: _inherited, ...freshShellEnv } = process.env;
const floor = execFileSync(process.execPath, [path.join(root, 'scripts/lib/node-version.mjs'), '--floor'], { encoding: 'utf8' }).trim();

test('npm runs every script through scripts/on-declared-node.sh', () => {
  expect(execFileSync('npm', ['config', 'get', 'script-shell'], { cwd: root, env: freshShellEnv, encoding: 'utf8' }).trim()).toBe('scripts/on-declared-node.sh');
});

test('the wrapper runs a script as npm hands it over (-c and the command line), on the declared Node', () => {
  const printed = execFileSync(path.join(root, 'scripts/on-declared-node.sh'), ['-c', 'node -p process.version'], { cwd: root, encoding: 'utf8' });
  const [version] = printed.trim().split('\n');
  expect(version?.replace(/^v/, '').split('.').map(Number)[0]).toBeGreaterThanOrEqual(Number(floor.split('.')[0]));
});

test('npx started through the wrapper runs from a subfolder too (.npmrc names the wrapper relative to the project folder; npx runs where it is started)', () => {
  const printed = execFileSync(path.join(root, 'scripts/on-declared-node.sh'), ['npx', '--no-install', 'tsc', '--version'], { cwd: path.join(root, 'src/server'), env: freshShellEnv, encoding: 'utf8' });
  expect(printed).toMatch(/^Version \d+\./m);
});

test('no script calls the wrapper itself (one place, not a list to keep in step)', () => {
  expect(Object.entries(scripts).filter(([, command]) => command.includes('on-declared-node'))).toEqual([]);
});

test('every `npm run X` and `npm start|test` the README and docs name is a script of package.json', () => {
  const docs = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`)];
  const named = new Set<string>();
  for (const file of docs) {
    for (const [, name] of read(file).matchAll(/npm run ([a-z][\w:-]*)/g)) named.add(name ?? '');
    for (const [, name] of read(file).matchAll(/npm (start|test)\b/g)) named.add(name ?? '');
  }
  expect(named.size).toBeGreaterThan(5);
  expect([...named].filter((name) => !(name in scripts))).toEqual([]);
});

test('no locked package runs an install script (package.json allowScripts), which would run in its own folder, where the relative script-shell is not', () => {
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { hasInstallScript?: boolean }> };
  const allowScripts = (JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
  const withInstallScripts = Object.entries(lock.packages).filter(([, entry]) => entry.hasInstallScript).map(([name]) => name.replace(/^.*node_modules\//, ''));
  expect(withInstallScripts.filter((name) => allowScripts[name] !== false)).toEqual([]);
});
