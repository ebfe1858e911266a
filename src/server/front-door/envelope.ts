/**
 * The request envelope, the app's one front door: what every request gets once, by the listener,
 * whichever way answers it (a probe, a page-cache hit in front of Express, or the Express chain).
 * Its id; its host and scheme as the headers the trust setting (TRUST_PROXY) allows; what it asks
 * for, worked out once from them and its target (the site's address and origin, the parsed query,
 * the route, the page-cache key); and, when it is done, its one access-log line and its metrics
 * (finishRequest). The Host, X-Forwarded-Host and X-Forwarded-Proto headers are read here and
 * nowhere else. What the envelope holds: routing/requested.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { TLSSocket } from 'node:tls';
import type { Logger } from 'pino';
import { targetInsideBasePath } from '../../shared/base-path';
import { logPathOf, logRequestCompleted, requestIdOf } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import type { PageCacheResult } from '../page-cache/rules';
import { pageCacheKeyOf } from '../page-cache/rules';
import { requestHostSourceOf, siteAddressOf, type SiteAddress } from '../routing/host';
import type { Requested, RequestEnvelope } from '../routing/requested';
import { matchRoute, NOT_FOUND_ROUTE, pagePathOf } from '../routing/routes';
import { siteOrigin } from '../routing/site-urls';
import { peerIsTrusted, type TrustFunction } from './peer-trust';

/** What the front door is set up with, once at start-up. */
export interface FrontDoorSettings {
  readonly trust: TrustFunction;
  /** The site key of localhost, single-label hosts and IP literals (routing/host.ts). */
  readonly defaultSiteKey: string;
  /** The prefix the sites are served under ('' for none): a target outside it is no page. */
  readonly basePath: string;
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

/**
 * What a request asks for, from the raw host (undefined: none), the visitor's scheme and the
 * target (origin-form, request-target.ts): the path split from the query once, the host normalized once (routing/host.ts), the origin
 * built once (routing/site-urls.ts), the query parsed once, the route matched once and the
 * page-cache key made once. The fast path and the Express chain both read these. Pure.
 */
export function requestedOf(request: { readonly rawHost: string | undefined; readonly protocol: string; readonly target: string }, settings: Pick<FrontDoorSettings, 'defaultSiteKey' | 'basePath'>): Requested {
  const site = siteAddressOf(request.rawHost, settings.defaultSiteKey);
  const address = site && { host: site.host, siteKey: site.siteKey, origin: siteOrigin(site.host, { protocol: request.protocol, rawHost: request.rawHost ?? '' }) };
  const { target } = request;
  const queryStart = target.indexOf('?');
  const query = parseQuery(queryStart < 0 ? '' : target.slice(queryStart + 1));
  const targetPath = queryStart < 0 ? target : target.slice(0, queryStart);
  const path = targetInsideBasePath(settings.basePath, targetPath);
  if (path === null) return { targetPath, sitePath: null, address, query, route: NOT_FOUND_ROUTE, pageCacheKey: null };
  const route = matchRoute(path, query.s !== undefined);
  return {
    targetPath,
    sitePath: path,
    address,
    query,
    route,
    // Every spelling of a page's path is one page: one key.
    pageCacheKey: address && pageCacheKeyOf({ origin: address.origin, path: pagePathOf(route, path), query }),
  };
}

/** The envelope of a request, read from its headers and target once (the rules of Express's req.protocol and req.host). */
export function requestEnvelopeOf(req: IncomingMessage, settings: FrontDoorSettings): RequestEnvelope {
  const trusted = peerIsTrusted(settings.trust, req.socket);
  const hostSource = requestHostSourceOf(req, trusted);
  const forwardedProto = trusted ? req.headers['x-forwarded-proto'] : undefined;
  const own = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
  const protocol = firstValueOf(forwardedProto) || own;
  const target = req.url ?? '/';
  const { targetPath, sitePath, address, query, route, pageCacheKey } = requestedOf({ rawHost: hostSource.value, protocol, target }, settings);
  return {
    reqId: requestIdOf(req.headers['x-request-id'], trusted),
    hostSource,
    rawHost: hostSource.value ?? '',
    protocol,
    forwardedOverHttp: forwardedOverHttp(forwardedProto),
    logPath: logPathOf(target),
    targetPath,
    sitePath,
    address,
    query,
    route,
    pageCacheKey,
  };
}

/** Gives a request its envelope: done once, by the listener, before any way may answer it. */
export function envelopeRequest(req: IncomingMessage, settings: FrontDoorSettings): EnvelopedRequest {
  return Object.assign(req, { envelope: requestEnvelopeOf(req, settings) });
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

/** How a request ended, as the way that answered it knows it. */
export interface RequestEnd {
  readonly labels: RequestLabels;
  readonly status: number;
  /** The site the line names: set once the way that answered resolved the host. */
  readonly site?: SiteAddress | undefined;
  /** Which setting served the request (`global`: the network's default), when one was resolved. */
  readonly settingSource?: string | undefined;
  /** Set for a request the page cache could have answered: what it did (metrics.ts). */
  readonly pageCache?: PageCacheResult | undefined;
  /** The parts of the page that fell back after a failed lookup (the answer was degraded); absent when none did. */
  readonly fellBack?: readonly string[] | undefined;
  /** The client left before the answer was complete. */
  readonly aborted?: boolean;
  /** Set on the metrics port's answers (front-door/metrics-port.ts): the line says which port answered. */
  readonly port?: 'metrics';
  /** Set on the admission's 503 (front-door/admission.ts): turned away unstarted, under overload. */
  readonly shed?: true;
}

/**
 * A finished request, recorded in the one place every way finishes one: its access-log line
 * (docs/interface.md, Logs; docs/support.md) and its observation in the request metrics (an
 * aborted one counted as such). `startedAt` is performance.now() when the way took the request.
 */
export function finishRequest(to: RequestRecorder, req: EnvelopedRequest, startedAt: number, end: RequestEnd): void {
  const seconds = (performance.now() - startedAt) / 1000;
  to.metrics.observeRequest({ route: end.labels.route, site: end.labels.site, status: end.aborted ? 'aborted' : end.status, seconds, pageCache: end.pageCache });
  // One shape for every way; pino leaves the fields that are undefined out of the line.
  logRequestCompleted(to.logger, {
    reqId: req.envelope.reqId,
    port: end.port,
    host: end.site?.host,
    siteKey: end.site?.siteKey,
    method: req.method,
    path: req.envelope.logPath,
    status: end.status,
    settingSource: end.settingSource,
    // The line's `pageCache: "hit"`: a kept page answered as it is, fresh or stale (docs/support.md).
    pageCache: end.pageCache === 'hit' || end.pageCache === 'stale' ? 'hit' : undefined,
    fellBack: end.fellBack,
    aborted: end.aborted ? true : undefined,
    shed: end.shed,
    responseTime: Math.round(seconds * 1000),
  });
}

/**
 * Finishes a request once its answer is done (`finish`) or the client left first (`close`),
 * whichever comes first: for a way whose answer ends later than it is handed over (the Express
 * chain, the metrics port). `endOf` says how far the request got by then.
 */
export function finishWhenDone(to: RequestRecorder, req: EnvelopedRequest, res: ServerResponse, startedAt: number, endOf: (aborted: boolean) => RequestEnd): void {
  let finished = false;
  const complete = () => {
    if (finished) return;
    finished = true;
    finishRequest(to, req, startedAt, endOf(!res.writableFinished));
  };
  res.once('finish', complete);
  res.once('close', complete);
}
