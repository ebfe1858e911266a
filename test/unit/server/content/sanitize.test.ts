import { isSafeLinkUrl, leadImageOf, sanitizeArticleHtml } from '../../../../src/server/content/sanitize';
import { parseHtml } from '../../../support/html';

describe('sanitizeArticleHtml', () => {
  it('removes scripts, event handlers and dangerous URLs', () => {
    const html = sanitizeArticleHtml('<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">j</a><img src="data:image/png;base64,AAA" onerror="x()"><iframe src="https://evil"></iframe>', '');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|data:|iframe/i);
    expect(html).toContain('<p>Hi</p>');
  });

  it.each([
    ['<a href="JaVaScRiPt:alert(1)">x</a>', /javascript/i],
    ['<a href="java&#x09;script:alert(1)">x</a>', /script:/i],
    ['<a href="  javascript:alert(1)">x</a>', /javascript/i],
    ['<a href="vbscript:msgbox(1)">x</a>', /vbscript/i],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', /data:|script/i],
    ['<a href="//evil.example/x">x</a>', /evil/],
    ['<img src="x" srcset="javascript:alert(1) 1x">', /srcset|javascript/i],
    ['<svg><script>alert(1)</script></svg>', /svg|script|alert/i],
    ['<math><mtext><script>alert(1)</script></mtext></math>', /script|alert/i],
    ['<style>body{display:none}</style><p style="position:fixed">x</p>', /style|display|position/i],
    ['<form action="https://evil"><input name="a"><button formaction="javascript:x">b</button></form>', /form|input|button|javascript/i],
    ['<object data="x"></object><embed src="x"><base href="https://evil/">', /object|embed|base|evil/i],
    ['<p><scr<script>ipt>alert(1)</script></p>', /<script/i],
    ['<img src=x onerror=alert(1)//>', /onerror|alert/],
    ['<a href="https://ok.example" onmouseover="x()">x</a>', /onmouseover/],
    ['<!-- <script>alert(1)</script> -->', /script|<!--/],
  ])('%s leaves nothing matching %p', (input, forbidden) => {
    expect(sanitizeArticleHtml(input, '')).not.toMatch(forbidden);
  });

  // A character reference with leading zeros is still the character (HTML's tokenizer takes any
  // number of digits): the scheme check must see the decoded URL, in links and in images.
  it.each([
    ['<a href="&#0000106avascript:alert(1)">x</a>', 'href'],
    ['<a href="&#x000006A;avascript:alert(1)">x</a>', 'href'],
    ['<a href="java&#0000009;script:alert(1)">x</a>', 'href'],
    ['<a href="&#00000000000000000106;avascript:alert(1)">x</a>', 'href'],
    ['<img src="&#0000106avascript:alert(1)">', 'src'],
    ['<img src="&#x0000064;ata:text/html,x">', 'src'],
  ])('%s keeps no %s with a forbidden scheme', (input, attribute) => {
    const element = parseHtml(`<body>${sanitizeArticleHtml(input, '')}</body>`).querySelector('a, img');
    const value = element?.getAttribute(attribute) ?? '';
    expect(value).not.toMatch(/^\s*(?:javascript|data):/i);
  });

  it('makes images lazy and external links noopener', () => {
    const html = sanitizeArticleHtml('<img src="https://cdn.example.com/a.jpg" alt="A"><a href="https://example.org">x</a><a href="/local">y</a>', '');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toContain('<a href="https://example.org" rel="noopener">x</a>');
    expect(html).toContain('<a href="/local">y</a>');
  });

  it('puts the base path before root-relative links only, and still drops a forbidden scheme', () => {
    const html = sanitizeArticleHtml('<a href="/local">a</a><a href="https://example.org/x">b</a><a href="//other.example/x">c</a><a href="#part">d</a><a href="other">e</a><a href="javascript:alert(1)">f</a>', '/answers');
    const hrefs = [...parseHtml(html).querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/answers/local', 'https://example.org/x', null, '#part', 'other', null]);
  });

  it('gives every image an alt and overrides eager loading', () => {
    const img = parseHtml(sanitizeArticleHtml('<img src="https://cdn.example.com/a.jpg" loading="eager" width="640" height="480">', '')).querySelector('img');
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('width')).toBe('640');
  });

  it('turns an h1 in the body into an h2: the question is the only h1', () => {
    expect(sanitizeArticleHtml('<h1>Title</h1><p>x</p>', '')).toBe('<h2>Title</h2><p>x</p>');
  });

  it('keeps the structure editors use', () => {
    const html = '<h2>A</h2><p><strong>b</strong> <em>c</em></p><ul><li>d</li></ul><blockquote>e</blockquote><table><thead><tr><th scope="col">f</th></tr></thead><tbody><tr><td>g</td></tr></tbody></table>';
    expect(sanitizeArticleHtml(html, '')).toBe(html);
  });
});

describe('leadImageOf', () => {
  const image = (url: string) => ({ url, alt: 'x', width: 10, height: 10 });
  it.each([
    ['https://cdn.example.com/a.jpg', true],
    ['http://cdn.example.com/a.jpg', true],
    ['/img/a.jpg', true],
    ['data:image/svg+xml,%3Csvg%3E', true],
    ['data:image/png;base64,AAAA', true],
    ['//evil.example/a.jpg', false],
    ['javascript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['data:text/html,<script>', false],
    ['relative.jpg', false],
  ])('%s is kept: %p', (url, kept) => {
    expect(leadImageOf(image(url))).toEqual(kept ? image(url) : undefined);
  });
  it('is none without an image', () => {
    expect(leadImageOf(null)).toBeUndefined();
  });
});

describe('isSafeLinkUrl (menu and footer links)', () => {
  it.each(['https://example.com/about', 'http://example.com', '/about-us', 'about-us', '?s=bread', '#footer', '//cdn.example.com/x', 'HTTPS://EXAMPLE.COM'])('keeps %p', (url) => {
    expect(isSafeLinkUrl(url)).toBe(true);
  });

  it.each(['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox', 'mailto:a@example.com', 'http://[bad'])('drops %p', (url) => {
    expect(isSafeLinkUrl(url)).toBe(false);
  });
});
