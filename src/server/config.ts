/**
 * The only reader of process.env. Parsed and validated once at start-up; a bad value stops
 * start-up with one line naming the variable (contract/app.md, Start).
 */
import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';
import { DEFAULT_LAST_GOOD_MAX_BYTES } from './upstream/last-good';
import type { OriginLimits } from './upstream/origin-guard';

export type TrustProxy = boolean | number | string[];

/**
 * Where the content API and the campaign service are: both URLs, or the embedded demo, which
 * starts only when neither is set and NODE_ENV is not production (contract/app.md, Start).
 */
export type Backend =
  | { readonly kind: 'demo' }
  | { readonly kind: 'remote'; readonly contentApiUrl: string; readonly campaignApiUrl: string };

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly backend: Backend;
  readonly defaultSiteKey: string;
  /** Site key to analytics id; a Map, so a site key such as `constructor` reads only what was configured. */
  readonly analyticsCodes: ReadonlyMap<string, string>;
  readonly trustProxy: TrustProxy;
  readonly logLevel: string;
  /** Budget for one upstream call: connect, headers and body together. */
  readonly upstreamTimeoutMs: number;
  /** Bytes of the last good answers that a flood cannot evict (upstream/last-good.ts). */
  readonly lastGoodMaxBytes: number;
  /** One upstream budget for a whole request, shared by all its lookups (upstream/request-budget.ts). */
  readonly requestUpstreamBudgetMs: number;
  /** Per upstream origin: sockets, waiting calls and the circuit breaker (upstream/origin-guard.ts). */
  readonly upstreamLimits: OriginLimits;
  /** Port of the Prometheus /metrics listener; undefined: no metrics are collected or served. */
  readonly metricsPort: number | undefined;
  /** Idle keep-alive sockets close after this long: above the load balancer's idle timeout. */
  readonly keepAliveTimeoutMs: number;
  /** Requests in progress at most (all but probes, assets and page-cache hits); past it, a request waits (admission.ts). */
  readonly maxInFlightRequests: number;
  /** Requests waiting for one of those slots at most; past it, 503 at once. */
  readonly maxQueuedRequests: number;
  /** How long a request may wait for a slot before it is answered 503. */
  readonly maxQueueWaitMs: number;
  /** Open sockets on the public port at most (lowered below the descriptor limit at start-up). */
  readonly maxConnections: number;
  /** After SIGTERM, how long /readyz says 503 before the listener closes (balancers notice). */
  readonly drainDelayMs: number;
  /** Data cache in front of the content API (on unless DATA_CACHE=off). */
  readonly dataCache: boolean;
  /** How long past its TTL a cached value may still answer while the upstream fails. */
  readonly staleIfErrorSeconds: number;
  /** Whole-page cache: fresh seconds (0 turns it off) and stale-while-revalidate seconds. */
  readonly pageCacheTtlSeconds: number;
  readonly pageCacheStaleSeconds: number;
  /** Path prefix every site is served under ('/answers'), or '' for the root (shared/base-path.ts). */
  readonly basePath: string;
  /** Bearer token of POST /purge on the metrics port; undefined: the route does not exist (purge/). */
  readonly purgeToken: string | undefined;
  /** Data and page cache lifetimes: `short` (edits show within minutes) or `long` (edits are purged). */
  readonly cacheLifetimes: CacheLifetimes;
}

export type CacheLifetimes = 'short' | 'long';

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SITE_KEY = /^[a-z0-9-]{1,63}$/;
const MAX_DRAIN_DELAY_MS = 6000;

function readPort(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number from 0 to 65535 (got ${JSON.stringify(raw)})`);
  const port = Number(raw);
  if (port > 65535) throw new ConfigError(name, `must be a whole number from 0 to 65535 (got ${JSON.stringify(raw)})`);
  return port;
}

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)})`);
  }
  return value;
}

function readSwitch(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on' || raw === 'true') return true;
  if (raw === 'off' || raw === 'false') return false;
  throw new ConfigError(name, `must be on or off (got ${JSON.stringify(raw)})`);
}

