/** Titles, descriptions, canonical URLs, Open Graph, Twitter cards, JSON-LD, noindex, feed links. */
import request from 'supertest';
import { jsonLdOf, parseHtml } from '../support/html';
import { useTestApp } from '../support/test-app';

const t = useTestApp();

const get = (path: string, host = 'rich.test') => request(t.app).get(path).set('Host', host);
const page = async (path: string, host?: string) => parseHtml((await get(path, host)).text);
const meta = (doc: Document, key: string) => doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
const canonical = (doc: Document) => doc.querySelector('link[rel=canonical]')?.getAttribute('href') ?? null;

const TRACKING = 'utm_id=spring&campaign_id=c1&utm_source=news&utm_medium=email&utm_campaign=x&testDisplayAd=on&fbclid=abc&gclid=def&ref=x';

describe('canonical URLs: the site own host, https, no tracking or test parameters', () => {
  it.each([
    ['/', 'https://rich.test/'],
    ['/lead-image-answer', 'https://rich.test/lead-image-answer'],
    ['/category/rich', 'https://rich.test/category/rich'],
  ])('%s -> %s', async (path, expected) => {
    expect(canonical(await page(path))).toBe(expected);
    expect(canonical(await page(`${path}?${TRACKING}`))).toBe(expected);
    expect(meta(await page(`${path}?${TRACKING}`), 'og:url')).toBe(expected);
  });

  it('pages after the first of a category are their own canonical', async () => {
    expect(canonical(await page('/category/beta?page=2&utm_id=x', 'example.com'))).toBe('https://example.com/category/beta?page=2');
    expect(canonical(await page('/category/beta?page=1', 'example.com'))).toBe('https://example.com/category/beta');
  });

  it('each host gets its own canonical host, lower-cased and without port or trailing dot', async () => {
    expect(canonical(await page('/article-1', 'SUB.Example.com.:8443'))).toBe('https://sub.example.com/article-1');
    expect(canonical(await page('/article-1', 'inherit.example.com'))).toBe('https://inherit.example.com/article-1');
  });

  it('development hosts keep their scheme and port', async () => {
    expect(canonical(await page('/article-1', 'localhost:3000'))).toBe('http://localhost:3000/article-1');
  });

  it('an X-Forwarded-Host is ignored unless trust proxy trusts the peer', async () => {
    const doc = parseHtml((await get('/article-1', 'sub.example.com').set('X-Forwarded-Host', 'evil.example')).text);
    expect(canonical(doc)).toBe('https://sub.example.com/article-1');
  });

  it('no canonical, Open Graph or JSON-LD on search, private, error pages', async () => {
    for (const path of ['/?s=why', '/login', '/dashboard', '/fortified-portal', '/no-such-answer', '/x/y/z']) {
      const doc = await page(path);
      expect([path, canonical(doc), meta(doc, 'og:title'), jsonLdOf(doc).length]).toEqual([path, null, null, 0]);
    }
  });
});

describe('noindex', () => {
  it.each(['/?s=why', '/?s=', '/login', '/dashboard', '/fortified-portal', '/no-such-answer', '/category/nothing'])('%s is noindex', async (path) => {
    expect(meta(await page(path), 'robots')).toBe('noindex');
  });
  it.each(['/', '/lead-image-answer', '/category/rich', '/?utm_id=x'])('%s is indexable', async (path) => {
    expect(meta(await page(path), 'robots')).toBeNull();
  });
});

describe('the feed is linked from every page', () => {
  it.each(['/', '/lead-image-answer', '/category/rich', '/?s=x', '/login', '/fortified-portal', '/no-such-answer'])('%s', async (path) => {
    const link = (await page(path)).querySelector('link[rel=alternate][type="application/rss+xml"]');
    expect(link?.getAttribute('href')).toBe('/feed.xml');
    expect(link?.getAttribute('title')).toBe('Rich Answers (RSS)');
  });
});

