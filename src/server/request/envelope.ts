/**
 * The request envelope: what every request gets once, whichever way answers it (a probe, a
 * page-cache hit in front of Express, or the Express chain): its id, its host and scheme as the
 * headers the trust setting (TRUST_PROXY) allows, and, when it is done, its access-log line and
 * its metrics. The Host, X-Forwarded-Host and X-Forwarded-Proto headers are read here and
 * nowhere else.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Logger } from 'pino';
import { logRequestCompleted, requestIdOf, type RequestLine } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { peerIsTrusted, type TrustFunction } from './peer-trust';
import { requestHostSourceOf, type RequestHostSource } from '../rules/host';

export interface RequestEnvelope {
  /** A trusted load balancer's well-formed x-request-id, or a fresh UUID. */
  readonly reqId: string;
  /** Where the host came from: X-Forwarded-Host from a trusted proxy, else Host. */
  readonly hostSource: RequestHostSource;
  /** The raw host as it came (port included), '' when none: development origins keep its port. */
  readonly rawHost: string;
  /** The visitor's scheme: X-Forwarded-Proto's first value from a trusted proxy, else the socket's. */
  readonly protocol: string;
  /** A trusted proxy says the visitor came over plain http (the https redirect's case). */
  readonly forwardedOverHttp: boolean;
}

/** A request with its envelope, as every way after the listener receives it. */
export type EnvelopedRequest = IncomingMessage & { readonly envelope: RequestEnvelope };

/** The first value of a header that a proxy may have given as a list. Pure. */
function firstValueOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim();
}

/** True when X-Forwarded-Proto (its first value) says the visitor came over plain http. Pure. */
export function forwardedOverHttp(forwardedProto: string | string[] | undefined): boolean {
  return firstValueOf(forwardedProto)?.toLowerCase() === 'http';
}

/** The envelope of a request, read from its headers once (the rules of Express's req.protocol and req.host). */
export function requestEnvelopeOf(req: IncomingMessage, trust: TrustFunction): RequestEnvelope {
  const trusted = peerIsTrusted(trust, req.socket);
  const hostSource = requestHostSourceOf(req, trusted);
  const forwardedProto = trusted ? req.headers['x-forwarded-proto'] : undefined;
  const own = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
  return {
    reqId: requestIdOf(req.headers['x-request-id'], trusted),
    hostSource,
    rawHost: hostSource.value ?? '',
    protocol: firstValueOf(forwardedProto) || own,
    forwardedOverHttp: forwardedOverHttp(forwardedProto),
  };
}

/** Gives a request its envelope: done once, by the listener, before any way may answer it. */
export function envelopeRequest(req: IncomingMessage, trust: TrustFunction): EnvelopedRequest {
  return Object.assign(req, { envelope: requestEnvelopeOf(req, trust) });
}

/** Where a finished request is recorded. */
export interface RequestRecorder {
  readonly logger: Logger;
  readonly metrics: Metrics;
}

/** The bounded labels a request is measured by (metrics.ts). */
export interface RequestLabels {
  readonly route: string;
  readonly site: string;
}

/**
 * A finished request, recorded: its access-log line (docs/interface.md, Logs) and its observation
 * in the request metrics (an aborted one counted as such), the same for every way that answered.
 */
export function recordRequest(to: RequestRecorder, labels: RequestLabels, seconds: number, line: Omit<RequestLine, 'responseTime'>): void {
  to.metrics.observeRequest({ route: labels.route, site: labels.site, status: line.aborted ? 'aborted' : line.status, seconds });
  logRequestCompleted(to.logger, { ...line, responseTime: Math.round(seconds * 1000) });
}
