/**
 * The only reader of process.env. One zod schema parses and validates it once at start-up; a bad
 * value stops start-up with one line naming the variable (docs/interface.md, Start and environment).
 */
import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { DEFAULT_LAST_GOOD_MAX_BYTES } from '../content/last-good';
import type { OriginLimits } from '../content/origin-guard';

export type TrustProxy = boolean | number | string[];

/**
 * Where the content API and the campaign service are: both URLs, or the embedded demo, which
 * starts only when neither is set and NODE_ENV is not production (docs/interface.md, Start and environment).
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
  /** Bytes of the last good answers that a flood cannot evict (content/last-good.ts). */
  readonly lastGoodMaxBytes: number;
  /** One upstream budget for a whole request, shared by all its lookups (content/request-budget.ts). */
  readonly requestUpstreamBudgetMs: number;
  /** Per upstream origin: sockets, waiting calls and the circuit breaker (content/origin-guard.ts). */
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
  /** How long a request body on the metrics port (POST /purge's) may take to arrive; a slower one gets a 408. */
  readonly metricsPortBodyTimeoutMs: number;
  /** Data and page cache lifetimes: `short` (edits show within minutes) or `long` (edits are purged). */
  readonly cacheLifetimes: CacheLifetimes;
  /** The container's memory request and limit in bytes, when the platform says them (Kubernetes' Downward API), for the metrics. */
  readonly memory: { readonly requestBytes: number | undefined; readonly limitBytes: number | undefined };
  /** The shared cache tier on a Redis-protocol store (CACHE_URL); undefined: every cache is this process's alone. */
  readonly sharedCache: SharedCacheSettings | undefined;
}

export interface SharedCacheSettings {
  /** redis:// or rediss://, credentials included: never logged. */
  readonly url: string;
  /** Starts every key and the purge channel: one per deployment sharing a store. */
  readonly keyPrefix: string;
  /** How long one command may take before it counts as failed and the page goes on without it. */
  readonly commandTimeoutMs: number;
  /** How long a connection (TCP, TLS, AUTH) may take before it counts as failed. */
  readonly connectTimeoutMs: number;
}

export type CacheLifetimes = 'short' | 'long';

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** The values Node's ecosystem reads; anything else (`Production`, `prod`) is a typo that would start the demo. */
const NODE_ENVS = ['development', 'production', 'test'] as const;
const SITE_KEY = /^[a-z0-9-]{1,63}$/;
const MAX_DRAIN_DELAY_MS = 6000;
/** Long enough that guessing is hopeless; the characters of an RFC 6750 bearer token. */
const MIN_PURGE_TOKEN_LENGTH = 32;
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

const got = (raw: unknown) => `(got ${JSON.stringify(raw)})`;

/** A variable that is unset or empty takes its default; a set one must pass `schema`. */
function variable<T>(schema: z.ZodType<T, string>, fallback: T) {
  return z.preprocess((raw) => (raw === '' ? undefined : raw), schema.optional()).transform((value) => value ?? fallback);
}

/** A variable that is unset or empty is undefined. */
function optional<T>(schema: z.ZodType<T, string>) {
  return z.preprocess((raw) => (raw === '' ? undefined : raw), schema.optional());
}

function wholeNumber(min: number, max: number) {
  return z
    .string()
    .refine((raw) => /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max, { error: (issue) => `must be a whole number from ${min} to ${max} ${got(issue.input)}` })
    .transform(Number);
}

const port = () => wholeNumber(0, 65535);

function oneOf<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.enum(values, { error: (issue) => `must be one of ${values.join(', ')} ${got(issue.input)}` });
}

const onOrOff = z.enum(['on', 'true', 'off', 'false'], { error: (issue) => `must be on or off ${got(issue.input)}` }).transform((raw) => raw === 'on' || raw === 'true');

/** The value is never echoed: a backend URL may carry credentials. */
const baseUrl = z.string().transform((raw, ctx) => {
  const url = URL.parse(raw);
  const problem =
    url === null
      ? 'must be an absolute http(s) URL (the value is not shown: it may carry credentials)'
      : url.protocol !== 'http:' && url.protocol !== 'https:'
        ? `must be an absolute http(s) URL (got the scheme ${JSON.stringify(url.protocol)})`
        : // Paths and queries are appended to the base: a query or fragment of its own would be lost.
          url.search !== '' || url.hash !== ''
          ? 'must be a base URL without a query or fragment'
          : undefined;
  if (url === null || problem !== undefined) {
    ctx.addIssue({ code: 'custom', message: problem ?? '' });
    return z.NEVER;
  }
  // Paths are appended to the base, so keep it without a trailing slash.
  return url.href.replace(/\/+$/, '');
});

