/**
 * The site's RSS 2.0 feed of its newest articles. Pure. Each item carries the excerpt as its
 * description and the sanitized answer as `content:encoded`, so feed readers show it whole.
 */
import { isoDateOf } from '../../shared/format';
import type { Article } from '../../shared/records';
import { FEED_PATH } from '../routing/routes';
import { newestLastmod } from './sitemap';
import { escapeXml, textElement, XML_DECLARATION } from './xml';

export const FEED_SIZE = 20;

export interface FeedChannel {
  readonly title: string;
  /** The site's home page. */
  readonly link: string;
  readonly description: string;
  /** The site's origin, for the feed's own address. */
  readonly origin: string;
}

export interface FeedItem {
  readonly title: string;
  readonly link: string;
  readonly description?: string | undefined;
  /** Already sanitized HTML. */
  readonly contentHtml?: string | undefined;
  readonly author?: string | undefined;
  readonly category?: string | undefined;
  /** ISO 8601. */
  readonly published?: string | undefined;
  /** When the article last changed (updated, else created, else published); ISO 8601. */
  readonly lastmod?: string | undefined;
}

/**
 * When the feed last changed: its newest item change (ISO 8601), not the clock, so the same
 * content gives the same bytes and the same Last-Modified.
 */
export function feedLastmod(items: readonly FeedItem[]): string | undefined {
  return newestLastmod(items.map((item) => item.lastmod ?? item.published));
}

/** Articles newest first (undated last), each once, at most `count`. */
export function newestArticles(articles: readonly Article[], count = FEED_SIZE): Article[] {
  const unique = new Map<string, Article>();
  for (const article of articles) if (!unique.has(article._id)) unique.set(article._id, article);
  const time = (article: Article) => Date.parse(isoDateOf(article.publishedAt) ?? '') || 0;
  return [...unique.values()].sort((a, b) => time(b) - time(a)).slice(0, count);
}

/** RFC 822 date-time, as RSS 2.0 wants it. */
const rfc822 = (iso: string | undefined) => (iso ? new Date(iso).toUTCString() : undefined);

function itemXml(item: FeedItem): string {
  return [
    '<item>',
    textElement('title', item.title),
    textElement('link', item.link),
    `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
    textElement('description', item.description),
    textElement('content:encoded', item.contentHtml),
    textElement('dc:creator', item.author),
    textElement('category', item.category),
    textElement('pubDate', rfc822(item.published)),
    '</item>',
  ].join('');
}

export function rssXml(channel: FeedChannel, items: readonly FeedItem[]): string {
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    textElement('title', channel.title),
    textElement('link', channel.link),
    textElement('description', channel.description),
    '<language>en</language>',
    textElement('lastBuildDate', rfc822(feedLastmod(items))),
    `<atom:link href="${escapeXml(`${channel.origin}${FEED_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    ...items.map(itemXml),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
