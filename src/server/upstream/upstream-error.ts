/**
 * The one error an upstream call fails with, by kind: what went wrong at the network edge or
 * with the answer, or which of the origin's bounds refused the call (origin-guard.ts).
 */
export type UpstreamFailureKind = 'network' | 'timeout' | 'status' | 'invalid_json' | 'too_large' | 'too_deep' | 'shape' | 'overloaded' | 'circuit_open';

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
