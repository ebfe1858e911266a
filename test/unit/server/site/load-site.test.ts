import pino from 'pino';
import { siteSettingSchema, type Category, type SiteSetting } from '../../../../src/shared/records';
import { loadSite, type SiteLoaderDeps } from '../../../../src/server/site/load-site';
import type { ContentApi } from '../../../../src/server/upstream/content-api';
import { categories as categoryFixtures, globalSetting } from '../../../fixtures/dataset';

const unused = () => Promise.reject(new Error('not called by loadSite'));

/** A content API whose records stay the same objects until a test replaces them, as the data cache's do. */
function recordsApi() {
  const records = { global: siteSettingSchema.parse(globalSetting) as SiteSetting, categories: categoryFixtures.slice(0, 1) as readonly Category[] };
  const api: ContentApi = {
    subdomainsByHost: async () => [],
    domainsByHost: async () => [],
    domainsById: async () => [],
    globalSetting: async () => records.global,
    categoriesByIds: async () => records.categories,
    categoriesBySlug: unused,
    findNewArticles: unused,
    homeArticles: unused,
    articleBySlug: unused,
    categoryArticles: unused,
    searchArticles: unused,
  };
  return { api, records };
}

const log = pino({ level: 'silent' });

describe('loadSite keeps its Site while the records are the same', () => {
  it('hands out the same Site object for unchanged records, and a new one when a record changes', async () => {
    const { api, records } = recordsApi();
    const deps: SiteLoaderDeps = { api, defaultSiteKey: 'answers', analyticsCodes: {} };
    const first = await loadSite(deps, 'same.test', 'same', log);
    const second = await loadSite(deps, 'same.test', 'same', log);
    expect(first).not.toBeNull();
    expect(second).toBe(first);

    records.categories = [{ _id: 'cat-a', name: 'Alpha, renamed', slug: 'alpha' }];
    const third = await loadSite(deps, 'same.test', 'same', log);
    expect(third).not.toBe(first);
    expect(third?.menu.categories.map((category) => category.name)).toEqual(['Alpha, renamed']);

    records.global = { ...records.global, name: 'Renamed global' };
    expect(await loadSite(deps, 'same.test', 'same', log)).not.toBe(third);
  });

  it('keeps Sites apart by host and by loader settings', async () => {
    const { api } = recordsApi();
    const deps: SiteLoaderDeps = { api, defaultSiteKey: 'answers', analyticsCodes: {} };
    const one = await loadSite(deps, 'one.test', 'one', log);
    const two = await loadSite(deps, 'two.test', 'two', log);
    expect(two).not.toBe(one);
    expect(two?.host).toBe('two.test');
    const otherDeps: SiteLoaderDeps = { ...deps, analyticsCodes: { one: 'G-ONE' } };
    const withCode = await loadSite(otherDeps, 'one.test', 'one', log);
    expect(withCode).not.toBe(one);
    expect(withCode?.gaCode).toBe('G-ONE');
  });
});
