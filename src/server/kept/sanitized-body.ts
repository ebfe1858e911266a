/**
 * Article objects come from the data cache and stay the same object while cached, so their
 * sanitized body is kept beside them and not recomputed on every render.
 */
import { sanitizeArticleHtml } from '../rules/sanitize';
import { keptPerRecord } from './kept-per-record';

export const sanitizedBodyOf = keptPerRecord((article: { readonly body: string }, basePath: string): string => sanitizeArticleHtml(article.body, basePath));
