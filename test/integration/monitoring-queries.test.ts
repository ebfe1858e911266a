/**
 * The dashboard's and the alert rules' queries against what the app really serves: every query
 * parses (Prometheus' grammar), names only metrics that an instance's /metrics shows, scraped
 * over HTTP after requests of every kind, and filters only on label values found there. The
 * dashboard's instance variable is on every panel, its site variable on every per-site one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { dashboardOf } from '../../scripts/monitoring/dashboard';
import { ALERT_RULES, RECORDING_RULES } from '../../scripts/monitoring/alerts';
import { metricsPortHandler } from '../../src/server/front-door/metrics-port';
import { createPrometheusMetrics } from '../../src/server/observability/metrics';
import { createPageCache } from '../../src/server/page-cache/page-cache';
import { assetsFrom } from '../../src/server/render/assets';
import { createDataCache } from '../../src/server/content/data-cache';
import { failWith } from '../support/fake-upstream';
import { selectorsOf, withGrafanaVariables, type Selector } from '../support/promql';
import { HANG_TIMEOUT_MS, startTestApp, type TestApp } from '../support/test-app';

const HOST = 'sub.example.com';
const FRESH_MS = 10_000;
/** Labels Prometheus adds to every scraped series, and its own series of each target. */
const SCRAPE_LABELS = new Set(['job', 'instance']);
const SCRAPE_SERIES = new Set(['up']);

type Scraped = ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>>;

/** Every sample name of a Prometheus text exposition, with the values each of its labels takes. Pure. */
function scrapedOf(text: string): Scraped {
  const metrics = new Map<string, Map<string, Set<string>>>();
  for (const line of text.split('\n')) {
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? /.exec(line);
    if (!sample?.[1]) continue;
    const labels = metrics.get(sample[1]) ?? new Map<string, Set<string>>();
    metrics.set(sample[1], labels);
    for (const [, name, value] of (sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) if (name && value !== undefined) labels.set(name, (labels.get(name) ?? new Set()).add(value));
  }
  return metrics;
}

/** What is wrong with one selector against the scrape: an unknown metric, or a filter no value it takes fits. */
function problemsOf(selector: Selector, scraped: Scraped, recorded: ReadonlySet<string>): string[] {
  if (SCRAPE_SERIES.has(selector.metric) || recorded.has(selector.metric)) return [];
  const labels = scraped.get(selector.metric);
  if (!labels) return [`${selector.metric}: no such metric on /metrics`];
  return selector.matchers.flatMap(({ label, op, value }) => {
    if (SCRAPE_LABELS.has(label) || value === '.*') return [];
    const values = labels.get(label);
    if (!values) return [`${selector.metric}: no label ${label}`];
    // Each alternative of a regex (`hit|stale`) must be a value it takes, or match one.
    const wanted = op === '=~' || op === '!~' ? value.split('|') : [value];
    return wanted.filter((alternative) => ![...values].some((seen) => new RegExp(`^(?:${alternative})$`).test(seen))).map((missing) => `${selector.metric}: ${label} is never "${missing}" (${[...values].sort().join(', ')})`);
  });
}

const dashboard = dashboardOf();
const panels = (dashboard.panels ?? []).filter((panel) => panel.type !== 'row');
const panelQueries = panels.flatMap((panel) => ((panel as { targets?: { expr?: string }[] }).targets ?? []).map((target) => ({ where: `panel "${panel.title}"`, expr: String(target.expr) })));
const ruleQueries = [...RECORDING_RULES.map((rule) => ({ where: `record ${rule.record}`, expr: rule.expr })), ...ALERT_RULES.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr }))];
const recorded = new Set(RECORDING_RULES.map((rule) => rule.record));

let t: TestApp;
let metricsPort: Server;
let scraped: Scraped;
let clock = 1_000_000;
const assetsDir = mkdtempSync(path.join(tmpdir(), 'monitoring-assets-'));

/** A request whose client leaves once the upstream has its call (the app counts it `aborted`). */
async function abandoned(path: string): Promise<void> {
  const { port } = (await listening(createServer(t.app))).address() as AddressInfo;
  const asked = t.upstream.calls.length;
  const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: HOST } });
  req.on('error', () => undefined);
  req.end();
  while (t.upstream.calls.length === asked) await new Promise((resolve) => setImmediate(resolve));
  req.destroy();
}

