import { articleHead, categoryHead, homeHead } from '../../../../src/server/seo/page-head';
import { resolutionOf, siteOf, type Site } from '../../../../src/server/site/site';
import { articleSchema, categorySchema, siteSettingSchema } from '../../../../src/shared/records';
import { articles, categories, domains, globalSetting } from '../../../fixtures/dataset';

const deps = { defaultSiteKey: 'main', analyticsCodes: new Map<string, string>() };

function exampleSite(): Site {
  const record = domains.find((domain) => domain.url === 'example.com');
  const resolution = resolutionOf({ byHost: siteSettingSchema.parse(record), global: siteSettingSchema.parse(globalSetting) }, false);
  if (!resolution) throw new Error('no resolution');
  return siteOf(deps, resolution, categories.map((category) => categorySchema.parse(category)), 'example.com', 'example');
}

const articleRecord = () => articleSchema.parse(articles[0]);

describe('articleHead', () => {
  it('keeps the head from the second view of an article on, while the article, site, origin and category are the same', () => {
    const site = exampleSite();
    const article = articleRecord();
    const category = site.menu.categories[0];
    const first = articleHead(site, 'https://example.com', article, category);
    const head = articleHead(site, 'https://example.com', article, category);
    expect(head).not.toBe(first);
    expect(head).toEqual(first);
    expect(articleHead(site, 'https://example.com', article, category)).toBe(head);
    expect(head.canonical).toBe(`https://example.com/${article.slug}`);
    expect(JSON.stringify(head.structuredData)).toContain(`"headline":${JSON.stringify(article.title)}`);
  });

  it('makes the head anew for another origin, site, category or a new answer of the API', () => {
    const site = exampleSite();
    const article = articleRecord();
    const head = articleHead(site, 'https://example.com', article, undefined);
    const otherOrigin = articleHead(site, 'http://localhost:3000', article, undefined);
    expect(otherOrigin).not.toBe(head);
    expect(otherOrigin.canonical).toBe(`http://localhost:3000/${article.slug}`);
    expect(articleHead(exampleSite(), 'https://example.com', article, undefined)).not.toBe(head);
    expect(articleHead(site, 'https://example.com', article, site.menu.categories[0])).not.toBe(head);
    const renamed = articleHead(site, 'https://example.com', { ...article, title: 'Renamed' }, undefined);
    expect(renamed.title).toBe('Renamed | Example Domain');
  });
});

describe('homeHead', () => {
  it("gives every view of a site's home the same head while the Site and origin are the same", () => {
    const site = exampleSite();
    const head = homeHead(site, 'https://example.com');
    expect(homeHead(site, 'https://example.com')).toBe(head);
    expect(head.canonical).toBe('https://example.com/');
    const otherOrigin = homeHead(site, 'http://localhost:3000');
    expect(otherOrigin).not.toBe(head);
    expect(otherOrigin.canonical).toBe('http://localhost:3000/');
    expect(homeHead(exampleSite(), 'https://example.com')).not.toBe(head);
  });
});

describe('categoryHead', () => {
  it('gives every view of a listing the same head, anew for another listing, page, category or origin', () => {
    const site = exampleSite();
    const category = categorySchema.parse(categories[0]);
    const listed = [articleRecord(), { ...articleRecord(), title: '', slug: 'untitled-answer' }];
    const head = categoryHead(site, 'https://example.com', category, { page: 1, pages: 2, articles: listed });
    expect(categoryHead(site, 'https://example.com', category, { page: 1, pages: 2, articles: listed })).toBe(head);
    // An untitled article is named by its slug, as its card is.
    expect(JSON.stringify(head.structuredData)).toContain('"name":"untitled-answer"');
    const second = categoryHead(site, 'https://example.com', category, { page: 2, pages: 2, articles: listed });
    expect(second).not.toBe(head);
    expect(second.canonical).toBe(`https://example.com/category/${category.slug}?page=2`);
    expect(categoryHead(site, 'https://example.com', category, { page: 1, pages: 2, articles: [...listed] })).not.toBe(head);
    expect(categoryHead(site, 'http://localhost:3000', category, { page: 1, pages: 2, articles: listed }).canonical).toBe(`http://localhost:3000/category/${category.slug}`);
    expect(categoryHead(site, 'https://example.com', { ...category, name: 'Renamed' }, { page: 1, pages: 2, articles: listed }).title).toContain('Renamed');
  });
});
