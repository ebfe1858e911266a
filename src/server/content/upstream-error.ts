/**
 * The one error an upstream call fails with, by kind: what went wrong at the network edge or
 * with the answer, or which of the origin's bounds refused the call (origin-guard.ts).
 */
export type UpstreamFailureKind = 'network' | 'timeout' | 'status' | 'invalid_json' | 'too_large' | 'too_deep' | 'shape' | 'overloaded' | 'circuit_open';

export interface UpstreamErrorDetail {
  status?: number | undefined;
  body?: string | undefined;
  cause?: unknown;
  message?: string;
  /** False when this lookup sent nothing to the origin (outage-log.ts); true by default. */
  madeCall?: boolean;
  /** True when the call failed while its origin's circuit was open (origin-guard.ts); false by default. */
  summarized?: boolean;
}

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailureKind,
    readonly url: string,
    detail: UpstreamErrorDetail = {},
  ) {
    super(detail.message ?? `upstream ${kind}${detail.status ? ` ${detail.status}` : ''}: ${url}`, { cause: detail.cause });
    this.name = 'UpstreamError';
    this.status = detail.status;
    this.body = detail.body;
    this.madeCall = detail.madeCall ?? true;
    this.summarized = detail.summarized ?? false;
  }
  readonly status: number | undefined;
  /** The first 200 characters of the answer, for logs. */
  readonly body: string | undefined;
  /**
   * Whether the lookup that got this error sent a call to the origin. False for a refusal by the
   * origin's bounds (circuit open, queue full) and for a failure handed on to another lookup (a
   * remembered failure, a call shared by several requests): the log has one line per call that
   * was made, and counts the others (outage-log.ts).
   */
  readonly madeCall: boolean;
  /**
   * Whether the call failed while its origin's circuit was open: sent before it opened, or the
   * probe. The circuit's own line and the origin's summary stand for it: it writes no line of
   * its own, though it counts as a failed call (outage-log.ts).
   */
  readonly summarized: boolean;

  /** The same failure, for a lookup that made no call of its own. */
  withoutCall(): UpstreamError {
    return this.copy({ madeCall: false });
  }

  /** The same failure of a call made while its origin's circuit was open. */
  whileOpen(): UpstreamError {
    return this.copy({ summarized: true });
  }

  /** The same failure, `url` shown as `shownUrl` (a visitor's value in the called URL's path). */
  shownAs(url: string, shownUrl: string): UpstreamError {
    return this.copy({ message: this.message.replaceAll(url, shownUrl) }, shownUrl);
  }

  private copy(change: UpstreamErrorDetail, url = this.url): UpstreamError {
    return new UpstreamError(this.kind, url, { status: this.status, body: this.body, cause: this.cause, message: this.message, madeCall: this.madeCall, summarized: this.summarized, ...change });
  }
}
