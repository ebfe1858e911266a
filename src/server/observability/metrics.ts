/**
 * Prometheus metrics (prom-client) on a registry of this app instance, served on their own port
 * (METRICS_PORT, front-door/metrics-port.ts), never on the public one. Every label has a bounded set of
 * values: route names, status classes, site keys of configured sites, endpoint paths.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { BuildInfo } from './build-info';
import type { PageCacheResult } from '../page-cache/rules';
import type { UpstreamOutcome } from '../content/http';
import type { CircuitState } from '../content/outage-log';
import type { PurgeRequest } from '../purge/purge-request';
import type { PurgeResult } from '../purge/purger';
import type { CommandOutcome, SharedLookupOutcome, StoreCommand, StoreObserver, StoreState } from '../shared-cache/store';
import { REFUSAL_REASONS, REFUSING_PORTS, type RefusalReason, type RefusingPort } from '../http/connection-refusals';

type PurgeScope = PurgeRequest['scope'];

export type CacheOutcome = 'hit' | 'miss' | 'stale';

export interface RequestObservation {
  /** A route-table name, or one of the few fixed names of requests answered before it. */
  readonly route: string;
  /** A site key of a configured site, or one of SITE_LABEL's reserved values. */
  readonly site: string;
  /** The status code, or 'aborted' when the client left before the answer was complete. */
  readonly status: number | 'aborted';
  readonly seconds: number;
  /** Set for a request the page cache could have answered. */
  readonly pageCache?: PageCacheResult | undefined;
}

/** What the app reports; callers never see prom-client. */
export interface Metrics extends StoreObserver {
  observeRequest(observation: RequestObservation): void;
  observeUpstream(endpoint: string, seconds: number, outcome: UpstreamOutcome): void;
  /** For the data cache: one count per lookup, by cache name and outcome. */
  countCache(kind: string, outcome: CacheOutcome): void;
  /** One request answered 503 at once because too many were in progress (admission.ts). */
  countShed(): void;
  /** One connection a port's guard closed, or one request its parser refused, by reason and port (refusal-report.ts). */
  countRefusedConnection(reason: RefusalReason, port: RefusingPort): void;
  /** One purge (POST /purge) and what it dropped. */
  countPurge(scope: PurgeScope, dropped: PurgeResult): void;
  /** One page rendered because no cache held it (`x-page-cache: miss`), and whether the page cache keeps it. */
  countPageRender(kept: boolean): void;
  /** For the shared tier (CACHE_URL): one count per lookup, by cache (a data kind, or `page`) and outcome. */
  countSharedLookup(cache: string, outcome: SharedLookupOutcome): void;
  /** An upstream origin's circuit changed state from `previous` (outage-log.ts is told first). */
  circuitChanged(origin: string, state: CircuitState, previous: CircuitState | undefined): void;
}

/** For tests and when METRICS_PORT is unset: nothing is collected. */
export const noMetrics: Metrics = {
  observeRequest() {},
  observeUpstream() {},
  countCache() {},
  countShed() {},
  countRefusedConnection() {},
  countPurge() {},
  countPageRender() {},
  countSharedLookup() {},
  observeSharedCommand() {},
  sharedCacheState() {},
  circuitChanged() {},
};

export interface PrometheusMetrics extends Metrics {
  readonly registry: Registry;
}

/** Site label values that no site key can take (site keys are DNS labels); `_metrics_port`: that port's own answers, for no site. */
export const SITE_LABEL = { global: '_global', none: '_none', other: '_other', metricsPort: '_metrics_port' } as const;

/** More distinct site keys than this are counted under SITE_LABEL.other (the reserved labels are not counted). */
export const MAX_SITE_LABELS = 500;

const RESERVED_SITE_LABELS: ReadonlySet<string> = new Set(Object.values(SITE_LABEL));

export function statusClassOf(status: number | 'aborted'): string {
  return status === 'aborted' ? 'aborted' : `${Math.floor(status / 100)}xx`;
}

/** What the instance reports about itself beside its build, each read when /metrics is asked for. */
export interface InstanceFacts {
  /** Whether the instance wants traffic (/readyz). */
  readonly ready?: () => boolean;
  /** The container's memory request and limit in bytes, where the platform says them (config.ts). */
  readonly memory?: { readonly requestBytes: number | undefined; readonly limitBytes: number | undefined };
}

