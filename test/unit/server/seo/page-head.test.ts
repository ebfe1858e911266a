import { articleHead } from '../../../../src/server/seo/page-head';
import { resolutionOf, siteOf, type Site } from '../../../../src/server/site/load-site';
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
  it('gives every view of an article the same head while the article, site, origin and category are the same', () => {
    const site = exampleSite();
    const article = articleRecord();
    const category = site.menu.categories[0];
    const head = articleHead(site, 'https://example.com', article, category);
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
