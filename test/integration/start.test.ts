/**
 * The process as operators run it: the built server, started like `npm start`, with the
 * embedded demo backend; bad configuration; SIGTERM.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { failWith, startFakeUpstream } from '../support/fake-upstream';
import { testDataset } from '../fixtures/dataset';
import { recipeTitled, runRecipe, supportRecipes } from '../support/support-recipes';

const root = path.resolve(__dirname, '../..');
const serverEntry = path.join(root, 'dist/server/index.js');
const packageVersion = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
const gitCommit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function waitForLine(child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => pattern.test(l));
      if (line) {
        child.stdout.off('data', onData);
        resolve(line);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ${pattern}: ${buffer}`)));
  });
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'pipe' });
}, 60_000);

describe('start-up', () => {
  it('--version and -v print the package version and exit; --help prints the usage and exits', () => {
    expect(execFileSync(process.execPath, [serverEntry, '--version'], { encoding: 'utf8' })).toBe(`${packageVersion}\n`);
    expect(execFileSync(process.execPath, [serverEntry, '-v'], { encoding: 'utf8' })).toBe(`${packageVersion}\n`);
    expect(execFileSync(process.execPath, [serverEntry, '--help'], { encoding: 'utf8' })).toMatch(/^qa-sites .*\n\nUsage: npm start/);
  });

  it.each([['--port', '8080'], ['serve']])('an unknown argument (%s) is refused with one line and exit 2, and nothing starts', async (...args) => {
    const child = spawn(process.execPath, [serverEntry, ...args], { env: { ...process.env, PORT: String(await freePort()) } });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    expect(await exitOf(child)).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(`'${args[0]}'`)]);
    expect(stdout).toBe('');
  });

  it.each([
    ['CONTENT_API_URL', 'not-a-url'],
    ['PORT', '99999'],
    ['ANALYTICS_CODES', '{oops'],
  ])('bad %s stops with a non-zero exit and one line naming it', async (name, value) => {
    const child = spawn(process.execPath, [serverEntry], { env: { ...process.env, [name]: value } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await exitOf(child);
    expect(code).not.toBe(0);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
  });

  /** Starts the built server with exactly this environment (plus PATH) and waits for its exit. */
  async function startUpFailure(env: Record<string, string>): Promise<{ code: number | null; lines: string[]; stdout: string }> {
    const child = spawn(process.execPath, [serverEntry], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await exitOf(child);
    return { code, lines: stderr.trim().split('\n'), stdout };
  }

  it.each([
    ['production without any backend URL', { NODE_ENV: 'production' }, 'CONTENT_API_URL'],
    ['production with the campaign service only', { NODE_ENV: 'production', CAMPAIGN_API_URL: 'http://127.0.0.1:9' }, 'CONTENT_API_URL'],
    ['the content API without the campaign service', { CONTENT_API_URL: 'http://127.0.0.1:9' }, 'CAMPAIGN_API_URL'],
    ['the campaign service without the content API', { CAMPAIGN_API_URL: 'http://127.0.0.1:9' }, 'CONTENT_API_URL'],
    ['a subnet with a prefix past 32 bits', { TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    ['NODE_ENV spelled Production', { NODE_ENV: 'Production' }, 'NODE_ENV'],
  ])('%s: start-up stops with one line naming the variable', async (_case, env, name) => {
    const { code, lines, stdout } = await startUpFailure(env);
    expect(code).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    // Nothing started: no demo, no listener.
    expect(stdout).toBe('');
  });

  it("prints the README's configuration error example as it is written", async () => {
    const example = /`(Invalid configuration: ([A-Z_]+) [^`]*\(got "([^"]*)"\))`/.exec(readFileSync(path.join(root, 'README.md'), 'utf8'));
    expect(example).not.toBeNull();
    const [, line, name = '', value = ''] = example ?? [];
    const { code, lines } = await startUpFailure({ [name]: value });
    expect(code).toBe(1);
    expect(lines).toEqual([line]);
  });

  it('never prints a malformed backend URL, which may carry credentials', async () => {
    const { code, lines } = await startUpFailure({ CONTENT_API_URL: 'http://ops:hunter2-secret@[::1', CAMPAIGN_API_URL: 'http://127.0.0.1:9' });
    expect(code).not.toBe(0);
    expect(lines).toEqual([expect.stringContaining('CONTENT_API_URL')]);
    expect(lines[0]).not.toContain('hunter2');
  });

  it('serves the demo sites on the embedded backend and drains on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [serverEntry], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CONTENT_API_URL: '', CAMPAIGN_API_URL: '' } });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      // Which build runs is on the listening line.
      const listening = JSON.parse(await waitForLine(child, /server\.listening/)) as { maxConnections: number; openFilesLimit?: number };
      expect(listening).toMatchObject({ version: packageVersion, commit: gitCommit, maxConnections: expect.any(Number) });
      // The line names the address to open (a host name: the IP shows the network's default site).
      expect(listening).toMatchObject({ open: `http://localhost:${port}`, msg: expect.stringMatching(new RegExp(`^demo sites: open http://localhost:${port} \\(and http://cooking\\.localhost:${port}, `)) });
      // The connection cap stays below the process's open-files limit.
      if (listening.openFilesLimit !== undefined) expect(listening.maxConnections).toBeLessThan(listening.openFilesLimit);
      const base = `http://127.0.0.1:${port}`;
      const home = await request(base).get('/').set('Host', `localhost:${port}`);
      expect(home.status).toBe(200);
      expect(home.text).toContain('Everyday Answers');
      // Above a load balancer's 60 s idle timeout, so the balancer closes idle connections first.
      const kept = await request(base).get('/healthz').set('Connection', 'keep-alive');
      expect(kept.headers['keep-alive']).toBe('timeout=65');
      const cooking = await request(base).get('/').set('Host', `cooking.localhost:${port}`);
      expect(cooking.text).toContain('Cooking Answers');
      const garden = await request(base).get('/').set('Host', `garden.localhost:${port}`);
      expect(garden.text).toContain('<html lang="en" class="dark"');
      const asset = /href="(\/assets\/site-[^"]+\.css)"/.exec(home.text)?.[1] ?? '';
      const css = await request(base).get(asset);
      expect(css.status).toBe(200);
      expect(css.headers['cache-control']).toContain('immutable');
      child.kill('SIGTERM');
      expect(await exitOf(child)).toBe(0);
      // The last line says the process stopped, after how long, and which build it was.
      const lastLine = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
      expect(lastLine).toMatchObject({ event: 'server.stopped', exitCode: 0, version: packageVersion, commit: gitCommit });
      expect(lastLine.uptimeSeconds).toEqual(expect.any(Number));
      // docs/support.md's recipe over this log says the same.
      const build = (await runRecipe(recipeTitled('Which build runs'), stdout)).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(build).toEqual([
        expect.objectContaining({ event: 'server.listening', version: packageVersion, commit: gitCommit }),
        expect.objectContaining({ event: 'server.stopped', version: packageVersion, commit: gitCommit, uptimeSeconds: expect.any(Number) }),
      ]);
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);

  it('the demo listens on loopback when HOST is not set', async () => {
    const port = await freePort();
    const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), CONTENT_API_URL: '', CAMPAIGN_API_URL: '', DRAIN_DELAY_MS: '0' };
    delete env.HOST;
    const child = spawn(process.execPath, [serverEntry], { env });
    try {
      expect(JSON.parse(await waitForLine(child, /server\.listening/))).toMatchObject({ host: '127.0.0.1', port });
      child.kill('SIGTERM');
      expect(await exitOf(child)).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);

  it('npm start hands SIGTERM to the server, which drains and exits; nothing is left running', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start', '--silent'], { cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CONTENT_API_URL: '', CAMPAIGN_API_URL: '', DRAIN_DELAY_MS: '0' } });
    let stdout = '';
    npm.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      await waitForLine(npm, /server\.listening/);
      expect((await request(`http://127.0.0.1:${port}`).get('/').set('Host', `cooking.localhost:${port}`)).status).toBe(200);
      npm.kill('SIGTERM');
      expect(await exitOf(npm)).toBe(0);
      expect(stdout).toContain('"event":"server.stopped","exitCode":0');
      // The documented way to keep the log in a file (`npm start --silent > app.log`) gives JSON lines only, and every support recipe reads it.
      for (const line of stdout.trim().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
      // (A recipe may find nothing here, such as the example reqId's grep; none may stop at a line jq cannot parse.)
      for (const recipe of supportRecipes()) expect(await runRecipe(recipe, stdout).catch((error: Error) => error.message)).not.toMatch(/parse error|jq: error/);
      expect(await runRecipe(recipeTitled('Which build runs'), stdout)).toMatch(/"event":"server\.listening"[^\n]*\n[^\n]*"event":"server\.stopped"/);
      // The server's port is free again: no orphaned server kept it.
      await expect(request(`http://127.0.0.1:${port}`).get('/healthz')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      npm.kill('SIGKILL');
    }
  }, 60_000);

  it('a port in use: one fatal line without a stack (an expected failure, not a bug), exit 1', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const child = spawn(process.execPath, [serverEntry], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CONTENT_API_URL: '', CAMPAIGN_API_URL: '' } });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      expect(await exitOf(child)).toBe(1);
      const failed = stdout.split('\n').filter((line) => line.includes('"server.listen_failed"')).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(failed).toEqual([expect.objectContaining({ level: 60, err: { type: 'Error', code: 'EADDRINUSE', message: expect.stringContaining('EADDRINUSE') } })]);
      // docs/support.md's "Bugs only" recipe leaves it out.
      expect(await runRecipe(recipeTitled('Bugs only'), stdout)).toBe('');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 30_000);

  it('on SIGTERM: /readyz turns 503, requests are still served with Connection: close, then exit 0 within 10 s', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [serverEntry], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CONTENT_API_URL: '', CAMPAIGN_API_URL: '', DRAIN_DELAY_MS: '4000' } });
    try {
      await waitForLine(child, /server\.listening/);
      const base = `http://127.0.0.1:${port}`;
      const shutdownLine = waitForLine(child, /server\.shutdown/);
      const signalledAt = Date.now();
      child.kill('SIGTERM');
      expect(JSON.parse(await shutdownLine)).toMatchObject({ event: 'server.shutdown', signal: 'SIGTERM', drainDelayMs: 4000 });
      // Inside the drain delay: the balancer is told to stop, and traffic still in its way is served.
      expect((await request(base).get('/readyz')).status).toBe(503);
      const page = await request(base).get('/').set('Host', `cooking.localhost:${port}`);
      expect(page.status).toBe(200);
      expect(page.headers.connection).toBe('close');
      expect(await exitOf(child)).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      // After the exit, a new connection is refused cleanly (nothing half-open).
      await expect(request(base).get('/healthz')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);

  it('on SIGTERM, server.stopped is the last line, after every request line, even when stdout is read slowly', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [serverEntry], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CONTENT_API_URL: '', CAMPAIGN_API_URL: '', DRAIN_DELAY_MS: '0' } });
    let stdout = '';
    try {
      await waitForLine(child, /server\.listening/);
      // Nobody reads stdout for a while: the pipe fills and the log's writes wait, as behind a slow collector.
      child.stdout.pause();
      const base = `http://127.0.0.1:${port}`;
      const requests = 600;
      for (let sent = 0; sent < requests; sent += 50) {
        await Promise.all(Array.from({ length: 50 }, (_, index) => request(base).get(`/no-such-answer-${sent + index}-${'x'.repeat(200)}`).set('Host', `localhost:${port}`)));
      }
      child.kill('SIGTERM');
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stdout.resume();
      expect(await exitOf(child)).toBe(0);
      const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as { event?: string; path?: string });
      expect(lines.at(-1)).toMatchObject({ event: 'server.stopped' });
      expect(lines.filter((line) => line.path?.startsWith('/no-such-answer-')).length).toBe(requests);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);

  it('serves Prometheus metrics on METRICS_PORT only', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, [serverEntry], { env: { ...process.env, PORT: String(port), METRICS_PORT: String(metricsPort), HOST: '127.0.0.1', CONTENT_API_URL: '', CAMPAIGN_API_URL: '' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await Promise.all([waitForLine(child, /server\.listening/), waitForLine(child, /metrics\.listening/)]);
      const base = `http://127.0.0.1:${port}`;
      expect((await request(base).get('/').set('Host', `cooking.localhost:${port}`)).status).toBe(200);
      const metrics = await request(`http://127.0.0.1:${metricsPort}`).get('/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.text).toMatch(/^http_request_duration_seconds_count\{route="home",status_class="2xx",site="cooking"\} 1$/m);
      expect(metrics.text).toMatch(/^upstream_request_duration_seconds_count\{endpoint="\/api\/subdomains\/get",outcome="ok"\} 1$/m);
      expect(metrics.text).toMatch(/^process_resident_memory_bytes /m);
      // The probes answer on the metrics port too, for when the public port is saturated.
      expect((await request(`http://127.0.0.1:${metricsPort}`).get('/healthz')).text).toBe('ok');
      expect((await request(`http://127.0.0.1:${metricsPort}`).get('/readyz')).text).toBe('ready');
      expect(metrics.text).toContain(`app_build_info{version="${packageVersion}",commit="${gitCommit}"} 1`);
      expect((await request(base).get('/metrics').set('Host', `localhost:${port}`)).status).toBe(404);
      // A search page is never kept: it is compressed for the client, with every response
      // listener (metrics included) in place.
      const searched = await request(base).get('/?s=bread').set('Host', `localhost:${port}`).set('User-Agent', 'Mozilla/5.0 Chrome/140.0').set('Accept-Encoding', 'gzip');
      expect(searched.headers).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': 'private, no-store' });
      child.kill('SIGINT');
      expect(await exitOf(child)).toBe(0);
      // Node's warnings (a listener leak, a deprecation) would be here.
      expect(stderr).toBe('');
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);

  it('a connection past one address\'s share is refused with a line naming the peer and the setting, and counted', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, [serverEntry], { env: { ...process.env, PORT: String(port), METRICS_PORT: String(metricsPort), HOST: '127.0.0.1', CONTENT_API_URL: '', CAMPAIGN_API_URL: '', MAX_CONNECTIONS: '128', DRAIN_DELAY_MS: '0' } });
    const sockets: Socket[] = [];
    try {
      await Promise.all([waitForLine(child, /server\.listening/), waitForLine(child, /metrics\.listening/)]);
      // An eighth of 128: 16 sockets from one address are held, the 17th is refused.
      const refusedLine = waitForLine(child, /"event":"connection\.refused"/);
      for (let n = 0; n <= 16; n++) {
        const socket = connect({ port, host: '127.0.0.1' });
        socket.on('error', () => undefined);
        sockets.push(socket);
        await once(socket, 'connect');
      }
      expect(JSON.parse(await refusedLine)).toMatchObject({ level: 40, port: 'public', reason: 'per_address_share', peer: '127.0.0.1', refused: 1, setting: 'MAX_CONNECTIONS', perAddressShare: 16, maxConnections: 128, trustProxy: false });
      const metrics = await request(`http://127.0.0.1:${metricsPort}`).get('/metrics');
      expect(metrics.text).toMatch(/^connections_refused_total\{reason="per_address_share",port="public"\} 1$/m);
      expect(metrics.text).toMatch(/^connections_refused_total\{reason="cap",port="public"\} 0$/m);
      expect(metrics.text).toMatch(/^connections_refused_total\{reason="per_address_share",port="metrics"\} 0$/m);
      child.kill('SIGTERM');
      expect(await exitOf(child)).toBe(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      child.kill('SIGKILL');
    }
  }, 30_000);

  it('URL credentials reach the backends as Basic authentication; no secret reaches any output: URL credentials, query values, Authorization and Cookie', async () => {
    const upstream = await startFakeUpstream(testDataset);
    const port = await freePort();
    const withCredentials = (url: string) => url.replace('http://', 'http://svc-user:url-s3cret@');
    const child = spawn(process.execPath, [serverEntry], {
      env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'debug', DRAIN_DELAY_MS: '0', CONTENT_API_URL: withCredentials(upstream.contentApiUrl), CAMPAIGN_API_URL: withCredentials(upstream.campaignApiUrl) },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitForLine(child, /server\.listening/);
      const base = `http://127.0.0.1:${port}`;
      const get = (path: string) => request(base).get(path).set('Host', 'sub.example.com').set('Authorization', 'Bearer header-s3cret').set('Cookie', 'session=cookie-s3cret');
      expect((await get('/?s=query-s3cret')).status).toBe(200);
      upstream.override('/api/*', failWith.status(502));
      upstream.override('/campaigns/*', failWith.reset());
      await get('/?s=failing-query-s3cret');
      await get('/?campaign_id=campaign-s3cret');
      upstream.override('/meta-ms/*', failWith.status(502));
      await get('/?utm_id=utm-s3cret');
      await get('/article-1?token=visitor-s3cret');
      child.kill('SIGTERM');
      expect(await exitOf(child)).toBe(0);
      // The failures above were logged, with their upstream URLs.
      expect(output).toContain('"event":"upstream.fetch_failed"');
      expect(output).toContain('/api/article/search?');
      expect(output).toContain('/checkCampaign/:utmId?count');
      expect(output).not.toMatch(/s3cret/);
      // Every call to either backend carried the URL's credentials, as Basic authentication.
      const basic = `Basic ${Buffer.from('svc-user:url-s3cret').toString('base64')}`;
      expect(upstream.campaignCalls.length).toBeGreaterThan(0);
      expect(new Set([...upstream.calls, ...upstream.campaignCalls].map((call) => call.headers.authorization))).toEqual(new Set([basic]));
    } finally {
      child.kill('SIGKILL');
      await upstream.close();
    }
  }, 30_000);
});
