import { setImmediate } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { BENCH_SLUG, loadBenchArticle } from './bench-article';
import { createHttpClient } from '../../src/server/content/http';
import { createOutageLog } from '../../src/server/content/outage-log';
import { loadConfig } from '../../src/server/config/config';

const API = process.env.CONTENT_API_URL ?? '';
async function round(run: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  const end = performance.now() + 150;
  let calls = 0;
  while (performance.now() < end) { await run(); calls++; }
  const cpu = process.cpuUsage(before);
  await setImmediate();
  return (cpu.user + cpu.system) / calls;
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
async function main() {
  const { log, contentApi, site } = await loadBenchArticle(API);
  const url = `${API}/api/article/get?slug=${BENCH_SLUG}`;
  const config = loadConfig(process.env);
  const agent = new Agent({ keepAliveTimeout: 10_000, connect: { timeout: 2000 }, headersTimeout: 2000, bodyTimeout: 2000, maxResponseSize: 2 * 1024 * 1024, connections: config.upstreamLimits.connections });
  const http = createHttpClient({ timeoutMs: 2000, maxBytes: 2 * 1024 * 1024, limits: config.upstreamLimits, log, outage: createOutageLog({ log, intervalMs: 60000 }) });
  const variants: [string, () => unknown][] = [
    ['undici global, json()', async () => (await request(url)).body.json()],
    ['undici our agent, text()+parse', async () => JSON.parse(await (await request(url, { method: 'GET', dispatcher: agent, headers: { accept: 'application/json' } })).body.text())],
    ['undici our agent + signal', async () => { const c = new AbortController(); const t = setTimeout(() => c.abort(), 2000); try { return JSON.parse(await (await request(url, { method: 'GET', dispatcher: agent, signal: c.signal, headers: { accept: 'application/json' } })).body.text()); } finally { clearTimeout(t); } }],
    ['setImmediate + undici our agent', async () => { await setImmediate(); return JSON.parse(await (await request(url, { method: 'GET', dispatcher: agent, headers: { accept: 'application/json' } })).body.text()); }],
    ['http client call', () => http.call('/api/article/get', url, (a) => a.json)],
    ['contentApi.articleBySlug', () => contentApi.articleBySlug(BENCH_SLUG, site.scope)],
  ];
  for (const [, run] of variants) for (let n = 0; n < 3; n++) await round(run);
  const times = variants.map(() => [] as number[]);
  for (let r = 0; r < 7; r++) for (const [i, [, run]] of variants.entries()) times[i]!.push(await round(run));
  for (const [i, [name]] of variants.entries()) console.log(name.padEnd(40), median(times[i]!)!.toFixed(1), Math.min(...times[i]!).toFixed(1), Math.max(...times[i]!).toFixed(1));
  process.exit(0);
}
void main();
