import onHeaders from 'on-headers';
import type { Stage } from '../request/locals';
import { isSharedCacheControl } from '../page-cache/rules';
import { articlesRecordedBy } from '../purge/articles-recorded';
import { purgeKeyHeaders, purgeKeysOf } from '../rules/purge-keys';
import type { Step } from './steps';

/**
 * Purge keys on every shared answer (docs/interface.md, Content updates (purge)): the request's lookups
 * note the articles they return, and just before the headers go out, a shared answer (one a
 * CDN may keep) gets `Surrogate-Key` and `Cache-Tag` naming its site and those articles. A page
 * streamed to a person names the articles known when its headers left (decision 0180).
 */
export function purgeKeyRecording(): Step<Stage<'upstream' | 'siteKey'>, Stage<'upstream' | 'purgeKeys'>> {
  return function recordPurgeKeys(_req, res, { upstream, siteKey }) {
    const articleIds = new Set<string>();
    onHeaders(res, function namePurgeKeys() {
      if (!isSharedCacheControl(this.getHeader('cache-control'))) return;
      const [surrogateName, surrogateKey, tagName, cacheTag] = purgeKeyHeaders(purgeKeysOf(siteKey, articleIds));
      this.setHeader(surrogateName, surrogateKey);
      this.setHeader(tagName, cacheTag);
    });
    return { upstream: { ...upstream, api: articlesRecordedBy(upstream.api, articleIds) }, purgeKeys: { surrogateKey: () => purgeKeysOf(siteKey, articleIds) } };
  };
}
