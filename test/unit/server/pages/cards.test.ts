import pino from 'pino';
import { categoriesOf } from '../../../../src/server/pages/cards';
import { resolutionOf, siteOf, type Site } from '../../../../src/server/site/site';
import type { ContentApi } from '../../../../src/server/content/content-api';
import { articleSchema, categorySchema, siteSettingSchema } from '../../../../src/shared/records';
import { articles, categories, domains, globalSetting } from '../../../fixtures/dataset';

function exampleSite(): Site {
  const record = domains.find((domain) => domain.url === 'example.com');
  const resolution = resolutionOf({ byHost: siteSettingSchema.parse(record), global: siteSettingSchema.parse(globalSetting) }, false);
  if (!resolution) throw new Error('no resolution');
  const deps = { defaultSiteKey: 'main', analyticsCodes: new Map<string, string>() };
  return siteOf(deps, resolution, categories.map((category) => categorySchema.parse(category)), 'example.com', 'example');
}

describe('categoriesOf', () => {
  it("keeps the menu's categories by id per site: every page whose articles are in the menu gets the same map, without a call", async () => {
    const site = exampleSite();
    const inMenu = site.menu.categories[0];
    if (!inMenu) throw new Error('no menu');
    const article = { ...articleSchema.parse(articles[0]), category: inMenu._id };
    const categoriesByIds = jest.fn();
    const api = { categoriesByIds } as unknown as ContentApi;
    const lookup = { log: pino({ level: 'silent' }), fellBack: new Set<never>() };
    const first = await categoriesOf([article], site, api, lookup);
    expect(first.get(inMenu._id)).toBe(inMenu);
    expect(await categoriesOf([article], site, api, lookup)).toBe(first);
    expect(await categoriesOf([article], exampleSite(), api, lookup)).not.toBe(first);
    expect(categoriesByIds).not.toHaveBeenCalled();
  });
});
