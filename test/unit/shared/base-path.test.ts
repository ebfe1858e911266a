import { siteHref, slashedBasePathOf, targetInsideBasePath } from '../../../src/shared/base-path';

describe('targetInsideBasePath', () => {
  it.each([
    ['', '/x?q=1', '/x?q=1'],
    ['', '/', '/'],
    ['/answers', '/answers/', '/'],
    ['/answers', '/answers/x?q=1', '/x?q=1'],
    ['/answers', '/answers/category/a/', '/category/a/'],
    ['/a/b', '/a/b/feed.xml', '/feed.xml'],
  ])('(%p, %p) -> %p', (basePath, target, expected) => {
    expect(targetInsideBasePath(basePath, target)).toBe(expected);
  });

  it.each([
    ['/answers', '/'],
    ['/answers', '/x'],
    ['/answers', '/answers'],
    ['/answers', '/answers?s=a'],
    ['/answers', '/answersx/y'],
    ['/answers', '/Answers/y'],
    ['/answers', '/%61nswers/y'],
    ['/answers', 'http://example.com/answers/y'],
    ['/a/b', '/a/x'],
  ])('(%p, %p) is outside', (basePath, target) => {
    expect(targetInsideBasePath(basePath, target)).toBeNull();
  });
});

describe('slashedBasePathOf', () => {
  it.each([
    ['/answers', '/answers', '/answers/'],
    ['/answers', '/answers?s=a&page=2', '/answers/?s=a&page=2'],
    ['/answers', '/answers/', null],
    ['/answers', '/answersx', null],
    ['/answers', '/other', null],
    ['', '/', null],
  ])('(%p, %p) -> %p', (basePath, target, expected) => {
    expect(slashedBasePathOf(basePath, target)).toBe(expected);
  });
});

describe('siteHref', () => {
  it.each([
    ['', '/', '/'],
    ['', '/about-us', '/about-us'],
    ['/answers', '/', '/answers/'],
    ['/answers', '/about-us', '/answers/about-us'],
    ['/answers', '/?s=x&page=2', '/answers/?s=x&page=2'],
    ['/answers', 'https://example.com/x', 'https://example.com/x'],
    ['/answers', '//cdn.example.com/x', '//cdn.example.com/x'],
    ['/answers', '#main', '#main'],
    ['/answers', 'mailto:a@example.com', 'mailto:a@example.com'],
  ])('(%p, %p) -> %p', (basePath, href, expected) => {
    expect(siteHref(basePath, href)).toBe(expected);
  });
});
