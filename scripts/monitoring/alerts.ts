/**
 * The alert rules (docs/operations.md, Alerts), with the recording rules the burn-rate alerts
 * read, and for each alert two unit tests for `promtool test rules`: synthetic series that fire
 * it, and healthy ones near its threshold that keep it quiet. Data only; rules-files.ts writes
 * them out as a Prometheus rules file, a PrometheusRule and the promtool test file.
 */
import { BURN_RATES, COUNTED, ERROR_BUDGET, errorRatioExpr, errorRatioRecord, JOB, LATENCY_OBJECTIVE, LATENCY_OBJECTIVE_SECONDS } from './objectives';

export type Severity = 'critical' | 'warning';

/** Where an alert's runbook is: a heading of one of the docs (its anchor is checked by the tests). */
export interface Runbook {
  readonly doc: 'docs/operations.md' | 'docs/support.md';
  readonly heading: string;
}

/** Series for `promtool test rules`, at one-minute steps, and when the alert is looked at. */
export interface SeriesCase {
  readonly series: readonly { readonly series: string; readonly values: string }[];
  readonly evalTime: string;
}

export interface AlertRule {
  readonly alert: string;
  readonly expr: string;
  readonly for: string;
  readonly severity: Severity;
  readonly summary: string;
  readonly description: string;
  readonly runbook: Runbook;
  /** Series that fire it, and the labels (beside severity) the alert then has. */
  readonly fires: SeriesCase & { readonly labels: Readonly<Record<string, string>> };
  /** Healthy series near its threshold: it stays quiet. */
  readonly quiet: SeriesCase;
}

export interface RecordingRule {
  readonly record: string;
  readonly expr: string;
}

/** Every window the burn-rate alerts read. */
const BURN_WINDOWS = [...new Set(BURN_RATES.flatMap(({ long, short }) => [long, short]))];

export const RECORDING_RULES: readonly RecordingRule[] = BURN_WINDOWS.map((window) => ({ record: errorRatioRecord(window), expr: errorRatioExpr(window) }));

const runbook = (heading: string): Runbook => ({ doc: 'docs/operations.md', heading });

const INSTANCE = '10.0.0.11:9464';
const OTHER_INSTANCE = '10.0.0.12:9464';
const ORIGIN = 'https://content-api.example.com';
const at = (name: string, labels: Readonly<Record<string, string>>): string => `${name}{${Object.entries({ job: JOB, instance: INSTANCE, ...labels }).map(([key, value]) => `${key}="${value}"`).join(',')}}`;

/** Served page requests of one instance: `good` and `bad` (5xx) more each minute, for `minutes`. */
function requests(good: number, bad: number, minutes: number): SeriesCase['series'] {
  const labels = { route: 'article', site: 'cooking' };
  return [
    { series: at('http_request_duration_seconds_count', { ...labels, status_class: '2xx' }), values: `0+${good}x${minutes}` },
    { series: at('http_request_duration_seconds_count', { ...labels, status_class: '5xx' }), values: `0+${bad}x${minutes}` },
  ];
}

/** Request-duration buckets of one instance: of 100 requests a minute, how many ended within each bound. */
function durations(within: Readonly<Record<string, number>>, minutes: number): SeriesCase['series'] {
  return Object.entries({ ...within, '+Inf': 100 }).map(([le, count]) => ({ series: at('http_request_duration_seconds_bucket', { route: 'article', site: 'cooking', status_class: '2xx', le }), values: `0+${count}x${minutes}` }));
}

/** Content API calls of one instance a minute: `ok` and `failed` (timeouts). */
function contentApiCalls(ok: number, failed: number): SeriesCase['series'] {
  const endpoint = '/api/article/get';
  return [
    { series: at('upstream_request_duration_seconds_count', { endpoint, outcome: 'ok' }), values: `0+${ok}x30` },
    { series: at('upstream_request_duration_seconds_count', { endpoint, outcome: 'timeout' }), values: `0+${failed}x30` },
    { series: at('upstream_failures_total', { endpoint, kind: 'timeout' }), values: `0+${failed}x30` },
  ];
}

const burnExpr = (severity: Severity): string =>
  BURN_RATES.filter((rate) => rate.severity === severity)
    .map(({ long, short, factor }) => `(${errorRatioRecord(long)} > (${factor} * ${ERROR_BUDGET}) and ${errorRatioRecord(short)} > (${factor} * ${ERROR_BUDGET}))`)
    .join('\nor\n');

