import onHeaders from 'on-headers';
import type { Article } from '../../shared/records';
import { isSharedCacheControl } from './rules';
import { purgeKeyHeaders, purgeKeysOf } from './purge-keys';
import type { Step, Stage } from '../http/steps';

/**
 * Purge keys on every shared answer (docs/interface.md, Content updates (purge)): the request's content
 * lookups tell this step's observer the articles they return (content/request-content-api.ts),
 * and just before the headers go out, a shared answer (one a CDN may keep) gets `Surrogate-Key`
 * and `Cache-Tag` naming its site and those articles. A page streamed to a person names the
 * articles known when its headers left (decision 0180).
 */
export function purgeKeyRecording(): Step<Stage<'siteKey'>, Stage<'purgeKeys'>> {
  return function recordPurgeKeys(_req, res, { siteKey }) {
    const articleIds = new Set<string>();
    onHeaders(res, function namePurgeKeys() {
      if (!isSharedCacheControl(this.getHeader('cache-control'))) return;
      const [surrogateName, surrogateKey, tagName, cacheTag] = purgeKeyHeaders(purgeKeysOf(siteKey, articleIds));
      this.setHeader(surrogateName, surrogateKey);
      this.setHeader(tagName, cacheTag);
    });
    const noteArticles = (articles: readonly Article[]): void => {
      for (const article of articles) articleIds.add(article._id);
    };
    return { purgeKeys: { surrogateKey: () => purgeKeysOf(siteKey, articleIds), noteArticles } };
  };
}
