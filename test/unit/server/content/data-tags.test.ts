import { DATA_TAGS, siteTags, slugTags } from '../../../../src/server/content/data-tags';
import { keptSettingOf } from '../../../../src/server/site/settings';
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

  it('the setting that answers a host, by its kept lookups; none when the global setting does or nothing is kept', () => {
    const sub = record({ _id: 'sub-a', type: 'subdomains', active: true, domain: 'dom-b' });
    expect(keptSettingOf({ subdomains: [sub], parents: undefined, domains: undefined })).toBe('sub-a');
    const inheriting = record({ _id: 'sub-i', type: 'subdomains', active: true, domain: 'dom-b', config: { global: true } });
    const parent = record({ _id: 'dom-b', type: 'domains', active: true });
    expect(keptSettingOf({ subdomains: [inheriting], parents: [parent], domains: undefined })).toBe('dom-b');
    const inactive = record({ _id: 'dom-c', type: 'domains', active: false });
    expect(keptSettingOf({ subdomains: [], parents: undefined, domains: [inactive] })).toBeNull();
    expect(keptSettingOf({ subdomains: [], parents: undefined, domains: [] })).toBeNull();
    expect(keptSettingOf({ subdomains: undefined, parents: undefined, domains: undefined })).toBeNull();
  });

  it("a site purge drops the site's own data; shared data only when named", () => {
    expect([...siteTags('a.test', 'sub-a', [])].sort()).toEqual(['articles:id:sub-a', 'host:a.test', 'lists:id:sub-a', 'setting:sub-a']);
    expect([...siteTags('a.test', 'sub-a', ['categories'])].sort()).toEqual(['articles:id:sub-a', 'categories', 'host:a.test', 'lists:id:sub-a', 'setting:sub-a']);
    // No site answers the host: nothing, unless shared data is named.
    expect(siteTags('nobody.test', null, []).size).toBe(0);
    expect([...siteTags('nobody.test', null, ['global'])].sort()).toEqual(['articles:global', 'lists:global', 'setting:global']);
  });

  it("a slug purge drops the slug under the site's scope and its lists; the global scope's only when named", () => {
    expect([...slugTags('sub-a', ['why'], [])].sort()).toEqual(['article:id:sub-a:why', 'lists:id:sub-a']);
    expect(slugTags(null, ['why'], []).size).toBe(0);
    expect([...slugTags('sub-a', ['why'], ['global', 'categories'])].sort()).toEqual(['article:global:why', 'article:id:sub-a:why', 'categories', 'lists:global', 'lists:id:sub-a']);
  });
});
