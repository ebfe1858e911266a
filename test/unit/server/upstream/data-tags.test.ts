import { DATA_TAGS, siteScopesOf, siteTags, slugTags } from '../../../../src/server/upstream/data-tags';
import { siteSettingSchema, type SiteSetting } from '../../../../src/shared/records';

const record = (fields: Record<string, unknown>): SiteSetting => siteSettingSchema.parse({ url: 'x', config: {}, ...fields });

describe('purge tags of the data cache', () => {
  it('ties an answer to what a purge names: the host, the setting scope, the slug', () => {
    const scope = { type: 'subdomains' as const, id: 'sub-a' };
    expect(DATA_TAGS.subdomainsByHost('a.test')).toEqual(['host:a.test']);
    expect(DATA_TAGS.articleBySlug('why', scope)).toEqual(['article:id:sub-a:why', 'articles:id:sub-a']);
    expect(DATA_TAGS.homeArticles(['1'], { type: 'global', id: 'g' })).toEqual(['lists:global']);
    expect(DATA_TAGS.findNewArticles({ slug: 'why', _id: '1', domains: ['sub-a', 'dom-b'] }, 9)).toEqual(['lists:id:sub-a', 'lists:id:dom-b']);
  });

  it('a site decided by its own records has their scopes; the global one only when they do not decide it', () => {
    const sub = record({ _id: 'sub-a', type: 'subdomains', active: true, domain: 'dom-b' });
    expect(siteScopesOf({ subdomains: [sub], parents: undefined, domains: undefined })).toEqual({ settingIds: ['sub-a', 'dom-b'], scopes: ['id:sub-a', 'id:dom-b'] });
    const inactive = record({ _id: 'dom-c', type: 'domains', active: false });
    expect(siteScopesOf({ subdomains: [], parents: undefined, domains: [inactive] }).scopes).toEqual(['id:dom-c', 'global']);
    // Nothing kept of the host: its pages may have been built under the global setting.
    expect(siteScopesOf({ subdomains: undefined, parents: undefined, domains: undefined })).toEqual({ settingIds: [], scopes: ['global'] });
  });

  it('a slug purge drops the slug under the site scopes and their lists; a site purge everything of the site', () => {
    const site = { settingIds: ['sub-a'], scopes: ['id:sub-a'] };
    expect([...slugTags(site, ['why'])].sort()).toEqual(['article:id:sub-a:why', 'lists:id:sub-a']);
    expect([...siteTags('a.test', site)].sort()).toEqual(['articles:id:sub-a', 'categories', 'host:a.test', 'lists:id:sub-a', 'setting:sub-a']);
    expect(siteTags('b.test', { settingIds: [], scopes: ['global'] }).has('setting:global')).toBe(true);
  });
});
