/**
 * Streaming benchmark (decision 0180): an uncached article page whose new-articles call
 * (findnew) answers after 400 ms, on the demo data, in two configurations:
 * - page cache on (the default): the page cache is emptied before every measured request, so it
 *   is a miss (the first one a page asked for once, the later ones a miss that keeps the page, as
 *   the page was asked for within its window before); the same URL is then asked for again until
 *   it is a hit, which must come by its third view (decision 0320) with the whole list;
 * - page cache off (`PAGE_CACHE_TTL_SECONDS=0`).
 * The data cache is off in both, so that every lookup is as cold as for a page nobody asked
 * for lately.
 *
 *   npm run bench -- streaming [requests]
 *
 * For a person (a browser's User-Agent, brotli) it prints the time to first byte measured from
 * the moment the fake content API finished sending the article (the primary data: target within
 * 30 ms), the time to first and last byte from the request, the gap between the article's text
 * and the last byte, and whether the new-articles list arrived in the same response. For a
 * crawler (Googlebot, identity) it prints whether the first chunk read already holds the list.
 * Everything runs on loopback in this one process.
 */
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBrotliDecompress } from 'node:zlib';
import { createPageCache, type PageCache } from '../../src/server/page-cache/page-cache';
import { createServerSetup } from '../../src/server/app';
import { assetsFrom } from '../../src/server/render/assets';
import { loadConfig } from '../../src/server/config/config';
import { createLogger } from '../../src/server/observability/logger';
import { createCampaignApi } from '../../src/server/content/campaign-api';
import { createContentApi } from '../../src/server/content/content-api';
import { requestContentApiFor } from '../../src/server/content/request-content-api';
import { createOutageLog } from '../../src/server/content/outage-log';
import { createCampaignHandler, createContentApiHandler } from '../../src/demo/content-api';
import { demoDataset } from '../../src/demo/index';

const REQUESTS = Number(process.argv[2] ?? 30);
const FINDNEW_DELAY_MS = 400;
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
  /** When the decoded body first held the article's heading. */
  readonly articleText: number;
  readonly lastByte: number;
  readonly firstChunk: string;
  readonly body: string;
  readonly chunks: number;
  readonly pageCache: string | undefined;
}

