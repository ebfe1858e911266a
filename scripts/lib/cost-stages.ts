/**
 * The cost model's isolated part (scripts/bench/cost-model.mjs starts it with --expose-gc and a
 * 64 MiB young generation, CONTENT_API_URL the harness's fake content API, USER_AGENT the long
 * tail's): each stage of a first view on the bench article, this app's call beside the library
 * alone and the references' equivalent, alternated in ROUNDS rounds of about 150 ms each. Prints per variant the CPU µs a
 * call (process.cpuUsage over a round: median and spread of the rounds) and the bytes allocated
 * a call: heap used before and after ALLOCATION_CALLS calls that start just after a full
 * collection, far fewer bytes than the 64 MiB young generation holds, so none is collected
 * meanwhile (median of three such batches).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import pino from 'pino';
import { createElement, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { BENCH_HOST, BENCH_SLUG, loadBenchArticle } from './bench-article';
import sanitizeHtml from 'sanitize-html';
import { request } from 'undici';
import { articleSchema } from '../../src/shared/records';
import { sanitizedBodyOf } from '../../src/server/content/sanitized-body';
import { createLogger, logRequestCompleted } from '../../src/server/observability/logger';
import { assetsFrom } from '../../src/server/render/assets';
import { sitePageElement } from '../../src/server/render/page';
import { createSiteChromes } from '../../src/server/render/site-chrome';
import { renderToDocument } from '../../src/server/render/stream';
import { isCrawler } from '../../src/server/render/crawler';
import { sanitizeArticleHtml } from '../../src/server/content/sanitize';

const API = process.env.CONTENT_API_URL ?? '';
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const ROUND_MS = 150;
const ALLOCATION_CALLS = 40;
const HOST = BENCH_HOST;
const SLUG = BENCH_SLUG;
/** The long tail's User-Agent (scripts/lib/longtail.mjs), handed over by cost-model.mjs. */
const USER_AGENT = process.env.USER_AGENT ?? '';
const collect = (globalThis as { gc?: () => void }).gc;

interface Variant {
  readonly stage: string;
  readonly name: string;
  readonly run: () => unknown;
}

/** A writable that drops what it is given: the socket's place. */
const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** One round of `variant`: CPU µs a call. */
async function round(variant: Variant): Promise<number> {
  const cpuBefore = process.cpuUsage();
  const end = performance.now() + ROUND_MS;
  let calls = 0;
  while (performance.now() < end) {
    await variant.run();
    calls++;
  }
  const cpu = process.cpuUsage(cpuBefore);
  // Back to the event loop between rounds, as between requests.
  await setImmediate();
  return (cpu.user + cpu.system) / calls;
}

/** Bytes `variant` allocates a call on the heap: ALLOCATION_CALLS calls after a full collection. */
async function allocated(variant: Variant): Promise<number> {
  if (!collect) throw new Error('run with --expose-gc');
  collect();
  const before = process.memoryUsage().heapUsed;
  for (let n = 0; n < ALLOCATION_CALLS; n++) await variant.run();
  const bytes = (process.memoryUsage().heapUsed - before) / ALLOCATION_CALLS;
  await setImmediate();
  return bytes;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** express-react's markup (its server.mjs's Page), taken from its source as it is. */
function expressReactPage(): (props: Record<string, unknown>) => ReactNode {
  const source = readFileSync(path.resolve(__dirname, '../../../shared/bench/express-react/server.mjs'), 'utf8');
  const page = /function Page\([\s\S]*?\n}\n/.exec(source)?.[0];
  if (!page) throw new Error('no Page in express-react/server.mjs');
  return new Function('h', `return ${page.trim()}`)(createElement) as (props: Record<string, unknown>) => ReactNode;
}

/** express-react's render: renderToPipeableStream piped at onShellReady (its page has no boundary). */
const pipeableRender = (element: ReactNode) =>
  new Promise<void>((resolve, reject) => {
    const out = sink().on('finish', () => resolve());
    const stream = renderToPipeableStream(element, { onShellReady: () => stream.pipe(out), onShellError: reject });
  });

