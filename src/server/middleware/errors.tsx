import type { ErrorRequestHandler } from 'express';
import { MessagePage } from '../../shared/components/Pages';
import type { Assets } from '../assets';
import { PageError, RETRY_AFTER_SECONDS } from '../errors';
import { renderSitePage, renderSiteless } from '../render/page';
import { ROUTE_TABLE } from '../routes';
import { errorView } from './pages';

/**
 * The one error handler: a PageError renders its page; anything else is a 500, logged once with
 * the request id. A visitor never sees a stack trace.
 */
export function errorHandling(assets: Assets): ErrorRequestHandler {
  return function handleError(error, req, res, next) {
    if (res.headersSent) {
      req.log.error({ event: 'response.failed_midway', err: error }, 'error after the response started');
      next(error);
      return;
    }
    const pageError = error instanceof PageError ? error : null;
    if (!pageError) {
      const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
      if (status === 500) req.log.error({ event: 'request.failed', err: error }, 'unexpected error');
      void renderSiteless(req, res, assets, status, status === 500 ? 'Something went wrong' : 'Bad request', (
        <MessagePage title={status === 500 ? 'Something went wrong' : 'Bad request'}>
          <p>{status === 500 ? 'Please try again in a moment.' : 'This request could not be understood.'}</p>
          <p><a href="/">Go to the home page</a></p>
        </MessagePage>
      ));
      return;
    }
    if (pageError.status === 503) res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
    const site = res.locals.site;
    if (site) {
      void renderSitePage(req, res, assets, site, ROUTE_TABLE['not-found'], errorView(pageError));
      return;
    }
    void renderSiteless(req, res, assets, pageError.status, errorView(pageError).head.title, errorView(pageError).content);
  };
}