function fetchPage(appPort: number, path: string, userAgent: string, encoding: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const sent = performance.now();
    let firstByte = 0;
    let articleText = 0;
    get({ host: '127.0.0.1', port: appPort, path, headers: { host: HOST, 'user-agent': userAgent, 'accept-encoding': encoding } }, (res: IncomingMessage) => {
      res.once('data', () => (firstByte = performance.now()));
      const body = res.headers['content-encoding'] === 'br' ? res.pipe(createBrotliDecompress()) : res;
      const chunks: string[] = [];
      body.on('data', (chunk: Buffer) => {
        chunks.push(chunk.toString());
        if (!articleText && chunks.join('').includes('</h1>')) articleText = performance.now();
      });
      body.on('end', () => resolve({ sent, articleSent: articleSentAt, firstByte, articleText, lastByte: performance.now(), firstChunk: chunks[0] ?? '', body: chunks.join(''), chunks: chunks.length, pageCache: res.headers['x-page-cache'] as string | undefined }));
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

  /** One configuration: its own app (and page cache), people first, then crawlers. */
  async function measure(label: string, pageCache: PageCache | null): Promise<void> {
    const logger = createLogger('error');
    const outage = createOutageLog({ log: logger, intervalMs: 10_000 });
    const contentApi = createContentApi({ baseUrl: `http://127.0.0.1:${contentPort}`, timeoutMs: 2000, log: logger, limits: config.upstreamLimits, outage });
    const setup = createServerSetup({
      upstreamFailingFast: () => outage.anyCircuitOpen,
      config,
      logger,
      contentApiFor: requestContentApiFor({ inner: contentApi, cache: null }),
      campaignApi: createCampaignApi({ baseUrl: `http://127.0.0.1:${campaignPort}`, timeoutMs: 2000, log: logger, limits: config.upstreamLimits, outage }),
      assets: assetsFrom({ client: '/assets/client.js', stylesheet: '/assets/site.css' }, null, config.basePath),
      readiness: { ready: true },
      pageCache,
      cdn: { freshSeconds: 10, staleWhileRevalidateSeconds: 60, staleIfErrorSeconds: 3600 },
    });
    const appServer = createServer(setup.listener);
    const appPort = await listen(appServer);
    // With the page cache on, it is emptied before every measured request: a miss.
    const cold = () => pageCache?.purge(null);
    /** The views after a cold one until the page cache answers, at most two: the last of them. */
    async function untilHit(): Promise<Timing> {
      const second = await fetchPage(appPort, PATH, PERSON, 'br');
      return second.pageCache === 'hit' ? second : fetchPage(appPort, PATH, PERSON, 'br');
    }

    await fetchPage(appPort, PATH, PERSON, 'br'); // warm-up: module loading, JIT
    const people: Timing[] = [];
    const thenHits: Timing[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      cold();
      people.push(await fetchPage(appPort, PATH, PERSON, 'br'));
      if (pageCache) thenHits.push(await untilHit());
    }
    const crawlers: Timing[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      cold();
      crawlers.push(await fetchPage(appPort, PATH, CRAWLER, 'identity'));
    }

    const afterPrimary = people.map((t) => t.firstByte - t.articleSent);
    console.log(`${label}`);
    console.log(`  person (br):  first byte after the article was sent: median ${ms(median(afterPrimary))}, p90 ${ms(p90(afterPrimary))} (target <= 30 ms)`);
    console.log(`                time to first byte: median ${ms(median(people.map((t) => t.firstByte - t.sent)))}; article text: ${ms(median(people.map((t) => t.articleText - t.sent)))}; last byte: ${ms(median(people.map((t) => t.lastByte - t.sent)))}; article text before the last byte: median ${ms(median(people.map((t) => t.lastByte - t.articleText)))}, min ${ms(Math.min(...people.map((t) => t.lastByte - t.articleText)))}`);
    const links = newArticleLinks(crawlers[0]?.body ?? '');
    console.log(`                new-articles list (${links} links, as the crawler's) in the same response: ${people.filter((t) => newArticleLinks(t.body) === links && links > 0).length}/${REQUESTS}; first chunk without the list: ${people.filter((t) => newArticleLinks(t.firstChunk) === 0).length}/${REQUESTS}`);
    if (pageCache) console.log(`                misses: ${people.filter((t) => t.pageCache === 'miss').length}/${REQUESTS}; a hit with the whole list by the third view: ${thenHits.filter((t) => t.pageCache === 'hit' && newArticleLinks(t.body) === links).length}/${REQUESTS}`);
    console.log(`  crawler:      time to first byte: median ${ms(median(crawlers.map((t) => t.firstByte - t.sent)))}; time to last byte: median ${ms(median(crawlers.map((t) => t.lastByte - t.sent)))}`);
    console.log(`                first chunk read holds the whole list: ${crawlers.filter((t) => newArticleLinks(t.firstChunk) === links).length}/${REQUESTS}; chunks read per response: median ${median(crawlers.map((t) => t.chunks))}`);
    appServer.close();
  }

  console.log(`streaming benchmark: ${REQUESTS} sequential requests each, ${HOST}${PATH}, findnew answers after ${FINDNEW_DELAY_MS} ms, data cache off`);
  await measure('page cache on (the default; emptied before each request, then the same URL until a hit)', createPageCache({ freshMs: 10_000, staleMs: 60_000, maxBytes: 24 * 1024 * 1024 }));
  await measure('page cache off (PAGE_CACHE_TTL_SECONDS=0)', null);
  contentServer.close();
  campaignServer.close();
}

void main();
