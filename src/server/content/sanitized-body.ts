/**
 * Article objects come from the data cache and stay the same object while cached, so the
 * sanitized body of one viewed again is kept beside it and not recomputed on every render; one
 * viewed once (the long tail) keeps nothing.
 */
import { sanitizeArticleHtml } from './sanitize';
import { keptFromSecondUse } from '../memory/kept-per-record';

export const sanitizedBodyOf = keptFromSecondUse((article: { readonly body: string }, basePath: string): string => sanitizeArticleHtml(article.body, basePath));