export function createPrometheusMetrics(build: BuildInfo, instance: InstanceFacts = {}): PrometheusMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  // The usual Prometheus "info" metric: always 1, the build in its labels (join on them).
  new Gauge({ name: 'app_build_info', help: 'The running build: package version and git commit', labelNames: ['version', 'commit'] as const, registers }).set(
    { version: build.version, commit: build.commit },
    1,
  );

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route, status class and site key',
    labelNames: ['route', 'status_class', 'site'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const upstreamDuration = new Histogram({
    name: 'upstream_request_duration_seconds',
    help: 'Time of one content API or campaign service call, by endpoint and outcome',
    labelNames: ['endpoint', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const upstreamFailures = new Counter({
    name: 'upstream_failures_total',
    help: 'Failed content API or campaign service calls, by endpoint and kind of failure',
    labelNames: ['endpoint', 'kind'] as const,
    registers,
  });
  // Origins are the two configured backends (their origin only: never a credential or a path).
  const circuitOpenings = new Counter({
    name: 'upstream_circuit_openings_total',
    help: 'Times an upstream origin\'s circuit opened (a failed probe keeps it open: no new opening)',
    labelNames: ['origin'] as const,
    registers,
  });
  const cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Data cache lookups, by cache and outcome (hit, miss, stale)',
    labelNames: ['cache', 'outcome'] as const,
    registers,
  });
  const shedRequests = new Counter({
    name: 'http_requests_shed_total',
    help: 'Requests answered 503 at once because MAX_IN_FLIGHT_REQUESTS were in progress',
    registers,
  });

  const refusedConnections = new Counter({
    name: 'connections_refused_total',
    help: 'Connections a port closed before serving them, and requests its parser refused, by reason and port (public, metrics)',
    labelNames: ['reason', 'port'] as const,
    registers,
  });
  // Each series exists from the start at 0, so that an alert on its rate sees the first refusal.
  for (const port of REFUSING_PORTS) for (const reason of REFUSAL_REASONS) refusedConnections.inc({ reason, port }, 0);

  const purges = new Counter({
    name: 'cache_purges_total',
    help: 'Purges (POST /purge on this port), by scope: all, site or slugs',
    labelNames: ['scope'] as const,
    registers,
  });
  const purgedEntries = new Counter({
    name: 'cache_purged_entries_total',
    help: 'Entries dropped by purges, by cache: data (content API answers) or page (whole pages)',
    labelNames: ['cache'] as const,
    registers,
  });

  const pageRenders = new Counter({
    name: 'page_renders_total',
    help: 'Pages rendered because the page cache held none (x-page-cache: miss), by whether the page cache keeps the result (kept: true, false)',
    labelNames: ['kept'] as const,
    registers,
  });

  const sharedLookups = new Counter({
    name: 'shared_cache_lookups_total',
    help: 'Shared cache tier (CACHE_URL) lookups, by cache and outcome (hit, stale, miss, error)',
    labelNames: ['cache', 'outcome'] as const,
    registers,
  });
  const sharedCommands = new Histogram({
    name: 'shared_cache_command_duration_seconds',
    help: 'Time of one command to the shared cache store, by command and outcome (ok, error, skipped: not sent while the store is down, slow or full)',
    labelNames: ['command', 'outcome'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
    registers,
  });
  const STORE_STATES: readonly StoreState[] = ['connecting', 'up', 'down', 'slow', 'full'];
  const sharedState = new Gauge({
    name: 'shared_cache_state',
    help: 'The shared cache store as this instance sees it: 1 for its current state (up, down, slow, full, connecting), 0 for the others',
    labelNames: ['state'] as const,
    registers,
  });

  const pageCacheResults = new Counter({
    name: 'page_cache_requests_total',
    help: 'Requests the page cache could have answered, by result (hit, stale, miss, admitted, last_resort) and site key',
    labelNames: ['result', 'site'] as const,
    registers,
  });
  const circuitOpen = new Gauge({
    name: 'upstream_circuit_open',
    help: 'Whether calls to an upstream origin fail at once: 1 while its circuit is open or half-open, 0 while closed',
    labelNames: ['origin'] as const,
    registers,
  });

  const { ready, memory } = instance;
  if (ready) {
    new Gauge({
      name: 'app_ready',
      help: 'Whether the instance wants traffic: 1 while /readyz answers 200, 0 from SIGTERM on',
      registers,
      collect() {
        this.set(ready() ? 1 : 0);
      },
    });
  }
  const reportBytes = (name: string, help: string, bytes: number | undefined): void => {
    if (bytes !== undefined) new Gauge({ name, help, registers }).set(bytes);
  };
  reportBytes('app_memory_request_bytes', "The container's memory request (MEMORY_REQUEST_BYTES)", memory?.requestBytes);
  reportBytes('app_memory_limit_bytes', "The container's memory limit (MEMORY_LIMIT_BYTES)", memory?.limitBytes);

  const seenSites = new Set<string>();
  const siteLabel = (site: string): string => {
    // `_global` and the other reserved labels always keep their own series.
    if (RESERVED_SITE_LABELS.has(site) || seenSites.has(site)) return site;
    if (seenSites.size >= MAX_SITE_LABELS) return SITE_LABEL.other;
    seenSites.add(site);
    return site;
  };

  return {
    registry,
    observeRequest({ route, site, status, seconds, pageCache }) {
      const label = siteLabel(site);
      requestDuration.observe({ route, status_class: statusClassOf(status), site: label }, seconds);
      if (pageCache) pageCacheResults.inc({ result: pageCache, site: label });
    },
    observeUpstream(endpoint, seconds, outcome) {
      upstreamDuration.observe({ endpoint, outcome }, seconds);
      if (outcome !== 'ok') upstreamFailures.inc({ endpoint, kind: outcome });
    },
    countCache(kind, outcome) {
      cacheLookups.inc({ cache: kind, outcome });
    },
    countShed() {
      shedRequests.inc();
    },
    countRefusedConnection(reason, port) {
      refusedConnections.inc({ reason, port });
    },
    countPurge(scope, dropped) {
      purges.inc({ scope });
      purgedEntries.inc({ cache: 'data' }, dropped.dataEntries);
      purgedEntries.inc({ cache: 'page' }, dropped.pages);
    },
    countPageRender(kept) {
      pageRenders.inc({ kept: String(kept) });
    },
    countSharedLookup(cache, outcome) {
      sharedLookups.inc({ cache, outcome });
    },
    observeSharedCommand(command: StoreCommand, outcome: CommandOutcome, seconds: number) {
      sharedCommands.observe({ command, outcome }, seconds);
    },
    sharedCacheState(state) {
      for (const each of STORE_STATES) sharedState.set({ state: each }, each === state ? 1 : 0);
    },
    circuitChanged(origin, state, previous) {
      circuitOpen.set({ origin }, state === 'closed' ? 0 : 1);
      // A failed probe (half-open to open) keeps the outage it belongs to: one opening an outage.
      if (state === 'open' && previous === 'closed') circuitOpenings.inc({ origin });
    },
  };
}
