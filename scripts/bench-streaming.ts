/**
 * Streaming benchmark (decision 0180): an uncached article page (page cache and data cache off)
 * whose new-articles call (findnew) answers after 300 ms, on the demo data.
 *
 *   node scripts/bench-streaming.mjs [requests]
 *
 * For a person (a browser's User-Agent, brotli) it prints the time to first byte measured from
 * the moment the fake content API finished sending the article (the primary data: target within
 * 30 ms), the time to first and last byte from the request, and whether the new-articles list
 * arrived in the same response. For a crawler (Googlebot, identity) it prints whether the first
 * chunk read already holds the list. Everything runs on loopback in this one process.
 */
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBrotliDecompress } from 'node:zlib';
import { createServerSetup } from '../src/server/app';
import { assetsFrom } from '../src/server/assets';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { createCampaignApi } from '../src/server/upstream/campaign-api';
import { createContentApi } from '../src/server/upstream/content-api';
import { createOutageLog } from '../src/server/upstream/outage-log';
import { createCampaignHandler, createContentApiHandler } from '../src/demo/content-api';
import { demoDataset } from '../src/demo/index';

const REQUESTS = Number(process.argv[2] ?? 30);
const FINDNEW_DELAY_MS = 300;
const HOST = 'cooking.localhost';
const PATH = '/why-does-bread-go-stale';
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** When the fake API last finished sending an article (the page's primary data). */
let articleSentAt = 0;

interface Timing {
  readonly sent: number;
  readonly articleSent: number;
  readonly firstByte: number;
  readonly lastByte: number;
  readonly firstChunk: string;
  readonly body: string;
  readonly chunks: number;
}

function fetchPage(appPort: number, userAgent: string, encoding: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const sent = performance.now();
    let firstByte = 0;
    get({ host: '127.0.0.1', port: appPort, path: PATH, headers: { host: HOST, 'user-agent': userAgent, 'accept-encoding': encoding } }, (res: IncomingMessage) => {
      res.once('data', () => (firstByte = performance.now()));
      const body = res.headers['content-encoding'] === 'br' ? res.pipe(createBrotliDecompress()) : res;
      const chunks: string[] = [];
      body.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
      body.on('end', () => resolve({ sent, articleSent: articleSentAt, firstByte, lastByte: performance.now(), firstChunk: chunks[0] ?? '', body: chunks.join(''), chunks: chunks.length }));
    }).on('error', reject);
  });
}

const newArticleLinks = (html: string) => /<section id="new-articles"[\s\S]*?<\/section>/.exec(html)?.[0].match(/<a href=/g)?.length ?? 0;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const content = createContentApiHandler(demoDataset);
  const contentServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://api.invalid').pathname;
    if (path === '/api/article/findnew') {
      setTimeout(() => content(req, res), FINDNEW_DELAY_MS);
      return;
    }
    if (path === '/api/article/get') res.once('finish', () => (articleSentAt = performance.now()));
    content(req, res);
  });
  const campaignServer = createServer(createCampaignHandler(demoDataset));
  const [contentPort, campaignPort] = await Promise.all([listen(contentServer), listen(campaignServer)]);

  const config = loadConfig({ LOG_LEVEL: 'error' });
  const logger = createLogger('error');
  const outage = createOutageLog({ log: logger, intervalMs: 10_000 });
  const contentApi = createContentApi({ baseUrl: `http://127.0.0.1:${contentPort}`, timeoutMs: 2000, log: logger, limits: config.upstreamLimits, outage });
  const setup = createServerSetup({
    config,
    logger,
    contentApiFor: () => contentApi,
    campaignApi: createCampaignApi({ baseUrl: `http://127.0.0.1:${campaignPort}`, timeoutMs: 2000, log: logger, limits: config.upstreamLimits, outage }),
    assets: assetsFrom({ client: '/assets/client.js', stylesheet: '/assets/site.css' }, null, config.basePath),
    readiness: { ready: true },
    pageCache: null,
    cdn: { freshSeconds: 10, staleWhileRevalidateSeconds: 60, staleIfErrorSeconds: 3600 },
  });
  const appServer = createServer(setup.options, setup.listener);
  const appPort = await listen(appServer);

  await fetchPage(appPort, PERSON, 'br'); // warm-up: module loading, JIT
  const people: Timing[] = [];
  for (let i = 0; i < REQUESTS; i++) people.push(await fetchPage(appPort, PERSON, 'br'));
  const crawlers: Timing[] = [];
  for (let i = 0; i < REQUESTS; i++) crawlers.push(await fetchPage(appPort, CRAWLER, 'identity'));

  const afterPrimary = people.map((t) => t.firstByte - t.articleSent);
  console.log(`streaming benchmark: ${REQUESTS} sequential requests each, ${HOST}${PATH}, findnew answers after ${FINDNEW_DELAY_MS} ms, page and data cache off`);
  console.log(`person (br):   first byte after the article was sent: median ${ms(median(afterPrimary))}, p90 ${ms(p90(afterPrimary))} (target <= 30 ms)`);
  console.log(`               time to first byte: median ${ms(median(people.map((t) => t.firstByte - t.sent)))}; time to last byte: median ${ms(median(people.map((t) => t.lastByte - t.sent)))}`);
  const links = newArticleLinks(crawlers[0]?.body ?? '');
  console.log(`               new-articles list (${links} links, as the crawler's) in the same response: ${people.filter((t) => newArticleLinks(t.body) === links && links > 0).length}/${REQUESTS}; first chunk without the list: ${people.filter((t) => newArticleLinks(t.firstChunk) === 0).length}/${REQUESTS}`);
  console.log(`crawler:       time to first byte: median ${ms(median(crawlers.map((t) => t.firstByte - t.sent)))}; time to last byte: median ${ms(median(crawlers.map((t) => t.lastByte - t.sent)))}`);
  console.log(`               first chunk read holds the whole list: ${crawlers.filter((t) => newArticleLinks(t.firstChunk) === links).length}/${REQUESTS}; chunks read per response: median ${median(crawlers.map((t) => t.chunks))}`);

  appServer.close();
  contentServer.close();
  campaignServer.close();
}

void main();