/** Off unless set; never the public port, so /metrics is not public. */
function readMetricsPort(env: Env, publicPort: number): number | undefined {
  if (env.METRICS_PORT === undefined || env.METRICS_PORT === '') return undefined;
  const port = readPort(env, 'METRICS_PORT', 0);
  if (port !== 0 && port === publicPort) throw new ConfigError('METRICS_PORT', `must differ from PORT (both are ${port})`);
  return port;
}

/** The value is never echoed: a backend URL may carry credentials. */
function readBaseUrl(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be an absolute http(s) URL (the value is not shown: it may carry credentials)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `must be an absolute http(s) URL (got the scheme ${JSON.stringify(url.protocol)})`);
  }
  // Paths and queries are appended to the base: a query or fragment of its own would be lost.
  if (url.search !== '' || url.hash !== '') throw new ConfigError(name, 'must be a base URL without a query or fragment');
  // Paths are appended to the base, so keep it without a trailing slash.
  return url.href.replace(/\/+$/, '');
}

/** The demo never stands in for a real backend: one URL without the other, or production without any, stops start-up. */
function readBackend(env: Env, nodeEnv: string): Backend {
  const contentApiUrl = readBaseUrl(env, 'CONTENT_API_URL');
  const campaignApiUrl = readBaseUrl(env, 'CAMPAIGN_API_URL');
  if (contentApiUrl && campaignApiUrl) return { kind: 'remote', contentApiUrl, campaignApiUrl };
  if (contentApiUrl) throw new ConfigError('CAMPAIGN_API_URL', 'must be set when CONTENT_API_URL is (the embedded demo never stands in for a real backend)');
  if (campaignApiUrl) throw new ConfigError('CONTENT_API_URL', 'must be set when CAMPAIGN_API_URL is (the embedded demo never stands in for a real backend)');
  if (nodeEnv === 'production') throw new ConfigError('CONTENT_API_URL', 'must be set when NODE_ENV is production (the embedded demo runs only outside production)');
  return { kind: 'demo' };
}

function readAnalyticsCodes(env: Env): ReadonlyMap<string, string> {
  const raw = env.ANALYTICS_CODES;
  if (raw === undefined || raw === '') return new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('ANALYTICS_CODES', 'must be a JSON object of site key to analytics id (it is not valid JSON)');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('ANALYTICS_CODES', 'must be a JSON object of site key to analytics id');
  }
  const codes = new Map<string, string>();
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string' || value === '') {
      throw new ConfigError('ANALYTICS_CODES', `must map each site key to a non-empty string (key ${JSON.stringify(key)})`);
    }
    codes.set(key.toLowerCase(), value);
  }
  return codes;
}

/**
 * Express `trust proxy` values: true/false, a hop count, or addresses, subnets and names.
 * Checked by proxy-addr's compiler, the one the app (peer-trust.ts) and Express use: what
 * passes here is what the app accepts (`10.0.0.0/33` fails here, not on the first request).
 */
function readTrustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  try {
    proxyAddr.compile(entries);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError('TRUST_PROXY', `must be true, false, a hop count, or a comma-separated list of addresses, subnets or loopback/linklocal/uniquelocal (${reason})`);
  }
  return entries;
}

/**
 * BASE_PATH: '/' and then path segments of unreserved characters (RFC 3986: letters, digits,
 * '-', '.', '_', '~'), no trailing slash, no '.' or '..' segment; unset or empty: no prefix.
 * Nothing in it needs percent-encoding, so it reads the same in a raw request target and in a URL.
 */
function readBasePath(env: Env): string {
  const raw = env.BASE_PATH;
  if (raw === undefined || raw === '') return '';
  const segments = raw.split('/').slice(1);
  const valid = raw.startsWith('/') && raw.length <= 200 && segments.every((segment) => /^[A-Za-z0-9._~-]+$/.test(segment) && segment !== '.' && segment !== '..');
  if (!valid) throw new ConfigError('BASE_PATH', `must be a path like /answers: a slash, then segments of letters, digits, '-', '.', '_' or '~', no trailing slash (got ${JSON.stringify(raw)})`);
  return raw;
}

