/**
 * What pages derive from an article record alone: its dates as text and as ISO timestamps, its
 * excerpt as a meta description. Article objects come from the data cache and stay the same
 * object while cached (as for sanitizedBodyOf), so these are computed once per record and kept
 * beside it for as long as it lives; a new record from the API is a new object with its own.
 */
import { dateTextOf, isoDateOf, summarize, type DateText } from '../../shared/format';
import type { Article } from '../../shared/records';
import { keptPerRecord } from '../memory/kept-per-record';

export interface ArticleFacts {
  readonly published: DateText | null;
  /** Only when the article was updated after it was published. */
  readonly updated: DateText | null;
  readonly publishedIso: string | undefined;
  readonly modifiedIso: string | undefined;
  /** The excerpt as a meta description; undefined without one. */
  readonly summary: string | undefined;
}

type Dated = Pick<Article, 'publishedAt' | 'updatedAt' | 'excerpt'>;

function derive(article: Dated): ArticleFacts {
  const updated = article.updatedAt && article.updatedAt !== article.publishedAt ? article.updatedAt : null;
  return {
    published: dateTextOf(article.publishedAt),
    updated: dateTextOf(updated),
    publishedIso: isoDateOf(article.publishedAt),
    modifiedIso: isoDateOf(article.updatedAt),
    summary: article.excerpt ? summarize(article.excerpt) : undefined,
  };
}

export const factsOf = keptPerRecord((article: Dated): ArticleFacts => derive(article));
