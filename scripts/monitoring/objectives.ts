/**
 * The service's objectives (docs/operations.md, Objectives) and the selectors every figure of
 * the dashboard and the alert rules is built on: one place, so that they cannot disagree.
 */

/** The scrape job of the instances: the PodMonitor's `jobLabel` (the pods' app.kubernetes.io/name) and Compose's job_name. */
export const JOB = 'qa-sites';

/** Over what the objectives are judged. */
export const OBJECTIVE_WINDOW = '30d';

/** Of the requests that count, the share answered without a 5xx. */
export const AVAILABILITY_OBJECTIVE = 0.995;

/** Of the requests that count, the share answered within LATENCY_OBJECTIVE_SECONDS (a bucket bound of http_request_duration_seconds). */
export const LATENCY_OBJECTIVE = 0.99;
export const LATENCY_OBJECTIVE_SECONDS = 1;

/**
 * The requests that count: visitors' requests on the public port, of any site (the admission's
 * 503 included); not the probes, the assets (answered from memory, they would only dilute the
 * figures), nor the metrics port's own answers. A client that left first (`aborted`) counts in
 * neither the good nor the bad.
 */
export const COUNTED = `job="${JOB}",site!="_metrics_port",route!~"healthz|readyz|assets",status_class!="aborted"`;

/** The error budget: the share of counted requests that may fail. */
export const ERROR_BUDGET = Number((1 - AVAILABILITY_OBJECTIVE).toFixed(6));

/**
 * Multi-window, multi-burn-rate alerts (the Site Reliability Workbook, "Alerting on SLOs"): each
 * fires when both its long and its short window burn the budget at `factor` times the rate that
 * would spend it exactly over OBJECTIVE_WINDOW; the short window ends the alert soon after the
 * burn stops. 14.4 for 1 h spends 2% of a 30-day budget, 6 for 6 h 5%, 3 for 1 d 10%, 1 for 3 d 10%.
 */
export const BURN_RATES = [
  { severity: 'critical', long: '1h', short: '5m', factor: 14.4 },
  { severity: 'critical', long: '6h', short: '30m', factor: 6 },
  { severity: 'warning', long: '1d', short: '2h', factor: 3 },
  { severity: 'warning', long: '3d', short: '6h', factor: 1 },
] as const;

/** The recorded error ratio of the counted requests over `window` (alerts.ts records one per window the burn rates use). */
export const errorRatioRecord = (window: string): string => `qa_sites:request_errors:ratio_rate${window}`;

/** The error ratio of the counted requests over `window`, by job. */
export function errorRatioExpr(window: string): string {
  return `sum by (job) (rate(http_request_duration_seconds_count{${COUNTED},status_class="5xx"}[${window}]))\n/\nsum by (job) (rate(http_request_duration_seconds_count{${COUNTED}}[${window}]))`;
}
