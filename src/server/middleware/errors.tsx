import type { ErrorRequestHandler } from 'express';
import { MessagePage } from '../../shared/components/Pages';
import { SiteLink } from '../../shared/components/SiteLink';
import { joinPath } from '../../shared/format';
import { PageError, RETRY_AFTER_SECONDS } from '../errors';
import type { PageRenderer } from '../render/page';
import { RenderAbortedError } from '../render/stream';
import { ROUTE_TABLE } from '../routes';

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad request',
  404: 'Page not found',
  503: 'Temporarily unavailable',
  500: 'Something went wrong',
};

const MESSAGES: Readonly<Record<number, string>> = {
  404: 'There is no page at this address.',
  500: 'Please try again in a moment.',
};

/** The last resort, when not even the error page can be rendered (BASE_PATH holds no character HTML would need escaped). */
const fallback500Of = (homePath: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>Please try again in a moment. <a href="${homePath}">Go to the home page</a></p></main></body></html>`;

/** What an error means for the visitor: its status and the message shown. Pure. */
export function visibleErrorOf(error: unknown): { status: number; message: string } {
  if (error instanceof PageError) return { status: error.status, message: error.message };
  // Errors of Express and its libraries (a static file not found, a malformed request) carry a 4xx status.
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, message: MESSAGES[status] ?? 'This request could not be understood.' };
  return { status: 500, message: MESSAGES[500] ?? '' };
}

/**
 * The one error handler, and the one place that renders error pages: a PageError or a 4xx from
 * Express renders its page (in the site's shell when the site is known); anything else is a 500,
 * logged once with the request id. A visitor never sees a stack trace.
 */
export function errorHandling(renderer: PageRenderer, options: { basePath: string }): ErrorRequestHandler {
  const fallback500 = fallback500Of(joinPath(options.basePath, '/'));
  return async function handleError(error, req, res, next) {
    if (res.headersSent) {
      req.log.error({ event: 'response.failed_midway', err: error }, 'error after the response started');
      next(error);
      return;
    }
    const { status, message } = visibleErrorOf(error);
    if (error instanceof RenderAbortedError) req.log.error({ event: 'render.aborted', timeoutMs: error.timeoutMs }, 'render took too long and was aborted');
    else if (status === 500) req.log.error({ event: 'request.failed', err: error }, 'unexpected error');
    if (status === 503) res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
    const title = TITLES[status] ?? 'Error';
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
        await renderer.sitePage(req, res, site, rule, { status, head: { title, noindex: true }, content });
      } else {
        await renderer.sitelessPage(req, res, status, title, content);
      }
    } catch (renderError) {
      req.log.error({ event: 'request.failed', err: renderError }, 'the error page could not be rendered');
      if (!res.headersSent) res.status(500).set('cache-control', 'private, no-store').type('html').send(fallback500);
    }
  };
}
