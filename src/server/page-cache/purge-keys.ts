/**
 * The keys a CDN purges a shared page by (docs/interface.md, Content updates (purge)): the site's, and one
 * per article the page was built from. Fastly reads them space-separated from `Surrogate-Key`,
 * Cloudflare comma-separated from `Cache-Tag`. Pure.
 */

/** Both CDNs take 16 KB headers; a page naming more than about 60 articles names its site alone. */
export const MAX_PURGE_KEYS_LENGTH = 2048;

/** Characters no CDN splits a key at; an article id with others cannot be named. */
const KEY_SAFE = /^[A-Za-z0-9._~:@-]{1,128}$/;

export const siteKeyTag = (siteKey: string): string => `site-${siteKey}`;
export const articleKeyTag = (articleId: string): string => `article-${articleId}`;

/**
 * The space-separated keys of a page: `site-<siteKey>`, then `article-<_id>` per article; only
 * the site's when they would pass MAX_PURGE_KEYS_LENGTH or an id cannot be spelled as a key (a
 * purge of the site still reaches the page).
 */
export function purgeKeysOf(siteKey: string, articleIds: Iterable<string>): string {
  const site = siteKeyTag(siteKey);
  let keys = site;
  for (const id of articleIds) {
    if (!KEY_SAFE.test(id)) return site;
    keys += ` ${articleKeyTag(id)}`;
    if (keys.length > MAX_PURGE_KEYS_LENGTH) return site;
  }
  return keys;
}

/** The two response headers (name, value, name, value) carrying a page's keys. */
export function purgeKeyHeaders(keys: string): [string, string, string, string] {
  return ['surrogate-key', keys, 'cache-tag', keys.replaceAll(' ', ',')];
}
