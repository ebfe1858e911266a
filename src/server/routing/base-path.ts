import type { RequestHandler } from 'express';
import { slashedBasePathOf, targetInsideBasePath } from '../../shared/base-path';
import { notFound } from '../http/errors';
import { boundedLocation } from './location';

/**
 * BASE_PATH: the sites live under one prefix. A request inside it goes on with the prefix taken
 * off its target, so every later step (assets, routes, the page cache) sees the site's own path
 * as it would at the root (req.originalUrl keeps the full target for the logs). The prefix
 * itself without its slash is redirected to the home's address with one; anything else is
 * not this app's: 404. Health checks stay at the root, before this step.
 */
export function basePathScope(basePath: string): RequestHandler {
  return function enterBasePath(req, res, next) {
    const inside = targetInsideBasePath(basePath, req.url);
    if (inside !== null) {
      req.url = inside;
      return next();
    }
    const home = slashedBasePathOf(basePath, req.url);
    if (home === null) return next(notFound());
    res.redirect(308, boundedLocation(home));
  };
}
