import * as sanitize from '../../../../src/server/content/sanitize';
import { sanitizedBodyOf } from '../../../../src/server/content/sanitized-body';

describe('sanitizedBodyOf', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sanitizes a body on its first use and on its second, then keeps it; anew for a new record or base path', () => {
    const sanitizeArticleHtml = jest.spyOn(sanitize, 'sanitizeArticleHtml');
    const article = { body: '<p>Hello <script>alert(1)</script><a href="/x">there</a></p>' };
    const first = sanitizedBodyOf(article, '');
    expect(first).not.toContain('<script');
    expect(sanitizedBodyOf(article, '')).toBe(first);
    expect(sanitizeArticleHtml).toHaveBeenCalledTimes(2);
    expect(sanitizedBodyOf(article, '')).toBe(first);
    expect(sanitizedBodyOf(article, '')).toBe(first);
    expect(sanitizeArticleHtml).toHaveBeenCalledTimes(2);
    sanitizedBodyOf({ ...article }, '');
    sanitizedBodyOf(article, '/news');
    expect(sanitizeArticleHtml).toHaveBeenCalledTimes(4);
  });
});
