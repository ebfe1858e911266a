/**
 * Upstream calls per minute under a steady mix of page views over many sites, for both cache
 * lifetime settings (CACHE_LIFETIMES=short, the default; long, for a deployment that purges):
 *
 *   npm run bench -- lifetimes [minutes=120] [views-per-second=5]
 *
 * One app instance, built as index.ts builds it (data cache, page cache, purge), in this process,
 * against the demo content API over a generated network of 200 sites (4 categories and 40
 * answers each) on loopback. The lifetimes are minutes long, so the caches run on a virtual
 * clock: before each page view it moves on by 1/rate s, and the views are sent one after another
 * (a view rate, not a load test). Sites are picked by a Zipf law (s = 1), answers within a site
 * too; 30% of views are homes, 20% category pages, 50% answers. A third run adds editors: every
 * 30 virtual seconds an answer somewhere is retitled in the content API and purged by slug.
 * Reported: content-API calls per virtual minute, the mean over the second half of the run (past
 * the longest lifetime, 60 minutes, so every kind of entry has expired and been fetched again
 * at least once), and the share of page-cache hits.
 */
import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerSetup } from '../../src/server/app';
import { assetsFrom } from '../../src/server/render/assets';
import { loadConfig, sharedCacheTimesOf } from '../../src/server/config/config';
import { createLogger } from '../../src/server/observability/logger';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { createPurger } from '../../src/server/purge/purger';
import { createCampaignApi } from '../../src/server/content/campaign-api';
import { requestContentApiFor } from '../../src/server/content/request-content-api';
import { createContentApi } from '../../src/server/content/content-api';
import { createDataCache, DEFAULT_CACHE_POLICIES, LONG_CACHE_POLICIES } from '../../src/server/content/data-cache';
import { createCampaignHandler, type DemoDataset } from '../../src/demo/content-api';
import { editableContentApi } from '../../src/demo/editing';
import type { Article, Category, SiteSettingInput } from '../../src/shared/records';
import { createOutageLog } from '../../src/server/content/outage-log';

const MINUTES = Number(process.argv[2] ?? 120);
const VIEWS_PER_SECOND = Number(process.argv[3] ?? 5);
const SITES = 200;
const CATEGORIES_PER_SITE = 4;
const ARTICLES_PER_SITE = 40;
const EDIT_EVERY_SECONDS = 30;
const PAGE_CACHE_MAX_BYTES = 24 * 1024 * 1024;
const TOKEN = 'bench-lifetimes-token-0123456789abcdef';

const hostOf = (site: number) => `site-${site}.bench.test`;
const slugOf = (site: number, article: number) => `s${site}-answer-${article}`;

function network(): DemoDataset {
  const domains: SiteSettingInput[] = [];
  const categories: Category[] = [];
  const articles: Article[] = [];
  for (let s = 1; s <= SITES; s++) {
    const categoryIds = Array.from({ length: CATEGORIES_PER_SITE }, (_, c) => `cat-${s}-${c + 1}`);
    categoryIds.forEach((id, c) => categories.push({ _id: id, name: `Topic ${c + 1} of site ${s}`, slug: `s${s}-topic-${c + 1}` }));
    for (let a = 1; a <= ARTICLES_PER_SITE; a++) {
      articles.push({
        _id: `art-${s}-${a}`,
        slug: slugOf(s, a),
        domains: [`dom-${s}`],
        title: `Question ${a} of site ${s}?`,
        excerpt: `Short answer ${a}.`,
        body: `<p>${'An answer of a few sentences. '.repeat(30)}</p>`,
        category: categoryIds[(a - 1) % CATEGORIES_PER_SITE],
        publishedAt: new Date(Date.UTC(2026, 0, 1) + a * 3_600_000).toISOString(),
      });
    }
    domains.push({
      _id: `dom-${s}`,
      type: 'domains',
      active: true,
      url: hostOf(s),
      name: `Site ${s}`,
      config: { disable_ads: true, igp_settings: { title: `Site ${s}` } },
      menu: { categories_menu_option: categoryIds, other_menu_option: [] },
      final_articles: Array.from({ length: 10 }, (_, a) => `art-${s}-${a + 1}`),
    });
  }
  const global: SiteSettingInput = { _id: 'global', type: 'global', active: true, url: '', name: 'Network', config: { global: true, disable_ads: true }, final_articles: [] };
  return { global, domains, subdomains: [], categories, articles, campaigns: {} };
}

/** A seeded generator (mulberry32): every run sees the same views. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 1..n, item k with weight 1/k. */
function zipf(n: number, next: () => number): () => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 1; k <= n; k++) cumulative.push((sum += 1 / k));
  return () => {
    const target = next() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 0) < target) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  };
}

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

interface Run {
  readonly name: string;
  readonly lifetimes: 'short' | 'long';
  readonly edits: boolean;
}

