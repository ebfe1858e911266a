/** scripts/purge.mjs reaches every instance of a deployment: two apps, each with its own caches. */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { dataCacheOnTestClock } from '../support/data-cache';
import { startTestApp, type TestApp } from '../support/test-app';

const TOKEN = 'purge-token-for-the-script-0123456789';
const script = path.resolve(__dirname, '../../scripts/purge.mjs');

interface Instance {
  readonly app: TestApp;
  readonly server: http.Server;
  readonly port: number;
}

async function startInstance(): Promise<Instance> {
  const app = await startTestApp({
    env: { PURGE_TOKEN: TOKEN, METRICS_PORT: '0' },
    dataCache: dataCacheOnTestClock().dataCache,
    pageCache: createPageCache({ freshMs: 3_600_000, staleMs: 0, maxBytes: 1024 * 1024, now: () => 1 }),
  });
  const server = http.createServer(app.internal);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { app, server, port: (server.address() as AddressInfo).port };
}

function runPurge(args: string[], token = TOKEN): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { env: { ...process.env, PURGE_TOKEN: token } }, (error, stdout) => resolve({ code: error ? Number(error.code) : 0, stdout }));
  });
}

let instances: Instance[] = [];
beforeAll(async () => {
  instances = [await startInstance(), await startInstance()];
});
afterAll(async () => {
  for (const { app, server } of instances) {
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  }
});

const title = async (instance: Instance) => (await request(instance.app.app).get('/article-5').set('Host', 'sub.example.com')).text;

test('purges every instance named, one line each; then each shows the edit', async () => {
  for (const instance of instances) {
    expect(await title(instance)).toContain('Question number 5?');
    instance.app.upstream.editArticle('article-5', { title: 'Edited everywhere?' });
    expect(await title(instance)).toContain('Question number 5?');
  }
  const targets = instances.map(({ port }) => `127.0.0.1:${port}`).join(',');
  const { code, stdout } = await runPurge(['--instances', targets, '--site', 'sub.example.com', '--slug', 'article-5']);
  expect(code).toBe(0);
  expect(stdout.trim().split('\n')).toEqual(instances.map(({ port }) => expect.stringMatching(new RegExp(`^ok   127\\.0\\.0\\.1 127\\.0\\.0\\.1:${port}: \\{"purged"`))));
  for (const instance of instances) expect(await title(instance)).toContain('Edited everywhere?');
});

test('exits 1 naming the instance that refused, and never prints the token', async () => {
  const { code, stdout } = await runPurge(['--instances', `127.0.0.1:${instances[0]?.port}`, '--all'], 'x'.repeat(40));
  expect(code).toBe(1);
  expect(stdout).toMatch(/^FAIL 127\.0\.0\.1 127\.0\.0\.1:\d+: 401/);
  expect(stdout).not.toContain('x'.repeat(40));
});

test('refuses to run without a token or without a scope', async () => {
  expect((await runPurge(['--instances', '127.0.0.1:1', '--all'], '')).code).toBe(2);
  expect((await runPurge(['--instances', '127.0.0.1:1'])).code).toBe(2);
});