/** Long enough that guessing is hopeless; the characters of an RFC 6750 bearer token. */
const MIN_PURGE_TOKEN_LENGTH = 32;
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** The value is never echoed: it is a secret. Only the metrics port answers /purge, so that port is required. */
function readPurgeToken(env: Env, metricsPort: number | undefined): string | undefined {
  const raw = env.PURGE_TOKEN;
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < MIN_PURGE_TOKEN_LENGTH) throw new ConfigError('PURGE_TOKEN', `must be at least ${MIN_PURGE_TOKEN_LENGTH} characters (the value is not shown)`);
  if (!BEARER_TOKEN.test(raw)) throw new ConfigError('PURGE_TOKEN', 'must be letters, digits and - . _ ~ + / (a bearer token; the value is not shown)');
  if (metricsPort === undefined) throw new ConfigError('PURGE_TOKEN', 'needs METRICS_PORT: POST /purge is answered on that internal port only');
  return raw;
}

/** Long lifetimes only where edits are purged: without purge an editor would wait for them. */
function readCacheLifetimes(env: Env, purgeToken: string | undefined): CacheLifetimes {
  const raw = env.CACHE_LIFETIMES;
  if (raw === undefined || raw === '' || raw === 'short') return 'short';
  if (raw !== 'long') throw new ConfigError('CACHE_LIFETIMES', `must be short or long (got ${JSON.stringify(raw)})`);
  if (purgeToken === undefined) throw new ConfigError('CACHE_LIFETIMES', 'long needs PURGE_TOKEN: without purge an edit would wait for the long lifetimes');
  return 'long';
}

/** Page cache seconds (fresh, then stale while one request renders) unless PAGE_CACHE_* says otherwise. */
const PAGE_CACHE_DEFAULTS: Readonly<Record<CacheLifetimes, { readonly ttl: number; readonly stale: number }>> = {
  short: { ttl: 10, stale: 60 },
  long: { ttl: 300, stale: 600 },
};

/**
 * What shared caches in front (nginx's micro-cache, a CDN) are told: the page cache's times, but
 * with long lifetimes the short ones, since /purge does not reach them (a CDN that purges by
 * Surrogate-Key may keep pages longer by its own setting; docs/deploy.md).
 */
export function sharedCacheTimesOf(config: Pick<Config, 'cacheLifetimes' | 'pageCacheTtlSeconds' | 'pageCacheStaleSeconds'>): { readonly freshSeconds: number; readonly staleWhileRevalidateSeconds: number } {
  const { ttl, stale } = config.cacheLifetimes === 'long' ? PAGE_CACHE_DEFAULTS.short : { ttl: config.pageCacheTtlSeconds, stale: config.pageCacheStaleSeconds };
  return { freshSeconds: Math.max(ttl, 10), staleWhileRevalidateSeconds: stale };
}

/** The values Node's ecosystem reads; anything else (`Production`, `prod`) is a typo that would start the demo. */
const NODE_ENVS = ['development', 'production', 'test'];

function readNodeEnv(env: Env): string {
  const nodeEnv = env.NODE_ENV || 'development';
  if (!NODE_ENVS.includes(nodeEnv)) throw new ConfigError('NODE_ENV', `must be one of ${NODE_ENVS.join(', ')} (got ${JSON.stringify(nodeEnv)})`);
  return nodeEnv;
}

