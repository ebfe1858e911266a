import { badRequest, ERRORS } from '../http/errors';

/**
 * Longest Location sent. Balancers cap response headers (nginx: 4 or 8 KB in all) and answer
 * 502 above that; a longer address gets a 400 page instead.
 */
export const MAX_LOCATION_LENGTH = 2048;

/** A redirect's Location as it is, or the 400 page's error when it is over the bound. */
export function boundedLocation(location: string): string {
  if (location.length > MAX_LOCATION_LENGTH) throw badRequest(ERRORS.URI_TOO_LONG.message);
  return location;
}
