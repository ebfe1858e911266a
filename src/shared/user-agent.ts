/**
 * The spec's browser facts (section 5), one pure rule for the server and the client alike.
 * User agents are untrusted input: only the first UA_MAX_LENGTH characters are read, and the
 * pattern is a flat alternation (no nested quantifier), so matching time is linear.
 */

/** Real user agents are a few hundred characters; anything longer is cut before matching. */
export const UA_MAX_LENGTH = 512;

const MOBILE_PATTERN = /Mobi|Android|iPhone|iPad|iPod|BlackBerry|BB10|IEMobile|Windows Phone|Opera Mini|Silk|webOS|Kindle/i;

function capped(userAgent: string | null | undefined): string {
  return (userAgent ?? '').slice(0, UA_MAX_LENGTH);
}

/** Safari: the user agent mentions Safari but neither Chrome nor Chromium. */
export function isSafari(userAgent: string | null | undefined): boolean {
  const ua = capped(userAgent);
  return ua.includes('Safari') && !ua.includes('Chrome') && !ua.includes('Chromium');
}

/** A phone or tablet, by the usual user-agent tokens. */
export function isMobile(userAgent: string | null | undefined): boolean {
  return MOBILE_PATTERN.test(capped(userAgent));
}