export function loadConfig(env: Env): Config {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got ${JSON.stringify(logLevel)})`);
  const defaultSiteKey = (env.DEFAULT_SITE_KEY || 'answers').toLowerCase();
  if (!SITE_KEY.test(defaultSiteKey)) throw new ConfigError('DEFAULT_SITE_KEY', `must be a DNS label: letters, digits and hyphens (got ${JSON.stringify(env.DEFAULT_SITE_KEY)})`);
  const backend = readBackend(env, readNodeEnv(env));
  // The embedded demo is for one developer's machine: on loopback unless HOST says otherwise.
  const host = env.HOST || (backend.kind === 'demo' ? '127.0.0.1' : '0.0.0.0');
  if (isIP(host) === 0 && !/^[a-z0-9.-]+$/i.test(host)) throw new ConfigError('HOST', `must be an IP address or host name (got ${JSON.stringify(host)})`);

  const port = readPort(env, 'PORT', 3000);
  const metricsPort = readMetricsPort(env, port);
  const purgeToken = readPurgeToken(env, metricsPort);
  const cacheLifetimes = readCacheLifetimes(env, purgeToken);
  return Object.freeze({
    port,
    host,
    backend,
    defaultSiteKey,
    analyticsCodes: readAnalyticsCodes(env),
    trustProxy: readTrustProxy(env),
    logLevel,
    upstreamTimeoutMs: readInt(env, 'UPSTREAM_TIMEOUT_MS', 2000, 1, 60000),
    lastGoodMaxBytes: readInt(env, 'LAST_GOOD_MAX_BYTES', DEFAULT_LAST_GOOD_MAX_BYTES, 65_536, 1024 * 1024 * 1024),
    requestUpstreamBudgetMs: readInt(env, 'REQUEST_UPSTREAM_BUDGET_MS', 3000, 1, 60_000),
    upstreamLimits: Object.freeze({
      connections: readInt(env, 'UPSTREAM_CONNECTIONS', 32, 1, 1024),
      queue: readInt(env, 'UPSTREAM_QUEUE', 64, 0, 10_000),
      breakAfter: readInt(env, 'UPSTREAM_BREAKER_FAILURES', 5, 1, 1000),
      halfOpenAfterMs: readInt(env, 'UPSTREAM_BREAKER_OPEN_MS', 5000, 100, 600_000),
    }),
    metricsPort,
    // One event-loop turn starts at most this many pages (a slot frees from the next turn): 16 degraded renders of about
    // a millisecond keep a turn, and /healthz's wait, under 50 ms; 16 pages waiting on a healthy upstream outrun one core.
    maxInFlightRequests: readInt(env, 'MAX_IN_FLIGHT_REQUESTS', 16, 1, 100_000),
    // As many as the connection cap lets in, so that clients past the bound wait rather than retry a 503 at once.
    maxQueuedRequests: readInt(env, 'MAX_QUEUED_REQUESTS', 1024, 0, 100_000),
    maxQueueWaitMs: readInt(env, 'MAX_QUEUE_WAIT_MS', 1000, 1, 60_000),
    // Above the 60 s idle timeout of common balancers (AWS ALB, nginx), so they close first.
    keepAliveTimeoutMs: readInt(env, 'KEEP_ALIVE_TIMEOUT_MS', 65_000, 1_000, 600_000),
    // Below the usual 1,024 open-files limit, with room for upstream sockets and files.
    maxConnections: readInt(env, 'MAX_CONNECTIONS', 900, 1, 1_000_000),
    // The contract wants an exit within 10 s of SIGTERM: the delay leaves room to drain.
    drainDelayMs: readInt(env, 'DRAIN_DELAY_MS', 2000, 0, MAX_DRAIN_DELAY_MS),
    dataCache: readSwitch(env, 'DATA_CACHE', true),
    staleIfErrorSeconds: readInt(env, 'STALE_IF_ERROR_SECONDS', 3600, 0, 7 * 24 * 3600),
    pageCacheTtlSeconds: readInt(env, 'PAGE_CACHE_TTL_SECONDS', PAGE_CACHE_DEFAULTS[cacheLifetimes].ttl, 0, 3600),
    pageCacheStaleSeconds: readInt(env, 'PAGE_CACHE_STALE_SECONDS', PAGE_CACHE_DEFAULTS[cacheLifetimes].stale, 0, 24 * 3600),
    basePath: readBasePath(env),
    purgeToken,
    cacheLifetimes,
  });
}
