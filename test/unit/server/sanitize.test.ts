import { sanitizeArticleHtml } from '../../../src/server/sanitize';

describe('sanitizeArticleHtml', () => {
  it('removes scripts, event handlers and dangerous URLs', () => {
    const html = sanitizeArticleHtml('<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">j</a><img src="data:image/png;base64,AAA" onerror="x()"><iframe src="https://evil"></iframe>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|data:|iframe/i);
    expect(html).toContain('<p>Hi</p>');
  });
  it('makes images lazy and external links noopener', () => {
    const html = sanitizeArticleHtml('<img src="https://cdn.example.com/a.jpg" alt="A"><a href="https://example.org">x</a><a href="/local">y</a>');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toContain('<a href="https://example.org" rel="noopener">x</a>');
    expect(html).toContain('<a href="/local">y</a>');
  });
});