const servers: Server[] = [];
async function listening(server: Server): Promise<Server> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  const readiness = { ready: true };
  const metrics = createPrometheusMetrics({ version: '1.2.3', commit: 'abc' }, { ready: () => readiness.ready, memory: { requestBytes: 268_435_456, limitBytes: 402_653_184 } });
  const pageCache = createPageCache({ freshMs: FRESH_MS, staleMs: 60_000, lastGoodMs: 3_600_000, maxBytes: 10 * 1024 * 1024, now: () => clock });
  writeFileSync(path.join(assetsDir, 'client-TEST.js'), 'export {};\n');
  const policy = { ttlMs: 1000, maxEntries: 100, maxBytes: 1024 * 1024 };
  t = await startTestApp({
    metrics,
    pageCache,
    // The data cache as index.ts wires it, reporting to the metrics; no stale data, so a failed refresh fails the page.
    dataCache: (log, outage) => createDataCache({ policies: { settings: policy, menus: policy, lists: policy, articles: policy }, maxStaleMs: 0, failureBackoffMs: 100, log, outage, onOutcome: metrics.countCache, now: () => clock }),
    assets: assetsFrom({ client: '/assets/client-TEST.js', stylesheet: '/assets/site-TEST.css' }, assetsDir, ''),
    env: { MAX_IN_FLIGHT_REQUESTS: '1', MAX_QUEUED_REQUESTS: '0' },
  });
  metricsPort = await listening(createServer(metricsPortHandler({ registry: metrics.registry, readiness, logger: pino({ enabled: false }), metrics })));
  const metricsUrl = `http://127.0.0.1:${(metricsPort.address() as AddressInfo).port}`;
  const get = (path: string, host = HOST) => request(t.app).get(path).set('Host', host);

  // Pages, a 404, the probes, an asset, the global site and a host before resolution.
  await get('/');
  await get('/no-such-article');
  await get('/healthz');
  await get('/readyz');
  expect((await get('/assets/client-TEST.js')).status).toBe(200);
  await get('/', 'unknown.example.org');
  // The page cache: miss, admitted, hit; stale while another request refreshes; last resort.
  for (let n = 0; n < 3; n++) await get('/article-1');
  clock += FRESH_MS + 1;
  t.setUpstreamTimeout(HANG_TIMEOUT_MS);
  t.upstream.override('/api/article/get', failWith.hang());
  const asked = t.upstream.callsTo('/api/article/get').length;
  const refreshing = get('/article-1').then((answer) => answer);
  while (t.upstream.callsTo('/api/article/get').length === asked) await new Promise((resolve) => setImmediate(resolve));
  expect((await get('/article-1')).headers['x-page-cache']).toBe('hit');
  // Shed: the one slot is held by the refresh, and nothing may wait.
  expect((await get('/article-2')).status).toBe(503);
  expect((await refreshing).headers['x-page-cache']).toBe('last-resort');
  // A client that leaves; a 5xx from a failing content API.
  await abandoned('/article-3');
  t.upstream.override('/api/article/get', failWith.status(500));
  expect((await get('/article-4')).status).toBe(503);

  // Scraped twice: the first scrape is the metrics port's own first answer in the second.
  await request(metricsUrl).get('/metrics');
  scraped = scrapedOf((await request(metricsUrl).get('/metrics')).text);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await t.close();
  rmSync(assetsDir, { recursive: true, force: true });
});

describe.each([
  ['the dashboard', panelQueries],
  ['the alert rules', ruleQueries],
])('every query of %s', (_what, queries) => {
  test.each(queries.map((query) => [query.where, query.expr]))('%s parses, names metrics /metrics shows and label values it has', (_where, expr) => {
    const parsed = selectorsOf(withGrafanaVariables(expr));
    if ('error' in parsed) throw new Error(`${expr}\n${parsed.error}`);
    expect(parsed.selectors.length).toBeGreaterThan(0);
    expect(parsed.selectors.flatMap((selector) => problemsOf(selector, scraped, recorded))).toEqual([]);
  });
});

describe('the dashboard', () => {
  test('has the five rows of the questions on-call asks, each with panels', () => {
    const rows = (dashboard.panels ?? []).filter((panel) => panel.type === 'row').map((row) => row.title);
    expect(rows).toEqual(['Is it up and ready?', 'Are visitors served?', 'Is the cache doing its job?', 'Is the content API healthy?', 'Is memory in budget?']);
    expect(new Set(panels.map((panel) => panel.id)).size).toBe(panels.length);
  });

  test('every query selects the job and the chosen instances; those of per-site metrics the chosen sites', () => {
    const unfiltered = panelQueries.flatMap(({ where, expr }) => {
      const parsed = selectorsOf(expr.replaceAll('$__rate_interval', '5m'));
      if ('error' in parsed) return [`${where}: ${parsed.error}`];
      return parsed.selectors.flatMap(({ metric, matchers }) => {
        const has = (label: string, op: string, value: string) => matchers.some((matcher) => matcher.label === label && matcher.op === op && matcher.value === value);
        const perSite = scraped.get(metric)?.has('site') ?? false;
        return [
          ...(has('job', '=', 'qa-sites') && has('instance', '=~', '$instance') ? [] : [`${where}: ${metric} without the job and $instance`]),
          ...(!perSite || has('site', '=~', '$site') ? [] : [`${where}: ${metric} without $site`]),
        ];
      });
    });
    expect(unfiltered).toEqual([]);
    // The site variable takes its values from the request metric, which has them.
    expect(scraped.get('http_request_duration_seconds_count')?.get('site')).toEqual(new Set(['example', '_global', '_none', '_metrics_port']));
  });

  test('the page-cache results of every kind were seen (the scrape the queries were read against is complete)', () => {
    expect(scraped.get('page_cache_requests_total')?.get('result')).toEqual(new Set(['hit', 'stale', 'miss', 'admitted', 'last_resort']));
    expect(scraped.get('http_request_duration_seconds_count')?.get('status_class')).toEqual(new Set(['2xx', '4xx', '5xx', 'aborted']));
  });
});
