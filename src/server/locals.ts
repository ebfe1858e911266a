/**
 * Per-request state, typed on Express.Locals and filled in middleware order, and the stages
 * that order guarantees: what every step after a given one may rely on.
 */
import type { Logger } from 'pino';
import type { RequestEnvelope } from './edge/envelope';
import type { RouteMatch } from './routes';
import type { Site } from './site/load-site';
import type { PageOutput } from './page-cache/page-cache';
import type { CampaignApi } from './upstream/campaign-api';
import type { ContentApi } from './upstream/content-api';
import type { PagePart } from './upstream/failures';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Given by the listener before any way answers (edge/envelope.ts): id, host and scheme, read once. */
      readonly envelope: RequestEnvelope;
      /** Set by the request logging: event lines of this request carry its `reqId`. */
      log: Logger;
    }
    interface Locals {
      /** The parsed query, kept by its first reader (request-query.ts, queryOf). */
      query?: import('express').Request['query'];
      /** Set by the host middleware. */
      host?: string;
      siteKey?: string;
      /** Set by the route middleware. */
      route?: RouteMatch;
      /** Set by the request-upstream middleware: the upstream clients within this request's budget. */
      upstream?: { readonly api: ContentApi; readonly campaignApi: CampaignApi };
      /** Set by the site-settings middleware. */
      site?: Site;
      /** Set by the consent-platform CSP middleware: the origin the page's policy admits. */
      consentOrigin?: string;
      /** Set by the page-cache middleware: how the rendered page may be cached. */
      pageOutput?: PageOutput;
      /** Set by the purge-keys middleware: the keys a CDN purges this page by, as Surrogate-Key. */
      purgeKeys?: { surrogateKey(): string };
      /** The parts of the page that fell back after a failed lookup: then it is degraded (lookup-scope.ts). */
      fellBack?: Set<PagePart>;
    }
  }
}

type StageField = keyof Express.Locals;

/** The locals a stage guarantees, each set. */
export type Stage<Fields extends readonly StageField[]> = { readonly [Field in Fields[number]]-?: NonNullable<Express.Locals[Field]> };

/** After host resolution (middleware/host.ts). */
export const HOST_RESOLVED = ['host', 'siteKey'] as const;
/** After the route table, the page-cache step and the request's upstream clients (app.ts, in that order). */
export const UPSTREAM_READY = [...HOST_RESOLVED, 'route', 'pageOutput', 'upstream'] as const;
/** After site settings: everything a document or page is built from. */
export const SITE_RESOLVED = [...UPSTREAM_READY, 'site'] as const;

/**
 * The request's locals as a stage guarantees them. app.ts orders the steps so that they are
 * set; one missing is a bug in that order, not a visitor's doing, hence a thrown Error (a 500).
 */
export function stageOf<Fields extends readonly StageField[]>(locals: Express.Locals, stage: Fields): Stage<Fields> {
  const missing = stage.find((field) => locals[field] === undefined);
  if (missing) throw new Error(`res.locals.${missing} read before the step that sets it (see the order in app.ts)`);
  return locals as Stage<Fields>;
}
