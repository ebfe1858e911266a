/**
 * The server's node flags have one source, the Dockerfile's CMD: `npm start` and the benchmarks
 * read them from there (scripts/lib/node-flags.mjs, scripts/lib/processes.mjs), and no other
 * script or manifest writes them again.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1] ?? '[]') as string[];
const dockerFlags = cmd.slice(1, -1);

/** Every file under `dir` (relative to the root), recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

test('the Dockerfile runs node with V8 flags on the server', () => {
  expect(cmd[0]).toBe('node');
  expect(cmd.at(-1)).toBe('dist/server/index.js');
  expect(dockerFlags).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-old-space-size=\d+$/)]));
});

test('scripts/lib/node-flags.mjs prints the CMD flags', () => {
  expect(execFileSync(process.execPath, [path.join(root, 'scripts/lib/node-flags.mjs')], { encoding: 'utf8' }).trim().split(' ')).toEqual(dockerFlags);
});

test('no script, manifest or CI file writes a flag of the CMD again', () => {
  const files = ['package.json', '.ci/run', ...filesUnder('scripts'), ...filesUnder('deploy')];
  const copies = files.filter((file) => dockerFlags.some((flag) => read(file).includes(flag)));
  expect(copies).toEqual([]);
});

test('npm start execs the server (npm\'s child is node itself) with exactly the CMD flags', async () => {
  const npm = spawn('npm', ['start', '--silent'], { cwd: root, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CONTENT_API_URL: '', CAMPAIGN_API_URL: '', DRAIN_DELAY_MS: '0' } });
  try {
    let stdout = '';
    npm.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    while (!stdout.includes('server.listening')) await once(npm.stdout, 'data');
    const [child] = readFileSync(`/proc/${npm.pid}/task/${npm.pid}/children`, 'utf8').trim().split(/\s+/);
    const [program, ...args] = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(path.basename(program ?? '')).toBe('node');
    expect(args).toEqual([...dockerFlags, 'scripts/start.mjs']);
  } finally {
    npm.kill('SIGTERM');
    await once(npm, 'exit');
  }
}, 60_000);
