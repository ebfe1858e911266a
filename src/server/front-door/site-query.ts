/**
 * GET /site?host=<host> on the metrics port (docs/support.md, "This site shows the wrong
 * analytics id, menu or ads"): which record a host gets (the variant lookup), the settings its
 * pages resolve and which step of the resolution order chose them (site/site-report.ts). The
 * lookups are the pages' own, through the data cache and within a request's upstream budget,
 * so the answer is what the host's next page would show. Behind PURGE_TOKEN's bearer
 * authentication (http/bearer-auth.ts); the public port never answers it.
 */
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { bearerAuth } from '../http/bearer-auth';
import { ERRORS, jsonAnswer, jsonErrorAnswer, sendJsonAnswer } from '../http/errors';
import type { EnvelopedRequest } from './envelope';
import { queriedHostOf, siteKeyOf } from '../routing/host';
import { lookupSettings, resolutionOf } from '../site/site';
import { siteReportOf } from '../site/site-report';
import type { LookupScope } from '../content/failures';
import type { RequestBudget } from '../content/request-budget';
import type { RequestContentApi } from '../content/request-content-api';

export const SITE_QUERY_PATH = '/site';

export interface SiteQueryDeps {
  readonly token: string;
  readonly logger: Logger;
  /** The content API as the app's requests see it (the same data cache). */
  readonly contentApiFor: (scope: LookupScope, budget: RequestBudget) => RequestContentApi;
  /** REQUEST_UPSTREAM_BUDGET_MS: the lookups give up as a page's would. */
  readonly budgetMs: number;
  readonly defaultSiteKey: string;
  readonly analyticsCodes: ReadonlyMap<string, string>;
}

export function siteQuery(deps: SiteQueryDeps): (req: EnvelopedRequest, res: ServerResponse) => void {
  const authenticate = bearerAuth({ token: deps.token, refusal: 'SITE_QUERY_UNAUTHORIZED', route: 'site query', logger: deps.logger });
  const now = () => performance.now();
  return function answerSiteQuery(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJsonAnswer(res, jsonErrorAnswer('SITE_QUERY_METHOD_NOT_ALLOWED'), req.method);
      return;
    }
    if (!authenticate(req, res)) return;
    const queried = queriedHostOf(req.envelope.query.host);
    if ('error' in queried) {
      sendJsonAnswer(res, jsonErrorAnswer('SITE_QUERY_BAD_REQUEST', queried.error), req.method);
      return;
    }
    const { host } = queried;
    // A failed lookup is logged as a page's is (site.lookup_failed, under this request's id) and counts as no record.
    const scope: LookupScope = { log: deps.logger.child({ reqId: req.envelope.reqId }), fellBack: new Set() };
    const { api } = deps.contentApiFor(scope, { deadline: now() + deps.budgetMs, now });
    lookupSettings(api, host, scope).then(
      (lookups) => {
        const resolution = resolutionOf(lookups, scope.fellBack.has('settings'));
        const report = siteReportOf({ host, siteKey: siteKeyOf(host, deps.defaultSiteKey), lookups, resolution, analyticsCodes: deps.analyticsCodes, fellBack: scope.fellBack });
        sendJsonAnswer(res, jsonAnswer(200, report), req.method);
      },
      (error: unknown) => {
        scope.log.error({ event: ERRORS.UNEXPECTED.log.event, err: error }, 'site query failed');
        sendJsonAnswer(res, jsonErrorAnswer('UNEXPECTED'), req.method);
      },
    );
  };
}