describe('home', () => {
  it('title and description from igp_settings; Open Graph; WebSite with a SearchAction', async () => {
    const doc = await page('/');
    expect(doc.title).toBe('Rich Answers');
    expect(meta(doc, 'description')).toBe('Answers with pictures and structure.');
    expect(meta(doc, 'og:type')).toBe('website');
    expect(meta(doc, 'og:site_name')).toBe('Rich Answers');
    expect(meta(doc, 'og:image')).toBe('https://cdn.example.com/rich-logo.png');
    const [website, ...rest] = jsonLdOf(doc);
    expect(rest).toEqual([]);
    expect(website).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': 'https://rich.test/#website',
      name: 'Rich Answers',
      url: 'https://rich.test/',
      description: 'Answers with pictures and structure.',
      inLanguage: 'en',
      publisher: { '@type': 'Organization', name: 'Rich Answers', url: 'https://rich.test/', logo: { '@type': 'ImageObject', url: 'https://cdn.example.com/rich-logo.png' } },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'https://rich.test/?s={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('article', () => {
  it('title, description, Open Graph and Twitter card from the article', async () => {
    const doc = await page('/lead-image-answer?utm_id=x');
    expect(doc.title).toBe('Why do images need width and height? | Rich Answers');
    expect(meta(doc, 'description')).toBe('So the browser can reserve their space before they load.');
    expect({
      type: meta(doc, 'og:type'),
      title: meta(doc, 'og:title'),
      description: meta(doc, 'og:description'),
      image: meta(doc, 'og:image'),
      width: meta(doc, 'og:image:width'),
      height: meta(doc, 'og:image:height'),
      alt: meta(doc, 'og:image:alt'),
      published: meta(doc, 'article:published_time'),
      modified: meta(doc, 'article:modified_time'),
      section: meta(doc, 'article:section'),
      card: meta(doc, 'twitter:card'),
      twitterTitle: meta(doc, 'twitter:title'),
      twitterImage: meta(doc, 'twitter:image'),
      twitterImageAlt: meta(doc, 'twitter:image:alt'),
    }).toEqual({
      type: 'article',
      title: 'Why do images need width and height?',
      description: 'So the browser can reserve their space before they load.',
      image: 'https://cdn.example.com/lead.jpg',
      width: '1200',
      height: '800',
      alt: 'A lead image',
      published: '2026-09-01T08:00:00.000Z',
      modified: '2026-09-03T10:00:00.000Z',
      section: 'Rich </script><script>alert(1)</script>\u2028line',
      card: 'summary_large_image',
      // X falls back to og:title and og:image: not repeated.
      twitterTitle: null,
      twitterImage: null,
      twitterImageAlt: 'A lead image',
    });
  });

  it('JSON-LD Article (author, dates, image, publisher) and BreadcrumbList, field by field', async () => {
    const [article, breadcrumbs, ...rest] = jsonLdOf(await page('/lead-image-answer'));
    expect(rest).toEqual([]);
    expect(article).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      '@id': 'https://rich.test/lead-image-answer#article',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://rich.test/lead-image-answer' },
      url: 'https://rich.test/lead-image-answer',
      headline: 'Why do images need width and height?',
      description: 'So the browser can reserve their space before they load.',
      image: { '@type': 'ImageObject', url: 'https://cdn.example.com/lead.jpg', width: 1200, height: 800 },
      author: { '@type': 'Person', name: 'Ada Writer' },
      datePublished: '2026-09-01T08:00:00.000Z',
      dateModified: '2026-09-03T10:00:00.000Z',
      articleSection: 'Rich </script><script>alert(1)</script>\u2028line',
      inLanguage: 'en',
      publisher: { '@type': 'Organization', name: 'Rich Answers', url: 'https://rich.test/', logo: { '@type': 'ImageObject', url: 'https://cdn.example.com/rich-logo.png' } },
    });
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Rich Answers', item: 'https://rich.test/' },
        { '@type': 'ListItem', position: 2, name: 'Rich </script><script>alert(1)</script>\u2028line', item: 'https://rich.test/category/rich' },
        { '@type': 'ListItem', position: 3, name: 'Why do images need width and height?', item: 'https://rich.test/lead-image-answer' },
      ],
    });
  });

  it('without author, update date, image or excerpt: those fields are left out, the site description stands in', async () => {
    const doc = await page('/bad-image-url');
    const [article] = jsonLdOf(doc);
    expect(article?.image).toBeUndefined();
    expect(meta(doc, 'og:image')).toBeNull();
    expect(meta(doc, 'twitter:card')).toBe('summary');
    expect(meta(doc, 'description')).toBe('Answers with pictures and structure.');
    const [hostile] = jsonLdOf(await page('/hostile-title'));
    expect(hostile?.author).toBeUndefined();
    expect(hostile?.dateModified).toBe('2026-09-02T08:00:00.000Z');
  });

  it('never puts a data: image (the demo lead images) into Open Graph or JSON-LD', async () => {
    const inline = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';
    const response = { _id: 'd1', slug: 'inline-image', domains: ['dom-rich'], title: 'Inline', image: { url: inline, alt: 'x', width: 10, height: 5 } };
    t.upstream.override('/api/article/get', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: response }));
    });
    const doc = await page('/inline-image');
    expect(doc.querySelector('img.article-image')?.getAttribute('src')).toBe(inline);
    expect(meta(doc, 'og:image')).toBeNull();
    expect(jsonLdOf(doc)[0]?.image).toBeUndefined();
  });
});

describe('category', () => {
  it('title, description, CollectionPage of the listed articles and a BreadcrumbList', async () => {
    const doc = await page('/category/beta?page=2', 'example.com');
    expect(doc.title).toBe('Beta (page 2 of 2) | Example Domain');
    expect(meta(doc, 'description')).toBe('All about beta');
    const [collection, breadcrumbs] = jsonLdOf(doc);
    expect(collection).toEqual({
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      '@id': 'https://example.com/category/beta?page=2',
      name: 'Beta (page 2 of 2)',
      description: 'All about beta',
      url: 'https://example.com/category/beta?page=2',
      inLanguage: 'en',
      isPartOf: { '@type': 'WebSite', name: 'Example Domain', url: 'https://example.com/' },
      mainEntity: {
        '@type': 'ItemList',
        itemListElement: [15, 14, 13].map((n, i) => ({ '@type': 'ListItem', position: i + 1, url: `https://example.com/article-${n}`, name: `Question number ${n}?` })),
      },
    });
    expect(breadcrumbs?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Example Domain', item: 'https://example.com/' },
      { '@type': 'ListItem', position: 2, name: 'Beta', item: 'https://example.com/category/beta' },
    ]);
  });

  it('a category without a description gets one made from its name', async () => {
    expect(meta(await page('/category/gamma', 'sub.example.com'), 'description')).toBe('Answers about Gamma from Sub A.');
  });
});

describe('JSON-LD is data, safely serialized', () => {
  it('no JSON-LD script can be closed early, and each parses', async () => {
    const res = await get('/hostile-title');
    const scripts = [...res.text.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(2);
    for (const text of scripts) {
      expect(text).not.toMatch(/[<>\u2028\u2029]/);
      expect(() => JSON.parse(text)).not.toThrow();
    }
  });
});

