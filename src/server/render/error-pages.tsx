import { PRIVATE } from '../http/cache-control';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MessagePage } from '../../shared/components/Pages';
import { SiteLink } from '../../shared/components/SiteLink';
import { joinPath } from '../../shared/format';
import { ERRORS, PageError, plainErrorAnswer, sendPlainError, type ErrorCode } from '../http/errors';
import type { PageRenderer } from './page';
import { RenderAbortedError } from './stream';
import { ROUTE_TABLE } from '../routing/routes';

/** The fixed 500 page, when not even the error page can be rendered (BASE_PATH holds no character HTML would need escaped). */
const fallback500Of = (homePath: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${ERRORS.ERROR_PAGE_FAILED.title}</title></head><body><main><h1>${ERRORS.ERROR_PAGE_FAILED.title}</h1><p>${ERRORS.ERROR_PAGE_FAILED.message} <a href="${homePath}">Go to the home page</a></p></main></body></html>`;

/** Errors of Express and its libraries (a static file not found, a malformed request) that carry a 4xx status. */
function clientErrorStatusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** What an error means for the visitor: its catalogue entry, and the status and message shown. Pure. */
export function visibleErrorOf(error: unknown): { code: ErrorCode; status: number; message: string } {
  if (error instanceof PageError) return { code: error.code, status: error.status, message: error.message };
  if (error instanceof RenderAbortedError) return { code: 'RENDER_ABORTED', status: ERRORS.RENDER_ABORTED.status, message: ERRORS.RENDER_ABORTED.message };
  const status = clientErrorStatusOf(error);
  if (status === 404) return { code: 'NOT_FOUND', status, message: ERRORS.NOT_FOUND.message };
  if (status !== undefined) return { code: 'BAD_REQUEST', status, message: ERRORS.BAD_REQUEST.message };
  return { code: 'UNEXPECTED', status: ERRORS.UNEXPECTED.status, message: ERRORS.UNEXPECTED.message };
}

const methodNotAllowed = plainErrorAnswer('METHOD_NOT_ALLOWED');

/** Pages and documents answer GET and HEAD; any other method gets the catalogue's 405, without a site lookup. */
export function onlyGetAndHead(): RequestHandler {
  return function onlyGetAndHead(req, res, next) {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    // Headers set so far (the security headers) stay: writeHead merges them.
    sendPlainError(res, methodNotAllowed, req.method);
  };
}

/**
 * The one error handler, and the one place that renders error pages: a PageError or a 4xx from
 * Express renders its page (in the site's shell when the site is known); anything else is a 500,
 * logged once with the request id and the catalogue's event. A visitor never sees a stack trace.
 */
export function errorHandling(renderer: PageRenderer, options: { basePath: string }): ErrorRequestHandler {
  const fallback500 = fallback500Of(joinPath(options.basePath, '/'));
  return async function handleError(error, req, res, next) {
    if (res.headersSent) {
      req.log.error({ event: ERRORS.FAILED_MIDWAY.log.event, err: error }, 'error after the response started');
      next(error);
      return;
    }
    const { code, status, message } = visibleErrorOf(error);
    const answer = ERRORS[code];
    if (error instanceof RenderAbortedError) req.log.error({ event: ERRORS.RENDER_ABORTED.log.event, timeoutMs: error.timeoutMs }, 'render took too long and was aborted');
    else if (code === 'UNEXPECTED') req.log.error({ event: ERRORS.UNEXPECTED.log.event, err: error }, 'unexpected error');
    // A page that failed on the server's side and is still kept answers with its kept copy, degraded (decision 0325).
    if (status >= 500 && res.locals.pageOutput?.answerWithKeptPage?.()) return;
    if ('retryAfterSeconds' in answer) res.setHeader('retry-after', String(answer.retryAfterSeconds));
    const title = status === answer.status ? answer.title : 'Error';
    const content = (
      <MessagePage title={title}>
        <p>{message}</p>
        <p><SiteLink href="/">Go to the home page</SiteLink></p>
      </MessagePage>
    );
    const { site, route } = res.locals;
    try {
      if (site) {
        // The error page keeps the route's layout (shell or not), with the not-found rule's ads.
        const rule = route?.kind === 'page' && !route.rule.shell ? route.rule : ROUTE_TABLE['not-found'];
        await renderer.sitePage(req, res, site, rule, { status, head: { title, noindex: true }, content }, res.locals);
      } else {
        await renderer.sitelessPage(req, res, status, title, content);
      }
    } catch (renderError) {
      req.log.error({ event: ERRORS.ERROR_PAGE_FAILED.log.event, err: renderError }, 'the error page could not be rendered');
      if (!res.headersSent) res.status(ERRORS.ERROR_PAGE_FAILED.status).set('cache-control', PRIVATE).type('html').send(fallback500);
    }
  };
}
