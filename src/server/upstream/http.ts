/**
 * The one place that calls fetch. Every call has a time budget covering connect, headers and
 * body, a cap on the body size, and at most one quick retry when the connection itself failed
 * (never after a timeout: a slow upstream must not be asked twice).
 */
export type UpstreamFailureKind = 'network' | 'timeout' | 'status' | 'invalid_json' | 'too_large' | 'shape';

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailureKind,
    readonly url: string,
    detail: { status?: number; body?: string; cause?: unknown; message?: string } = {},
  ) {
    super(detail.message ?? `upstream ${kind}${detail.status ? ` ${detail.status}` : ''}: ${url}`, { cause: detail.cause });
    this.name = 'UpstreamError';
    this.status = detail.status;
    this.body = detail.body;
  }
  readonly status: number | undefined;
  /** The first 200 characters of the answer, for logs. */
  readonly body: string | undefined;
}

export type UpstreamOutcome = 'ok' | UpstreamFailureKind;

/** Told about every upstream call once it is settled: its endpoint path, time and outcome. */
export type UpstreamObserver = (endpoint: string, seconds: number, outcome: UpstreamOutcome) => void;

/** Runs one upstream call (fetch and validation) and reports it to the observer, if any. */
export async function observed<T>(observer: UpstreamObserver | undefined, endpoint: string, call: () => Promise<T>): Promise<T> {
  if (!observer) return call();
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const result = await call();
    observer(endpoint, seconds(), 'ok');
    return result;
  } catch (error) {
    observer(endpoint, seconds(), error instanceof UpstreamError ? error.kind : 'network');
    throw error;
  }
}

export interface HttpOptions {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface JsonResponse {
  readonly status: number;
  readonly json: unknown;
}

const SNIPPET = 200;
const RETRYABLE_CONNECT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'EAI_AGAIN']);

function causeCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

async function readCapped(response: Response, url: string, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new UpstreamError('too_large', url, { message: `upstream answer of ${declared} bytes is over the ${maxBytes}-byte cap: ${url}` });
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new UpstreamError('too_large', url, { message: `upstream answer is over the ${maxBytes}-byte cap: ${url}` });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function attempt(url: string, options: HttpOptions, signal: AbortSignal): Promise<JsonResponse> {
  const response = await fetch(url, { headers: { accept: 'application/json', ...options.headers }, signal });
  const text = await readCapped(response, url, options.maxBytes);
  if (response.status === 404) {
    // A 404 may carry the contract's `{ "data": null }`: the caller decides what it means.
    try {
      return { status: 404, json: JSON.parse(text) };
    } catch {
      throw new UpstreamError('status', url, { status: 404, body: text.slice(0, SNIPPET) });
    }
  }
  if (response.status < 200 || response.status > 299) {
    throw new UpstreamError('status', url, { status: response.status, body: text.slice(0, SNIPPET) });
  }
  try {
    return { status: response.status, json: JSON.parse(text) };
  } catch {
    throw new UpstreamError('invalid_json', url, { status: response.status, body: text.slice(0, SNIPPET) });
  }
}

function asUpstreamError(error: unknown, url: string, signal: AbortSignal, timeoutMs: number): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (signal.aborted) return new UpstreamError('timeout', url, { message: `upstream did not answer within ${timeoutMs} ms: ${url}` });
  const code = causeCode(error);
  return new UpstreamError('network', url, { cause: error, message: `upstream unreachable${code ? ` (${code})` : ''}: ${url}` });
}

export async function fetchJson(url: string, options: HttpOptions): Promise<JsonResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    return await attempt(url, options, signal);
  } catch (first) {
    const failure = asUpstreamError(first, url, signal, options.timeoutMs);
    if (failure.kind !== 'network' || !RETRYABLE_CONNECT_CODES.has(causeCode(first) ?? '')) throw failure;
    // One quick retry with jitter, inside the same time budget.
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    try {
      return await attempt(url, options, signal);
    } catch (second) {
      throw asUpstreamError(second, url, signal, options.timeoutMs);
    }
  }
}
