/**
 * Every event the app logs, declared once: its name (the line's `event` field, which alerts and
 * support searches rely on), the level it is written at, and what it means. Code names an event
 * by reference, never by a string; the error catalogue (errors.ts) points at the events its
 * answers are logged with. docs/support.md's table of events lists exactly these
 * (test/unit/docs/support-events.test.ts).
 */

export type LogLevel = 'info' | 'warn' | 'error' | 'fatal';

export interface LogEvent {
  readonly event: string;
  /** The level it is written at (a few are quieter or louder in one case, which `means` names). */
  readonly level: LogLevel;
  readonly means: string;
}

export const LOG_EVENTS = {
  SERVER_LISTENING: { event: 'server.listening', level: 'info', means: 'the server accepts connections; which build runs' },
  SERVER_LISTEN_FAILED: { event: 'server.listen_failed', level: 'fatal', means: 'the port could not be bound; the process exits 1' },
  LOAD_SHED: { event: 'load.shed', level: 'warn', means: 'requests were answered 503: every slot taken and the queue full, or a wait too long' },
  CONNECTION_REFUSED: { event: 'connection.refused', level: 'warn', means: 'a port closed connections before serving them (info for a first-request timeout and the parser\'s refusals)' },
  METRICS_LISTENING: { event: 'metrics.listening', level: 'info', means: 'the metrics port serves /metrics and the probes' },
  METRICS_LISTEN_FAILED: { event: 'metrics.listen_failed', level: 'fatal', means: 'the metrics port could not be bound; the process exits 1' },
  DEMO_STARTED: { event: 'demo.started', level: 'info', means: 'the embedded demo backend runs' },
  SERVER_SHUTDOWN: { event: 'server.shutdown', level: 'info', means: 'shutdown began: /readyz answers 503, in-flight requests finish' },
  SERVER_SHUTDOWN_FORCED: { event: 'server.shutdown_forced', level: 'warn', means: 'requests still running at the shutdown deadline were cut' },
  SERVER_STOPPED: { event: 'server.stopped', level: 'info', means: 'the last line before the process exits' },
  PROCESS_UNHANDLED_REJECTION: { event: 'process.unhandled_rejection', level: 'error', means: 'a bug: a promise failed with nobody to handle it' },
  PROCESS_UNCAUGHT_EXCEPTION: { event: 'process.uncaught_exception', level: 'fatal', means: 'a bug escaped every handler; the process exits 1' },
  REQUEST_BAD_HOST: { event: 'request.bad_host', level: 'info', means: 'the host used is no valid host name; answered 400' },
  REQUEST_FAILED: { event: 'request.failed', level: 'error', means: 'a bug: the request ended as a 500 page' },
  RESPONSE_FAILED_MIDWAY: { event: 'response.failed_midway', level: 'error', means: 'an error after the answer had started; the connection was cut' },
  RENDER_ERROR: { event: 'render.error', level: 'error', means: 'a part of the page failed to render; the rest was sent' },
  RENDER_ABORTED: { event: 'render.aborted', level: 'error', means: 'a render took too long and was stopped' },
  SITE_LOOKUP_FAILED: { event: 'site.lookup_failed', level: 'warn', means: 'a site-record lookup failed; the host fell through to the next step' },
  UPSTREAM_FETCH_FAILED: { event: 'upstream.fetch_failed', level: 'error', means: 'a content-API call failed; its list is shown empty or the page is a 503' },
  CACHE_REFRESH_FAILED: { event: 'cache.refresh_failed', level: 'warn', means: 'refreshing cached data failed; the stale copy answered' },
  UPSTREAM_OUTAGE_SUMMARY: { event: 'upstream.outage_summary', level: 'warn', means: 'what failed at an origin in the last interval, and what the cache covered' },
  UPSTREAM_CIRCUIT_OPEN: { event: 'upstream.circuit_open', level: 'warn', means: 'an origin failed repeatedly: its lookups fail at once, one probe at a time goes through' },
  UPSTREAM_CIRCUIT_CLOSED: { event: 'upstream.circuit_closed', level: 'info', means: 'a probe succeeded: calls to that origin go through again' },
  FINDNEW_HTTP_ERROR: { event: 'article.findnew.http_error', level: 'error', means: 'the new-articles call answered non-OK; the list was topped up' },
  FINDNEW_INVALID_JSON: { event: 'article.findnew.invalid_json', level: 'error', means: 'the new-articles call answered something that is not JSON' },
  CAMPAIGN_IDS_MISSING: { event: 'campaign.ids_missing', level: 'warn', means: 'a site checks campaigns but the URL had no usable id' },
  CAMPAIGN_LOOKUP_FAILED: { event: 'campaign.lookup_failed', level: 'warn', means: 'the campaign service failed; no headline was shown' },
  SETTINGS_UNKNOWN_AD_SLOT: { event: 'settings.unknown_ad_slot', level: 'warn', means: 'a site record lists an ad slot type the app does not know' },
  SETTINGS_LIST_TRUNCATED: { event: 'settings.list_truncated', level: 'warn', means: 'a site record list is longer than a page shows; the rest is ignored' },
  SETTINGS_NULL_LIST: { event: 'settings.null_list', level: 'warn', means: 'a site record has null where a list belongs; read as empty' },
  SETTINGS_INVALID_ADS_TXT: { event: 'settings.invalid_ads_txt', level: 'warn', means: 'ads.txt lines of a record that are not ads.txt 1.1 were left out' },
  SETTINGS_INVALID_FIELD: { event: 'settings.invalid_field', level: 'warn', means: 'a malformed publisher setting was ignored' },
  CACHE_PURGED: { event: 'cache.purged', level: 'info', means: 'a purge dropped data-cache entries and pages (warn when the other instances could not be told)' },
  CACHE_PURGE_RECEIVED: { event: 'cache.purge_received', level: 'info', means: 'a purge sent to another instance dropped what it named here too' },
  CACHE_RESYNCED: { event: 'cache.resynced', level: 'info', means: 'the purge channel is back and a purge may have been missed; the in-process caches were dropped' },
  CACHE_REJOINED: { event: 'cache.rejoined', level: 'info', means: 'the purge channel is back and no purge was announced meanwhile; the in-process caches were kept' },
  SHARED_CACHE_STATE: { event: 'shared_cache.state', level: 'warn', means: 'the shared tier\'s store changed state (info when it is up again)' },
  PURGE_REFUSED: { event: 'purge.refused', level: 'warn', means: 'a purge was refused and dropped nothing' },
  SITE_QUERY_REFUSED: { event: 'site_query.refused', level: 'warn', means: 'a GET /site came without the right token' },
  SITEMAP_TRUNCATED: { event: 'sitemap.truncated', level: 'warn', means: 'a sitemap stopped listing a category at its call budget' },
} as const satisfies Readonly<Record<string, LogEvent>>;

export type LogEventName = (typeof LOG_EVENTS)[keyof typeof LOG_EVENTS]['event'];
