/**
 * The one place that talks to the network (undici's request API: about twice the speed of
 * fetch on Node 20, with connect, headers and body timeouts and keep-alive pools built in).
 * Every call has a total time budget and a cap on the body size, and at most one quick retry
 * when the connection itself failed (never after a timeout: a slow upstream is not asked twice).
 * A call is sent at the end of the event-loop turn it is made in (decision 0424).
 */
import type { Logger } from 'pino';
import { setImmediate as turnEnd } from 'node:timers/promises';
import { Agent, request, type Dispatcher } from 'undici';
import { nestsDeeperThan } from './json-depth';
import { createOriginGuard, type OriginGuard, type OriginLimits } from './origin-guard';
import type { OutageLog } from './outage-log';
import { UpstreamError, type UpstreamFailureKind } from './upstream-error';

export type UpstreamOutcome = 'ok' | UpstreamFailureKind;

/** Told about every upstream call once it is settled: its endpoint path, time and outcome. */
export type UpstreamObserver = (endpoint: string, seconds: number, outcome: UpstreamOutcome) => void;

export interface HttpClientOptions {
  /** Budget for one call: connect, headers and body together. */
  readonly timeoutMs: number;
  /** Cap on one answer's body; a larger answer is a failure, not data. */
  readonly maxBytes: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Bounds per origin: sockets, waiting calls, circuit breaker. */
  readonly limits: OriginLimits;
  /** For the circuit's state changes. */
  readonly log: Logger;
  /** Told about every upstream call once it is settled (metrics). */
  readonly observe?: UpstreamObserver | undefined;
  /** Counts failed calls, refusals and the circuit's state for the origin's summary line. */
  readonly outage: OutageLog;
}

export interface JsonResponse {
  readonly status: number;
  readonly json: unknown;
  /** The answer's JSON text as it came: what the caches size and store it by (answer-bytes.ts). */
  readonly text: string;
}

export interface HttpClient {
  /**
   * One whole upstream call, in one step: the answer fetched and parsed, then `read` (its
   * validation, which throws UpstreamError for a wrong shape); reported to the observer, and
   * counted for the outage summary when it was made and failed. `shownUrl`: the URL a failure
   * names, when `url` holds a visitor's value in its path.
   */
  call<T>(endpoint: string, url: string, read: (answer: JsonResponse) => T, shownUrl?: string): Promise<T>;
  close(): Promise<void>;
}

const SNIPPET = 200;
const SLASH = 0x2f;
/** The records nest a few levels; pass-through fields get room, but never enough to overflow a recursive reader. */
export const MAX_JSON_DEPTH = 32;
const RETRYABLE_CONNECT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'EAI_AGAIN']);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_ABORTED', 'ABORT_ERR']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function asUpstreamError(error: unknown, url: string, options: HttpClientOptions): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const code = codeOf(error);
  if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return new UpstreamError('too_large', url, { message: `upstream answer is over the ${options.maxBytes}-byte cap: ${url}` });
  if ((code && TIMEOUT_CODES.has(code)) || (error as Error | null)?.name === 'TimeoutError') {
    return new UpstreamError('timeout', url, { message: `upstream did not answer within ${options.timeoutMs} ms: ${url}` });
  }
  return new UpstreamError('network', url, { cause: error, message: `upstream unreachable${code ? ` (${code})` : ''}: ${url}` });
}

async function readJson(url: string, response: Dispatcher.ResponseData): Promise<JsonResponse> {
  const text = await response.body.text();
  const status = response.statusCode;
  // A 404 may carry the contract's `{ "data": null }`: the caller decides what it means.
  if (status !== 404 && (status < 200 || status > 299)) throw new UpstreamError('status', url, { status, body: text.slice(0, SNIPPET) });
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new UpstreamError('too_deep', url, { status, message: `upstream answer nests deeper than ${MAX_JSON_DEPTH} levels: ${url}` });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UpstreamError(status === 404 ? 'status' : 'invalid_json', url, { status, body: text.slice(0, SNIPPET) });
  }
  return { status, json, text };
}

/** `error` naming `shownUrl` in place of `url`. */
function shownAs(error: unknown, url: string, shownUrl: string): unknown {
  return error instanceof UpstreamError && shownUrl !== url ? error.shownAs(url, shownUrl) : error;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const agent = new Agent({
    keepAliveTimeout: 10_000,
    connect: { timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    maxResponseSize: options.maxBytes,
    connections: options.limits.connections,
  });
  const headers = { accept: 'application/json', ...options.headers };
  const guards = new Map<string, OriginGuard>();
  function guardOf(url: string): OriginGuard {
    // A client calls one origin or a few: a URL under a known origin needs no parse.
    for (const [known, guard] of guards) if (url.startsWith(known) && url.charCodeAt(known.length) === SLASH) return guard;
    const { origin } = new URL(url);
    let guard = guards.get(origin);
    if (!guard) guards.set(origin, (guard = createOriginGuard(origin, options.limits, options.log, options.outage)));
    return guard;
  }

  async function attempt(url: string, signal: AbortSignal): Promise<JsonResponse> {
    // A call made on an answer (a view's second call, on its first) would find that answer's
    // connection still held until the turn is over and take another: sent at the turn's end, it
    // goes out on a connection the turn freed, and a busy instance holds half the sockets.
    await turnEnd();
    return readJson(url, await request(url, { method: 'GET', headers, signal, dispatcher: agent }));
  }

  /** The answer, with one quick retry (and jitter) when the connection itself failed, inside the same time budget. */
  async function answerOf(url: string, signal: AbortSignal): Promise<JsonResponse> {
    try {
      return await attempt(url, signal);
    } catch (first) {
      const failure = asUpstreamError(first, url, options);
      const code = codeOf(first) ?? codeOf((first as Error | null)?.cause);
      if (failure.kind !== 'network' || !RETRYABLE_CONNECT_CODES.has(code ?? '')) throw failure;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
      try {
        return await attempt(url, signal);
      } catch (second) {
        throw asUpstreamError(second, url, options);
      }
    }
  }

  const { observe, outage, timeoutMs } = options;
  return {
    async call(endpoint, url, read, shownUrl = url) {
      const started = observe ? performance.now() : 0;
      // The call's time budget starts before the wait for a free connection: waiting spends it
      // too. A timer cleared when the call settles (AbortSignal.timeout's is left to the garbage
      // collector, through a weak reference and a finalizer, for every call).
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new DOMException(`upstream call over ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
      try {
        // `read` runs inside the origin's bounds: to its breaker, an answer of the wrong shape is
        // as unusable as no answer. `signal`: the call's own, or the probe's shorter one.
        const value = await guardOf(url).run(url, timeout.signal, async (signal) => read(await answerOf(url, signal)));
        observe?.(endpoint, (performance.now() - started) / 1000, 'ok');
        return value;
      } catch (caught) {
        const error = shownAs(caught, url, shownUrl);
        observe?.(endpoint, (performance.now() - started) / 1000, error instanceof UpstreamError ? error.kind : 'network');
        if (error instanceof UpstreamError && error.madeCall) outage.callFailed(error);
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => agent.close(),
  };
}
