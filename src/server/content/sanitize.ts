/**
 * Article bodies are editor HTML from the content API: untrusted. sanitize-html keeps an
 * allowlist of tags and attributes; scripts, event handlers, javascript: and data: URLs go.
 */
import sanitizeHtml from 'sanitize-html';
import { siteHref } from '../../shared/base-path';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'blockquote', 'code', 'pre', 'br', 'hr', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'sup', 'sub'],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    th: ['scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // The question is the page's only h1; a heading in the body becomes a section heading.
    h1: 'h2',
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async', alt: attribs.alt ?? '' } }),
  },
};

/**
 * Links: an external one gets `rel="noopener"`; a root-relative one is a page of this site,
 * written by an editor who knows no base path, so it gets the prefix (shared/base-path.ts).
 * Runs before the scheme check, which still drops what is not allowed.
 */
function linkTransform(basePath: string): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const href = attribs.href;
    if (href === undefined) return { tagName, attribs };
    if (/^https?:\/\//i.test(href)) return { tagName, attribs: { ...attribs, rel: 'noopener' } };
    return { tagName, attribs: { ...attribs, href: siteHref(basePath, href) } };
  };
}

/** An article body as a page may show it, under the app's base path ('' at the root). */
export function sanitizeArticleHtml(html: string, basePath: string): string {
  return sanitizeHtml(html, { ...OPTIONS, transformTags: { ...OPTIONS.transformTags, a: linkTransform(basePath) } });
}

/** http(s), a root-relative path, or an inline raster or SVG image (inert inside `<img>`). */
const SAFE_IMAGE_URL = /^(?:https?:\/\/|\/(?!\/)|data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)[;,])/i;

/** The article's lead image when its URL is one an `<img>` may load; otherwise none. */
export function leadImageOf<T extends { readonly url: string }>(image: T | null | undefined): T | undefined {
  return image && SAFE_IMAGE_URL.test(image.url) ? image : undefined;
}

/** Resolves relative references; never fetched. */
const LINK_BASE = 'https://link-check.invalid/';

/**
 * A menu or footer link from a site record: http(s) or relative (a path, `?query`, `#fragment`,
 * `//host`). `javascript:`, `data:` and every other scheme are refused, however they are spelled:
 * the URL parser drops the tabs, newlines and leading spaces a browser would drop too.
 */
export function isSafeLinkUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, LINK_BASE);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The links whose URL is safe to render; the others are dropped. */
export function safeLinksOf<T extends { readonly url: string }>(links: readonly T[]): T[] {
  return links.filter((link) => isSafeLinkUrl(link.url));
}
