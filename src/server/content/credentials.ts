/**
 * A backend URL may carry its credentials (`https://user:secret@api.example`, app.md). The HTTP
 * client drops a URL's userinfo, so they travel as Basic authentication instead (RFC 7617), and
 * the URLs the client calls, and names in its errors, hold none.
 */
export interface BaseUrlAndCredentials {
  /** The base URL without userinfo. */
  readonly baseUrl: string;
  /** An `authorization` header when the URL carried credentials; otherwise none. */
  readonly headers: Readonly<Record<string, string>>;
}

export function splitCredentials(baseUrl: string): BaseUrlAndCredentials {
  const url = new URL(baseUrl);
  if (url.username === '' && url.password === '') return { baseUrl, headers: {} };
  // Userinfo is percent-encoded in a URL; the header carries the plain values.
  const userPass = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = '';
  url.password = '';
  // Paths are appended to the base: keep it without a trailing slash, as configured.
  const withoutUserinfo = baseUrl.endsWith('/') ? url.href : url.href.replace(/\/$/, '');
  return { baseUrl: withoutUserinfo, headers: { authorization: `Basic ${Buffer.from(userPass, 'utf8').toString('base64')}` } };
}