const ANALYTICS_CODES_SHAPE = 'must be a JSON object of site key to analytics id';
const analyticsCodes = z.string().transform((raw, ctx): ReadonlyMap<string, string> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    ctx.addIssue({ code: 'custom', message: `${ANALYTICS_CODES_SHAPE} (it is not valid JSON)` });
    return z.NEVER;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    ctx.addIssue({ code: 'custom', message: ANALYTICS_CODES_SHAPE });
    return z.NEVER;
  }
  const codes = new Map<string, string>();
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string' || value === '') {
      ctx.addIssue({ code: 'custom', message: `must map each site key to a non-empty string (key ${JSON.stringify(key)})` });
      return z.NEVER;
    }
    codes.set(key.toLowerCase(), value);
  }
  return codes;
});

/**
 * Express `trust proxy` values: true/false, a hop count, or addresses, subnets and names.
 * Checked by proxy-addr's compiler, the one the app (front-door/peer-trust.ts) uses: what
 * passes here is what the app accepts (`10.0.0.0/33` fails here, not on the first request).
 */
const trustProxy = z.string().transform((text, ctx): TrustProxy => {
  const raw = text.trim();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  try {
    proxyAddr.compile(entries);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.addIssue({ code: 'custom', message: `must be true, false, a hop count, or a comma-separated list of addresses, subnets or loopback/linklocal/uniquelocal (${reason})` });
    return z.NEVER;
  }
  return entries;
});

/**
 * BASE_PATH: '/' and then path segments of unreserved characters (RFC 3986: letters, digits,
 * '-', '.', '_', '~'), no trailing slash, no '.' or '..' segment; unset or empty: no prefix.
 * Nothing in it needs percent-encoding, so it reads the same in a raw request target and in a URL.
 */
const basePath = z.string().refine(
  (raw) => raw.startsWith('/') && raw.length <= 200 && raw.split('/').slice(1).every((segment) => /^[A-Za-z0-9._~-]+$/.test(segment) && segment !== '.' && segment !== '..'),
  { error: (issue) => `must be a path like /answers: a slash, then segments of letters, digits, '-', '.', '_' or '~', no trailing slash ${got(issue.input)}` },
);

/** The value is never echoed: it is a secret. */
const purgeToken = z
  .string()
  .min(MIN_PURGE_TOKEN_LENGTH, { error: `must be at least ${MIN_PURGE_TOKEN_LENGTH} characters (the value is not shown)` })
  .regex(BEARER_TOKEN, { error: 'must be letters, digits and - . _ ~ + / (a bearer token; the value is not shown)' });

/** The value is never echoed: it carries the store's password. */
const cacheUrl = z.string().refine(
  (raw) => {
    const url = URL.parse(raw);
    return url !== null && (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '';
  },
  { error: 'must be a redis:// or rediss:// URL with a host (the value is not shown: it may carry a password)' },
);

const keyPrefix = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, { error: (issue) => `must be 1 to 64 letters, digits, '.', '_' or '-' ${got(issue.input)}` });

const host = z.string().refine((raw) => isIP(raw) !== 0 || /^[a-z0-9.-]+$/i.test(raw), { error: (issue) => `must be an IP address or host name ${got(issue.input)}` });

const siteKey = z
  .string()
  .refine((raw) => SITE_KEY.test(raw.toLowerCase()), { error: (issue) => `must be a DNS label: letters, digits and hyphens ${got(issue.input)}` })
  .transform((raw) => raw.toLowerCase());

