/**
 * The Grafana dashboard (docs/operations.md, Dashboard), built with Grafana's foundation SDK:
 * one row per question on-call asks, every query on the metrics the app serves, the instance
 * variable on every panel and the site variable on every panel whose figures are per site.
 * Pure: dashboardOf() is the dashboard model Grafana imports.
 */
import { DashboardBuilder, DashboardCursorSync, DatasourceVariableBuilder, QueryVariableBuilder, RowBuilder, VariableRefresh, VariableSort, type Dashboard, type Panel, type RowPanel } from '@grafana/grafana-foundation-sdk/dashboard';
import { LegendDisplayMode, LegendPlacement, SortOrder, TooltipDisplayMode, VizLegendOptionsBuilder, VizTooltipOptionsBuilder } from '@grafana/grafana-foundation-sdk/common';
import { DataqueryBuilder } from '@grafana/grafana-foundation-sdk/prometheus';
import { PanelBuilder as StatPanelBuilder } from '@grafana/grafana-foundation-sdk/stat';
import { PanelBuilder as TimeseriesPanelBuilder } from '@grafana/grafana-foundation-sdk/timeseries';
import { AVAILABILITY_OBJECTIVE, COUNTED, JOB, LATENCY_OBJECTIVE_SECONDS } from './objectives';

export const DASHBOARD_FILE = 'deploy/grafana/qa-sites.dashboard.json';

const DATASOURCE = { type: 'prometheus', uid: '${datasource}' };

/** Every series of the instances chosen. */
const INSTANCES = `job="${JOB}",instance=~"$instance"`;
/** …and of the sites chosen (only for metrics with a `site` label). */
const SITES = `${INSTANCES},site=~"$site"`;
const RATE = '[$__rate_interval]';

interface Query {
  readonly expr: string;
  readonly legend: string;
}

const query = (expr: string, legend: string): Query => ({ expr, legend });

function targetsOf(queries: readonly Query[]): DataqueryBuilder[] {
  return queries.map(({ expr, legend }, index) => new DataqueryBuilder().datasource(DATASOURCE).expr(expr).legendFormat(legend).refId(String.fromCharCode(65 + index)));
}

/** A time series panel: a third of the width unless `span` says otherwise. */
function graph(title: string, description: string, unit: string, queries: readonly Query[], span = 8): TimeseriesPanelBuilder {
  const panel = new TimeseriesPanelBuilder()
    .title(title)
    .description(description)
    .unit(unit)
    .span(span)
    .height(8)
    .datasource(DATASOURCE)
    .legend(new VizLegendOptionsBuilder().showLegend(true).displayMode(LegendDisplayMode.List).placement(LegendPlacement.Bottom))
    .tooltip(new VizTooltipOptionsBuilder().mode(TooltipDisplayMode.Multi).sort(SortOrder.Descending));
  for (const target of targetsOf(queries)) panel.withTarget(target);
  return panel;
}

function stat(title: string, description: string, unit: string, queries: readonly Query[], span = 6): StatPanelBuilder {
  const panel = new StatPanelBuilder().title(title).description(description).unit(unit).span(span).height(4).datasource(DATASOURCE);
  for (const target of targetsOf(queries)) panel.withTarget(target);
  return panel;
}

const quantile = (q: number, metric: string, by: string, selector: string): string => `histogram_quantile(${q}, sum by (${by}, le) (rate(${metric}_bucket{${selector}}${RATE})))`;

/** How many sites the per-site panel shows: the busiest. */
const TOP_SITES = 10;

function variable(name: string, label: string, metric: string): QueryVariableBuilder {
  return new QueryVariableBuilder(name)
    .label(label)
    .datasource(DATASOURCE)
    .query({ query: `label_values(${metric}, ${name})`, refId: name })
    .definition(`label_values(${metric}, ${name})`)
    .refresh(VariableRefresh.OnTimeRangeChanged)
    .sort(VariableSort.AlphabeticalAsc)
    .multi(true)
    .includeAll(true)
    .allValue('.*');
}