const MEMORY_LIMIT = 402_653_184;

export const ALERT_RULES: readonly AlertRule[] = [
  {
    alert: 'QaSitesErrorBudgetBurn',
    expr: burnExpr('critical'),
    for: '2m',
    severity: 'critical',
    summary: 'Visitors get errors fast enough to spend the availability error budget within days',
    description: 'Over 1 h and 5 min (or 6 h and 30 min) the share of 5xx answers burns the 30-day error budget at 14.4 (or 6) times its rate.',
    runbook: runbook('QaSitesErrorBudgetBurn'),
    // 10% errors for 70 minutes; quiet: 1% (twice the budget's rate, a slow burn's business).
    fires: { series: requests(90, 10, 80), evalTime: '70m', labels: { job: JOB } },
    quiet: { series: requests(99, 1, 80), evalTime: '70m' },
  },
  {
    alert: 'QaSitesErrorBudgetBurnSlow',
    expr: burnExpr('warning'),
    for: '15m',
    severity: 'warning',
    summary: 'Visitors get errors steadily enough to spend the availability error budget before the month ends',
    description: 'Over 1 d and 2 h (or 3 d and 6 h) the share of 5xx answers burns the 30-day error budget at 3 (or 1) times its rate.',
    runbook: runbook('QaSitesErrorBudgetBurnSlow'),
    // 2% errors for a day and more; quiet: 0.3%, inside the budget, as long.
    fires: { series: requests(98, 2, 1600), evalTime: '1590m', labels: { job: JOB } },
    quiet: { series: requests(997, 3, 1600), evalTime: '1590m' },
  },
  {
    alert: 'QaSitesLatencyOverObjective',
    expr: `histogram_quantile(${LATENCY_OBJECTIVE}, sum by (job, le) (rate(http_request_duration_seconds_bucket{${COUNTED}}[5m]))) > ${LATENCY_OBJECTIVE_SECONDS}`,
    for: '15m',
    severity: 'warning',
    summary: `The 99th percentile of page answers is over the objective of ${LATENCY_OBJECTIVE_SECONDS} s`,
    description: `For 15 minutes more than 1% of the counted requests took longer than ${LATENCY_OBJECTIVE_SECONDS} s.`,
    runbook: runbook('QaSitesLatencyOverObjective'),
    // 5% over 1 s; quiet: all within 1 s, 2% over 0.5 s.
    fires: { series: durations({ '0.5': 90, '1': 95, '2.5': 100 }, 30), evalTime: '25m', labels: { job: JOB } },
    quiet: { series: durations({ '0.5': 98, '1': 100, '2.5': 100 }, 30), evalTime: '25m' },
  },
  {
    alert: 'QaSitesRequestsShed',
    expr: `sum by (job) (rate(http_requests_shed_total{job="${JOB}"}[5m])) > 0`,
    for: '10m',
    severity: 'warning',
    summary: 'Requests are turned away with a 503 because too many are in progress, for 10 minutes',
    description: 'The admission queue is full (MAX_IN_FLIGHT_REQUESTS in progress, MAX_QUEUED_REQUESTS waiting): capacity is short or the content API is slow.',
    runbook: runbook('QaSitesRequestsShed'),
    // Shedding all along; quiet: one burst, over in a minute.
    fires: { series: [{ series: at('http_requests_shed_total', {}), values: '0+5x30' }], evalTime: '25m', labels: { job: JOB } },
    quiet: { series: [{ series: at('http_requests_shed_total', {}), values: '0x10 50x20' }], evalTime: '25m' },
  },
  {
    alert: 'QaSitesContentApiFailing',
    expr: `sum by (job) (rate(upstream_failures_total{job="${JOB}",endpoint=~"/api/.*"}[5m]))\n/\nsum by (job) (rate(upstream_request_duration_seconds_count{job="${JOB}",endpoint=~"/api/.*"}[5m]))\n> 0.1`,
    for: '5m',
    severity: 'warning',
    summary: 'More than 10% of content API calls fail',
    description: 'Pages are built from stale data, fallbacks and kept pages while it lasts; pages never kept get the 503 page.',
    runbook: runbook('QaSitesContentApiFailing'),
    // 3 of 10 calls time out; quiet: 1 of 100.
    fires: { series: contentApiCalls(7, 3), evalTime: '20m', labels: { job: JOB } },
    quiet: { series: contentApiCalls(99, 1), evalTime: '20m' },
  },
  {
    alert: 'QaSitesUpstreamCircuitOpen',
    expr: `max by (job, origin) (upstream_circuit_open{job="${JOB}"}) == 1`,
    for: '2m',
    severity: 'warning',
    summary: 'Calls to an upstream origin fail at once: its circuit breaker is open',
    description: 'UPSTREAM_BREAKER_FAILURES failures in a row opened it; every UPSTREAM_BREAKER_OPEN_MS one probe call may close it again.',
    runbook: runbook('QaSitesUpstreamCircuitOpen'),
    // Open for ten minutes; quiet: open for one minute, then closed by the probe.
    fires: { series: [{ series: at('upstream_circuit_open', { origin: ORIGIN }), values: '0x2 1x10' }], evalTime: '10m', labels: { job: JOB, origin: ORIGIN } },
    quiet: { series: [{ series: at('upstream_circuit_open', { origin: ORIGIN }), values: '0x3 1 0x6' }], evalTime: '10m' },
  },
  {
    alert: 'QaSitesMemoryNearLimit',
    expr: `process_resident_memory_bytes{job="${JOB}"} / on (job, instance) app_memory_limit_bytes{job="${JOB}"} > 0.9`,
    for: '10m',
    severity: 'warning',
    summary: "An instance's resident memory is over 90% of its container's limit",
    description: 'Past the limit the kernel kills the process (OOMKilled); the V8 heap is capped below it (--max-old-space-size).',
    runbook: runbook('QaSitesMemoryNearLimit'),
    // 370 MB of a 384 MiB limit; quiet: 300 MB.
    fires: {
      series: [
        { series: at('process_resident_memory_bytes', {}), values: '370000000x20' },
        { series: at('app_memory_limit_bytes', {}), values: `${MEMORY_LIMIT}x20` },
      ],
      evalTime: '15m',
      labels: { job: JOB, instance: INSTANCE },
    },
    quiet: {
      series: [
        { series: at('process_resident_memory_bytes', {}), values: '300000000x20' },
        { series: at('app_memory_limit_bytes', {}), values: `${MEMORY_LIMIT}x20` },
      ],
      evalTime: '15m',
    },
  },
  {
    alert: 'QaSitesInstanceNotReady',
    expr: `up{job="${JOB}"} == 0 or app_ready{job="${JOB}"} == 0`,
    for: '5m',
    severity: 'warning',
    summary: 'An instance has not been scraped, or not been ready, for 5 minutes',
    description: 'A deploy drains an instance for seconds only: this one is down, stuck in its drain, or unreachable from Prometheus.',
    runbook: runbook('QaSitesInstanceNotReady'),
    // Down from minute 2 on; quiet: a restart, not ready for a minute.
    fires: { series: [{ series: at('up', {}), values: '1x2 0x10' }], evalTime: '10m', labels: { job: JOB, instance: INSTANCE } },
    quiet: {
      series: [
        { series: at('up', {}), values: '1x12' },
        { series: at('app_ready', {}), values: '1x4 0 1x7' },
      ],
      evalTime: '10m',
    },
  },
  {
    alert: 'QaSitesNoInstanceReady',
    expr: `absent(app_ready{job="${JOB}"} == 1)`,
    for: '2m',
    severity: 'critical',
    summary: 'No instance is ready: every visitor gets an error from the load balancer',
    description: 'No scraped instance reports app_ready 1 (all down, all draining, or none scraped).',
    runbook: runbook('QaSitesNoInstanceReady'),
    // Both instances not ready; quiet: one of the two still ready.
    fires: {
      series: [
        { series: at('app_ready', {}), values: '0x10' },
        { series: at('app_ready', { instance: OTHER_INSTANCE }), values: '0x10' },
      ],
      evalTime: '5m',
      // absent() of a comparison has no labels to give.
      labels: {},
    },
    quiet: {
      series: [
        { series: at('app_ready', {}), values: '0x10' },
        { series: at('app_ready', { instance: OTHER_INSTANCE }), values: '1x10' },
      ],
      evalTime: '5m',
    },
  },
];