/** Every variable the app reads, each checked on its own; the rules between them follow in `loadConfig`. */
const environment = z.object({
  NODE_ENV: variable(oneOf(NODE_ENVS), 'development'),
  PORT: variable(port(), 3000),
  HOST: optional(host),
  CONTENT_API_URL: optional(baseUrl),
  CAMPAIGN_API_URL: optional(baseUrl),
  DEFAULT_SITE_KEY: variable(siteKey, 'answers'),
  ANALYTICS_CODES: variable(analyticsCodes, new Map<string, string>()),
  TRUST_PROXY: variable(trustProxy, false),
  LOG_LEVEL: variable(oneOf(LOG_LEVELS), 'info'),
  UPSTREAM_TIMEOUT_MS: variable(wholeNumber(1, 60_000), 2000),
  LAST_GOOD_MAX_BYTES: variable(wholeNumber(65_536, 1024 * 1024 * 1024), DEFAULT_LAST_GOOD_MAX_BYTES),
  REQUEST_UPSTREAM_BUDGET_MS: variable(wholeNumber(1, 60_000), 3000),
  UPSTREAM_CONNECTIONS: variable(wholeNumber(1, 1024), 32),
  UPSTREAM_QUEUE: variable(wholeNumber(0, 10_000), 64),
  UPSTREAM_BREAKER_FAILURES: variable(wholeNumber(1, 1000), 5),
  UPSTREAM_BREAKER_OPEN_MS: variable(wholeNumber(100, 600_000), 5000),
  // Off unless set; never the public port (checked below), so /metrics is not public.
  METRICS_PORT: optional(port()),
  // One event-loop turn starts at most this many pages (a slot frees from the next turn): 16 degraded renders of about
  // a millisecond keep a turn, and /healthz's wait, under 50 ms; 16 pages waiting on a healthy upstream outrun one core.
  MAX_IN_FLIGHT_REQUESTS: variable(wholeNumber(1, 100_000), 16),
  // As many as the connection cap lets in, so that clients past the bound wait rather than retry a 503 at once.
  MAX_QUEUED_REQUESTS: variable(wholeNumber(0, 100_000), 1024),
  MAX_QUEUE_WAIT_MS: variable(wholeNumber(1, 60_000), 1000),
  // Above the 60 s idle timeout of common balancers (AWS ALB, nginx), so they close first.
  KEEP_ALIVE_TIMEOUT_MS: variable(wholeNumber(1_000, 600_000), 65_000),
  // Below the usual 1,024 open-files limit, with room for upstream sockets and files.
  MAX_CONNECTIONS: variable(wholeNumber(1, 1_000_000), 900),
  // The contract wants an exit within 10 s of SIGTERM: the delay leaves room to drain.
  DRAIN_DELAY_MS: variable(wholeNumber(0, MAX_DRAIN_DELAY_MS), 2000),
  DATA_CACHE: variable(onOrOff, true),
  STALE_IF_ERROR_SECONDS: variable(wholeNumber(0, 7 * 24 * 3600), 3600),
  PAGE_CACHE_TTL_SECONDS: optional(wholeNumber(0, 3600)),
  PAGE_CACHE_STALE_SECONDS: optional(wholeNumber(0, 24 * 3600)),
  BASE_PATH: variable(basePath, ''),
  PURGE_TOKEN: optional(purgeToken),
  // A CMS sends its purge body in milliseconds; a client trickling one must not hold a metrics-port socket.
  METRICS_PORT_BODY_TIMEOUT_MS: variable(wholeNumber(1, 60_000), 5000),
  CACHE_LIFETIMES: variable(z.enum(['short', 'long'], { error: (issue) => `must be short or long ${got(issue.input)}` }), 'short'),
  CACHE_URL: optional(cacheUrl),
  CACHE_KEY_PREFIX: variable(keyPrefix, 'qa-sites'),
  // Tens of milliseconds: the shared tier saves an upstream call or a render, and must never cost more than one.
  CACHE_COMMAND_TIMEOUT_MS: variable(wholeNumber(1, 1000), 25),
  CACHE_CONNECT_TIMEOUT_MS: variable(wholeNumber(1, 10_000), 50),
  // Only reported (app_memory_*_bytes), so a dashboard and an alert compare RSS with them; the process does not act on them.
  MEMORY_REQUEST_BYTES: optional(wholeNumber(1, Number.MAX_SAFE_INTEGER)),
  MEMORY_LIMIT_BYTES: optional(wholeNumber(1, Number.MAX_SAFE_INTEGER)),
});

/** The names of the variables the app reads (the README's configuration table lists them). */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(environment.shape);

type Environment = z.output<typeof environment>;

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

/**
 * The demo never stands in for a real backend: one URL without the other, or production without
 * any, stops start-up.
 */