const upAndReady = new RowBuilder('Is it up and ready?')
  .withPanel(stat('Instances scraped', 'Instances Prometheus reaches on their metrics port (up).', 'short', [query(`sum(up{${INSTANCES}})`, 'up')]))
  .withPanel(stat('Instances ready', 'Instances whose /readyz answers 200 (app_ready): 0 from SIGTERM on, while one drains.', 'short', [query(`sum(app_ready{${INSTANCES}})`, 'ready')]))
  .withPanel(stat('Restarts (1 h)', 'Process starts over the last hour, all instances: a crash loop or OOM kill shows here.', 'short', [query(`sum(changes(process_start_time_seconds{${INSTANCES}}[1h]))`, 'restarts')]))
  .withPanel(stat('Builds running', 'Distinct builds (version and commit) running: 2 during a rolling deploy, else 1.', 'short', [query(`count(count by (version, commit) (app_build_info{${INSTANCES}}))`, 'builds')]));

const served = new RowBuilder('Are visitors served?')
  .withPanel(graph('Requests by route', 'Answers a second, by route, of the sites chosen.', 'reqps', [query(`sum by (route) (rate(http_request_duration_seconds_count{${SITES}}${RATE}))`, '{{route}}')]))
  .withPanel(
    graph('Latency p50 and p99 by route', `Time to the last byte. The objective: 99% of counted requests within ${LATENCY_OBJECTIVE_SECONDS} s (docs/operations.md, Objectives).`, 's', [
      query(quantile(0.5, 'http_request_duration_seconds', 'route', SITES), 'p50 {{route}}'),
      query(quantile(0.99, 'http_request_duration_seconds', 'route', SITES), 'p99 {{route}}'),
    ]),
  )
  .withPanel(graph('Answers by status class', 'Answers a second by status class; aborted: the client left first.', 'reqps', [query(`sum by (status_class) (rate(http_request_duration_seconds_count{${SITES}}${RATE}))`, '{{status_class}}')]))
  .withPanel(graph(`Busiest sites (top ${TOP_SITES})`, 'Answers a second of the busiest site keys (_global: the global setting answered; _none: before host resolution).', 'reqps', [query(`topk(${TOP_SITES}, sum by (site) (rate(http_request_duration_seconds_count{${SITES}}${RATE})))`, '{{site}}')]))
  .withPanel(
    graph('Error ratio against the budget', `5xx answers among counted requests; the availability objective allows ${((1 - AVAILABILITY_OBJECTIVE) * 100).toFixed(1)}% over 30 days.`, 'percentunit', [
      query(`sum(rate(http_request_duration_seconds_count{${SITES},${COUNTED},status_class="5xx"}${RATE})) / sum(rate(http_request_duration_seconds_count{${SITES},${COUNTED}}${RATE}))`, 'error ratio'),
    ]),
  )
  .withPanel(graph('Requests shed', 'Requests answered 503 at once because the admission queue was full (all sites: shed before the site is known).', 'reqps', [query(`sum by (instance) (rate(http_requests_shed_total{${INSTANCES}}${RATE}))`, '{{instance}}')]));

const caching = new RowBuilder('Is the cache doing its job?')
  .withPanel(graph('Page cache by result', 'Requests the page cache could answer: hit (fresh), stale, miss (first request, only remembered), admitted (rendered and kept), last_resort (a kept page after a failed render, degraded).', 'reqps', [query(`sum by (result) (rate(page_cache_requests_total{${SITES}}${RATE}))`, '{{result}}')]))
  .withPanel(
    graph('Page cache hit ratio', 'Answered from a kept page, fresh or stale, among the requests it could answer.', 'percentunit', [
      query(`sum(rate(page_cache_requests_total{${SITES},result=~"hit|stale"}${RATE})) / sum(rate(page_cache_requests_total{${SITES}}${RATE}))`, 'hit ratio'),
    ]),
  )
  .withPanel(graph('Data cache by cache and outcome', 'Lookups of the data cache in front of the content API (all sites share it).', 'ops', [query(`sum by (cache, outcome) (rate(cache_lookups_total{${INSTANCES}}${RATE}))`, '{{cache}} {{outcome}}')]));

