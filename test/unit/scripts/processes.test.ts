/**
 * The benchmarks' server start (scripts/lib/processes.mjs): a port another process holds is refused
 * before a server is started there, and a server that exits before it answers fails the wait at once.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';

const processesModule = path.resolve(__dirname, '../../../scripts/lib/processes.mjs');

/** Runs `body` (an ES module's text after the import) in a Node child; its stdout. */
function run(body: string): string {
  const source = `import { assertPortsFree, freePorts, start, waitForHttp } from ${JSON.stringify(processesModule)}; ${body}`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' });
}

let held: Server;
let heldPort: number;
beforeAll(async () => {
  held = createServer();
  await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
  heldPort = (held.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => held.close(() => resolve())));

test('a port another process holds is refused in one line that names it; free ports pass', () => {
  const out = run(`
    const [free] = await freePorts(1);
    await assertPortsFree([free]);
    const refusal = await assertPortsFree([free, ${heldPort}]).then(() => 'resolved', (error) => error.message);
    process.stdout.write(JSON.stringify(refusal));`);
  const refusal = JSON.parse(out) as string;
  expect(refusal).toMatch(new RegExp(`^port ${heldPort} is taken on 127\\.0\\.0\\.1`));
  expect(refusal).not.toContain('\n');
});

test('waiting for a server that exited rejects at once with the end of its output, not after the timeout', () => {
  const out = run(`
    const [port] = await freePorts(1);
    const child = start(process.execPath, ['-e', 'console.log("listen EADDRINUSE"); process.exit(3)']);
    await new Promise((resolve) => child.once('exit', resolve));
    const started = Date.now();
    const failure = await waitForHttp('http://127.0.0.1:' + port + '/healthz', { child, timeoutMs: 10000 }).then(() => 'resolved', (error) => error.message);
    process.stdout.write(JSON.stringify({ failure, ms: Date.now() - started }));`);
  const { failure, ms } = JSON.parse(out) as { failure: string; ms: number };
  expect(failure).toMatch(/^the server exited \(code 3\) before http:\/\/127\.0\.0\.1:\d+\/healthz answered:\nlisten EADDRINUSE$/);
  expect(ms).toBeLessThan(5000);
});