function backendOf(env: Environment): Backend {
  const { CONTENT_API_URL: contentApiUrl, CAMPAIGN_API_URL: campaignApiUrl } = env;
  if (contentApiUrl && campaignApiUrl) return { kind: 'remote', contentApiUrl, campaignApiUrl };
  if (contentApiUrl) throw new ConfigError('CAMPAIGN_API_URL', 'must be set when CONTENT_API_URL is (the embedded demo never stands in for a real backend)');
  if (campaignApiUrl) throw new ConfigError('CONTENT_API_URL', 'must be set when CAMPAIGN_API_URL is (the embedded demo never stands in for a real backend)');
  if (env.NODE_ENV === 'production') throw new ConfigError('CONTENT_API_URL', 'must be set when NODE_ENV is production (the embedded demo runs only outside production)');
  return { kind: 'demo' };
}

/** The first problem the schema found, as one line naming its variable. */
function configErrorOf(error: z.ZodError): ConfigError {
  const [issue] = error.issues;
  return new ConfigError(String(issue?.path[0] ?? 'environment'), issue?.message ?? 'is invalid');
}

export function loadConfig(raw: Env): Config {
  const parsed = environment.safeParse(raw);
  if (!parsed.success) throw configErrorOf(parsed.error);
  const env = parsed.data;
  const backend = backendOf(env);
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    throw new ConfigError('METRICS_PORT', `must differ from PORT (both are ${env.PORT})`);
  }
  // Only the metrics port answers /purge, so that port is required.
  if (env.PURGE_TOKEN !== undefined && env.METRICS_PORT === undefined) throw new ConfigError('PURGE_TOKEN', 'needs METRICS_PORT: POST /purge is answered on that internal port only');
  // Long lifetimes only where edits are purged: without purge an editor would wait for them.
  if (env.CACHE_LIFETIMES === 'long' && env.PURGE_TOKEN === undefined) throw new ConfigError('CACHE_LIFETIMES', 'long needs PURGE_TOKEN: without purge an edit would wait for the long lifetimes');
  const pageCacheDefaults = PAGE_CACHE_DEFAULTS[env.CACHE_LIFETIMES];
  return Object.freeze({
    port: env.PORT,
    // The embedded demo is for one developer's machine: on loopback unless HOST says otherwise.
    host: env.HOST ?? (backend.kind === 'demo' ? '127.0.0.1' : '0.0.0.0'),
    backend,
    defaultSiteKey: env.DEFAULT_SITE_KEY,
    analyticsCodes: env.ANALYTICS_CODES,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    lastGoodMaxBytes: env.LAST_GOOD_MAX_BYTES,
    requestUpstreamBudgetMs: env.REQUEST_UPSTREAM_BUDGET_MS,
    upstreamLimits: Object.freeze({
      connections: env.UPSTREAM_CONNECTIONS,
      queue: env.UPSTREAM_QUEUE,
      breakAfter: env.UPSTREAM_BREAKER_FAILURES,
      halfOpenAfterMs: env.UPSTREAM_BREAKER_OPEN_MS,
    }),
    metricsPort: env.METRICS_PORT,
    maxInFlightRequests: env.MAX_IN_FLIGHT_REQUESTS,
    maxQueuedRequests: env.MAX_QUEUED_REQUESTS,
    maxQueueWaitMs: env.MAX_QUEUE_WAIT_MS,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: env.MAX_CONNECTIONS,
    drainDelayMs: env.DRAIN_DELAY_MS,
    dataCache: env.DATA_CACHE,
    staleIfErrorSeconds: env.STALE_IF_ERROR_SECONDS,
    pageCacheTtlSeconds: env.PAGE_CACHE_TTL_SECONDS ?? pageCacheDefaults.ttl,
    pageCacheStaleSeconds: env.PAGE_CACHE_STALE_SECONDS ?? pageCacheDefaults.stale,
    basePath: env.BASE_PATH,
    purgeToken: env.PURGE_TOKEN,
    metricsPortBodyTimeoutMs: env.METRICS_PORT_BODY_TIMEOUT_MS,
    cacheLifetimes: env.CACHE_LIFETIMES,
    sharedCache:
      env.CACHE_URL === undefined
        ? undefined
        : Object.freeze({ url: env.CACHE_URL, keyPrefix: env.CACHE_KEY_PREFIX, commandTimeoutMs: env.CACHE_COMMAND_TIMEOUT_MS, connectTimeoutMs: env.CACHE_CONNECT_TIMEOUT_MS }),
    memory: Object.freeze({ requestBytes: env.MEMORY_REQUEST_BYTES, limitBytes: env.MEMORY_LIMIT_BYTES }),
  });
}