const contentApi = new RowBuilder('Is the content API healthy?')
  .withPanel(graph('Calls by endpoint', 'Content API and campaign service calls a second (all sites share them).', 'reqps', [query(`sum by (endpoint) (rate(upstream_request_duration_seconds_count{${INSTANCES}}${RATE}))`, '{{endpoint}}')]))
  .withPanel(graph('Failures by kind', 'Failed calls a second by kind: network, timeout, status, invalid_json, too_large, too_deep, shape, overloaded, circuit_open.', 'reqps', [query(`sum by (kind) (rate(upstream_failures_total{${INSTANCES}}${RATE}))`, '{{kind}}')]))
  .withPanel(graph('Circuit breaker open', '1 while calls to the origin fail at once (open or half-open), per instance.', 'short', [query(`max by (origin, instance) (upstream_circuit_open{${INSTANCES}})`, '{{origin}} {{instance}}')]))
  .withPanel(
    graph('Call latency p50 and p99', 'Time of one call, validation included, all endpoints.', 's', [
      query(quantile(0.5, 'upstream_request_duration_seconds', 'job', INSTANCES), 'p50'),
      query(quantile(0.99, 'upstream_request_duration_seconds', 'job', INSTANCES), 'p99'),
    ], 24),
  );

const memory = new RowBuilder('Is memory in budget?')
  .withPanel(
    graph('Resident memory against the request and limit', "Each instance's RSS; the container's memory request and limit as the pod spec says them (MEMORY_REQUEST_BYTES, MEMORY_LIMIT_BYTES).", 'bytes', [
      query(`process_resident_memory_bytes{${INSTANCES}}`, 'RSS {{instance}}'),
      query(`max(app_memory_request_bytes{${INSTANCES}})`, 'request'),
      query(`max(app_memory_limit_bytes{${INSTANCES}})`, 'limit'),
    ], 12),
  )
  .withPanel(
    graph('V8 heap', 'Heap used and its total; the old space is capped by --max-old-space-size.', 'bytes', [
      query(`nodejs_heap_size_used_bytes{${INSTANCES}}`, 'used {{instance}}'),
      query(`nodejs_heap_size_total_bytes{${INSTANCES}}`, 'total {{instance}}'),
    ], 12),
  );

/**
 * The SDK keeps a row's panels inside it, which Grafana shows only in a collapsed row: here each
 * row is open, followed by its panels (as Grafana saves an open row), and every panel has an id.
 */
const isRow = (panel: Panel | RowPanel): panel is RowPanel => panel.type === 'row';

function withOpenRows(built: Dashboard): Dashboard {
  let id = 0;
  const panels = (built.panels ?? []).flatMap((panel) => (isRow(panel) ? [{ ...panel, collapsed: false, panels: [] }, ...panel.panels] : [panel])).map((panel) => ({ ...panel, id: ++id }));
  return { ...built, panels };
}

export function dashboardOf(): Dashboard {
  const built = new DashboardBuilder('qa-sites')
    .uid('qa-sites')
    .description('The Q&A sites app: is it up, are visitors served, is the cache doing its job, is the content API healthy, is memory in budget (docs/operations.md).')
    .tags(['qa-sites'])
    .tooltip(DashboardCursorSync.Crosshair)
    .refresh('30s')
    .time({ from: 'now-6h', to: 'now' })
    .timezone('utc')
    .withVariable(new DatasourceVariableBuilder('datasource').label('Data source').type('prometheus'))
    .withVariable(variable('instance', 'Instance', `up{job="${JOB}"}`))
    .withVariable(variable('site', 'Site', `http_request_duration_seconds_count{job="${JOB}"}`))
    .withRow(upAndReady)
    .withRow(served)
    .withRow(caching)
    .withRow(contentApi)
    .withRow(memory)
    .build();
  return withOpenRows(built);
}