async function main(): Promise<void> {
  const { log: quiet, contentApi, site, route, view } = await loadBenchArticle(API);
  const assets = assetsFrom({ client: '/assets/client.js', stylesheet: '/assets/site.css' }, null, '');
  const chromes = createSiteChromes('', assets.stylesheet);

  const articlePath = `/api/article/get?slug=${SLUG}`;
  const articleText = await (await fetch(API + articlePath)).text();
  const article = (JSON.parse(articleText) as { data: { body: string } }).data;
  const referenceData = async (apiPath: string) => ((await (await fetch(API + apiPath)).json()) as { data: unknown }).data;
  const [setting] = (await referenceData(`/api/subdomains/get?url=${HOST}`)) as [{ menu: { categories_menu_option: string[] } }];
  const expressReactProps = {
    site: setting,
    categories: await referenceData(`/api/category/get?ids=${setting.menu.categories_menu_option.join(',')}`),
    article,
    newArticles: await referenceData(`/api/article/findnew?article=${encodeURIComponent(JSON.stringify({ _id: (article as unknown as { _id: string })._id, category: (article as unknown as { category: string }).category }))}&limit=9`),
  };
  const Page = expressReactPage();
  const nullLines = { write: () => undefined };
  const appLog = createLogger('info', nullLines);
  const pinoAlone = pino({ base: undefined }, nullLines);
  // As the server writes its lines: pino's own asynchronous writer, to a file (the benchmarks' stdout).
  const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'qa-sites-cost-')), 'lines.log');
  const appLogToFile = createLogger('info', pino.destination({ dest: logFile, sync: false }));
  const pinoToFile = pino({ base: undefined }, pino.destination({ dest: logFile, sync: false }));
  const line = { reqId: '3f1c2a9e-8f0e-4b7a-9c55-1f0a2b3c4d5e', host: HOST, siteKey: 'bench', method: 'GET', path: `/${SLUG}`, status: 200, responseTime: 2.1, settingSource: 'subdomains' } as const;
  const cache = new LRUCache<string, string>({ max: 1000 });
  for (let n = 0; n < 1000; n++) cache.set(`/api/article/get?slug=a-${n}`, articleText);

  const variants: Variant[] = [
    { stage: 'sanitizing', name: 'this app: the body of a fresh article (sanitizedBodyOf)', run: () => sanitizedBodyOf({ body: article.body }, '') },
    { stage: 'sanitizing', name: 'sanitize-html alone, the app\'s options (sanitizeArticleHtml)', run: () => sanitizeArticleHtml(article.body, '') },
    { stage: 'sanitizing', name: 'sanitize-html alone, its default options', run: () => sanitizeHtml(article.body) },
    { stage: 'React render', name: 'this app: the article page, complete (renderToDocument)', run: () => renderToDocument(sitePageElement(site, route.rule, view, { chrome: chromes.of(site), assets, testDisplayAd: false }), { abortAfterMs: 5000, log: quiet }) },
    { stage: 'React render', name: 'express-react: its markup, renderToPipeableStream', run: () => pipeableRender(createElement(Page, expressReactProps)) },
    { stage: 'upstream call', name: 'this app: the article call (undici, JSON, depth, zod)', run: () => contentApi.articleBySlug(SLUG, site.scope) },
    { stage: 'upstream call', name: 'undici.request + body.json() alone', run: async () => (await request(API + articlePath)).body.json() },
    { stage: 'upstream call', name: 'express-react and Astro: fetch + json()', run: async () => (await fetch(API + articlePath)).json() },
    { stage: 'parsing and checks', name: 'JSON.parse of the article answer', run: () => JSON.parse(articleText) },
    { stage: 'parsing and checks', name: 'zod: the article schema on it', run: () => articleSchema.parse(article) },
    { stage: 'access line', name: 'this app: the request line (logRequestCompleted, redaction, 2 KB cap)', run: () => logRequestCompleted(appLog, line) },
    { stage: 'access line', name: 'pino alone, the same fields', run: () => pinoAlone.info(line, 'request completed') },
    { stage: 'access line', name: 'this app: the request line, written to a file (pino.destination, async)', run: () => logRequestCompleted(appLogToFile, line) },
    { stage: 'access line', name: 'pino alone, the same fields, written to a file (pino.destination, async)', run: () => pinoToFile.info(line, 'request completed') },
    { stage: 'front door', name: 'the crawler rule: isbot on a Chrome User-Agent (isCrawler)', run: () => isCrawler(USER_AGENT) },
    { stage: 'caches', name: 'lru-cache get (1,000 entries)', run: () => cache.get(`/api/article/get?slug=a-${Math.floor(Math.random() * 1000)}`) },
  ];
  for (const variant of variants) for (let n = 0; n < 3; n++) await round(variant); // JIT warm-up
  const times = new Map(variants.map((variant) => [variant, [] as number[]]));
  for (let r = 0; r < ROUNDS; r++) for (const variant of variants) times.get(variant)?.push(await round(variant));
  const bytes = new Map(variants.map((variant) => [variant, [] as number[]]));
  for (let r = 0; r < 3; r++) for (const variant of variants) bytes.get(variant)?.push(await allocated(variant));

  console.log(`${ROUNDS} rounds of ${ROUND_MS} ms a variant, alternated; CPU of this process (process.cpuUsage); heap bytes over ${ALLOCATION_CALLS} calls after a full collection\n`);
  console.log('| stage | variant | CPU µs a call, median (spread) | KB allocated a call |');
  console.log('|---|---|---:|---:|');
  for (const variant of variants) {
    const us = times.get(variant) ?? [];
    console.log(`| ${variant.stage} | ${variant.name} | ${median(us).toFixed(1)} (${Math.min(...us).toFixed(1)}-${Math.max(...us).toFixed(1)}) | ${(median(bytes.get(variant) ?? []) / 1024).toFixed(1)} |`);
  }
}

void main();
