import { joinPath } from '../../shared/format';
import { badRequest } from '../http/errors';
import type { Stage } from '../request/locals';
import { matchRoute, takesPageParameter, targetWithoutPage } from '../rules/routes';
import { queryOf } from '../request/query';
import { MAX_LOCATION_LENGTH } from './https-redirect';
import { ANSWERED, type Nothing, type Step } from './steps';

/**
 * Looks the request up in the route table once; the steps after it read the match. A `page`
 * parameter on a route that takes none is sent to the address without it (301, a path on the
 * same host): it would otherwise be a page of its own, kept and shared under every made-up value.
 */
export function routeMatching(options: { basePath: string }): Step<Nothing, Stage<'route'>> {
  return function matchRequestRoute(req, res) {
    const query = queryOf(req);
    const route = matchRoute(req.path, query.s !== undefined);
    if (query.page === undefined || takesPageParameter(route)) return { route };
    const queryStart = req.originalUrl.indexOf('?');
    const location = joinPath(options.basePath, targetWithoutPage(req.path, req.originalUrl.slice(queryStart)));
    if (location.length > MAX_LOCATION_LENGTH) throw badRequest('This address is too long.');
    res.redirect(301, location);
    return ANSWERED;
  };
}