async function measure(run: Run): Promise<{ perMinute: number[]; hits: number; views: number; purges: number }> {
  const content = editableContentApi(network(), { httpEdits: false });
  let upstreamCalls = 0;
  const contentServer = createServer((req, res) => {
    upstreamCalls++;
    content.handler(req, res);
  });
  const campaignServer = createServer(createCampaignHandler(network()));
  const [contentPort, campaignPort] = await Promise.all([listen(contentServer), listen(campaignServer)]);

  const env: Record<string, string> = { LOG_LEVEL: 'silent', DEFAULT_SITE_KEY: 'bench' };
  if (run.lifetimes === 'long') Object.assign(env, { CACHE_LIFETIMES: 'long', PURGE_TOKEN: TOKEN, METRICS_PORT: '0' });
  const config = loadConfig(env);
  const logger = createLogger('silent');
  const outage = createOutageLog({ log: logger, intervalMs: 60_000 });
  let clock = 1_000_000;
  const now = () => clock;
  const contentApi = createContentApi({ baseUrl: `http://127.0.0.1:${contentPort}`, timeoutMs: 2000, log: logger, limits: config.upstreamLimits, outage });
  const dataCache = createDataCache({ policies: config.cacheLifetimes === 'long' ? LONG_CACHE_POLICIES : DEFAULT_CACHE_POLICIES, maxStaleMs: config.staleIfErrorSeconds * 1000, failureBackoffMs: 2000, log: logger, outage, now });
  const pageCache = createPageCache({ freshMs: config.pageCacheTtlSeconds * 1000, staleMs: config.pageCacheStaleSeconds * 1000, maxBytes: PAGE_CACHE_MAX_BYTES, now });
  const purge = createPurger({ dataCache, pageCache });
  const setup = createServerSetup({
    upstreamFailingFast: () => outage.anyCircuitOpen,
    config,
    logger,
    contentApiFor: requestContentApiFor({ inner: contentApi, cache: dataCache }),
    campaignApi: createCampaignApi({ baseUrl: `http://127.0.0.1:${campaignPort}`, timeoutMs: 2000, log: logger, limits: config.upstreamLimits, outage }),
    assets: assetsFrom({ client: '/assets/client.js', stylesheet: '/assets/site.css' }, null, config.basePath),
    readiness: { ready: true },
    pageCache,
    cdn: { ...sharedCacheTimesOf(config), staleIfErrorSeconds: config.staleIfErrorSeconds },
  });
  const appServer = createServer(setup.listener);
  const appPort = await listen(appServer);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const view = (host: string, path: string) =>
    new Promise<boolean>((resolve, reject) => {
      request({ host: '127.0.0.1', port: appPort, path, agent, headers: { host, 'accept-encoding': 'br' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers['x-page-cache'] === 'hit'));
      })
        .on('error', reject)
        .end();
    });

  const next = random(29);
  const pickSite = zipf(SITES, next);
  const pickArticle = zipf(ARTICLES_PER_SITE, next);
  const perMinute: number[] = [];
  const stepMs = 1000 / VIEWS_PER_SECOND;
  const views = MINUTES * 60 * VIEWS_PER_SECOND;
  let hits = 0;
  let purges = 0;
  let nextEditAt = clock + EDIT_EVERY_SECONDS * 1000;
  let minuteStartCalls = 0;
  for (let i = 0; i < views; i++) {
    clock += stepMs;
    if (run.edits && clock >= nextEditAt) {
      nextEditAt += EDIT_EVERY_SECONDS * 1000;
      const site = pickSite();
      const slug = slugOf(site, pickArticle());
      content.edit(slug, { title: `Edited at ${clock}?` });
      purge({ scope: 'slugs', host: hostOf(site), slugs: [slug] });
      purges++;
    }
    const site = pickSite();
    const kind = next();
    const path = kind < 0.3 ? '/' : kind < 0.5 ? `/category/s${site}-topic-${1 + Math.floor(next() * CATEGORIES_PER_SITE)}` : `/${slugOf(site, pickArticle())}`;
    if (await view(hostOf(site), path)) hits++;
    if ((i + 1) % (60 * VIEWS_PER_SECOND) === 0) {
      perMinute.push(upstreamCalls - minuteStartCalls);
      minuteStartCalls = upstreamCalls;
    }
  }
  agent.destroy();
  await Promise.all([appServer, contentServer, campaignServer].map((server) => new Promise((resolve) => server.close(resolve))));
  return { perMinute, hits, views, purges };
}

async function main(): Promise<void> {
  const runs: Run[] = [
    { name: 'short (default)', lifetimes: 'short', edits: false },
    { name: 'long', lifetimes: 'long', edits: false },
    { name: `long, an edit purged every ${EDIT_EVERY_SECONDS} s`, lifetimes: 'long', edits: true },
  ];
  console.log(`cache lifetimes: ${SITES} sites, ${VIEWS_PER_SECOND} page views/s (${VIEWS_PER_SECOND * 60}/min) for ${MINUTES} virtual minutes; mean over minutes ${Math.floor(MINUTES / 2) + 1}-${MINUTES}`);
  for (const run of runs) {
    const started = performance.now();
    const { perMinute, hits, views, purges } = await measure(run);
    const steady = perMinute.slice(Math.floor(MINUTES / 2));
    const mean = steady.reduce((sum, calls) => sum + calls, 0) / steady.length;
    const total = perMinute.reduce((sum, calls) => sum + calls, 0);
    console.log(
      `${run.name.padEnd(36)} upstream calls/min: mean ${mean.toFixed(0)}, min ${Math.min(...steady)}, max ${Math.max(...steady)}; ` +
        `total ${total}; page-cache hits ${((100 * hits) / views).toFixed(1)}%; purges ${purges}; ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
