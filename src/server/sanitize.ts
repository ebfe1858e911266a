/**
 * Article bodies are editor HTML from the content API: untrusted. sanitize-html keeps an
 * allowlist of tags and attributes; scripts, event handlers, javascript: and data: URLs go.
 */
import sanitizeHtml from 'sanitize-html';

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
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async', alt: attribs.alt ?? '' } }),
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener' } : attribs };
    },
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * Article objects come from the data cache and stay the same object while cached, so their
 * sanitized body is kept beside them and not recomputed on every render.
 */
const sanitizedBodies = new WeakMap<object, string>();

export function sanitizedBodyOf(article: { readonly body: string }): string {
  let html = sanitizedBodies.get(article);
  if (html === undefined) {
    html = sanitizeArticleHtml(article.body);
    sanitizedBodies.set(article, html);
  }
  return html;
}
