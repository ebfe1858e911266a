/**
 * Browser facts from the User-Agent header (docs/architecture.md, The client), shared by the server and the client.
 * Pure. A visitor controls this header, so the input is cut to a fixed length first and only
 * plain substring checks run on it: no regular expression, hence no backtracking, and a 10 KB
 * header costs the same as a short one.
 */

/** Real user agents are a few hundred characters; anything past this is ignored. */
export const MAX_USER_AGENT_LENGTH = 512;

/** The classic mobile user-agent pattern, as case-insensitive tokens. */
const MOBILE_TOKENS = ['mobi', 'android', 'iphone', 'ipad', 'ipod', 'webos', 'blackberry', 'bb10', 'iemobile', 'windows phone', 'opera mini', 'silk', 'kindle'] as const;

function normalized(userAgent: string | null | undefined): string {
  return (userAgent ?? '').slice(0, MAX_USER_AGENT_LENGTH).toLowerCase();
}

/**
 * Safari (spec section 5): the user agent mentions Safari but neither Chrome nor Chromium. So
 * Chrome and Edge, whose strings also say "Safari", are not Safari; Chrome on iOS (`CriOS`, no
 * "Chrome" token) is, as it is Apple's WebKit underneath.
 */
export function isSafari(userAgent: string | null | undefined): boolean {
  const ua = normalized(userAgent);
  return ua.includes('safari') && !ua.includes('chrome') && !ua.includes('chromium');
}

/** A phone or tablet, by the user-agent pattern. */
export function isMobile(userAgent: string | null | undefined): boolean {
  const ua = normalized(userAgent);
  return MOBILE_TOKENS.some((token) => ua.includes(token));
}
