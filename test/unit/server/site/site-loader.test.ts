import pino from 'pino';
import { categorySchema, siteSettingSchema, type Category, type SiteSetting } from '../../../../src/shared/records';
import { createSiteLoader } from '../../../../src/server/site/site-loader';
import type { ContentApi } from '../../../../src/server/content/content-api';
import type { LookupScope } from '../../../../src/server/content/failures';
import { UpstreamError } from '../../../../src/server/content/upstream-error';
import { domains, globalSetting, categories as categoryInputs } from '../../../fixtures/dataset';

const HOST = 'example.com';

/**
 * A content API that answers the settings and menu calls with the records it holds, the same
 * objects each time, as the data cache does until the API answers anew; `answerAnew` stands for
 * that new answer (new objects, same data unless changed).
 */
function heldRecords() {
  const parse = () => ({
    domains: domains.filter((domain) => domain.url === HOST).map((domain) => siteSettingSchema.parse(domain)) as readonly SiteSetting[],
    global: siteSettingSchema.parse(globalSetting),
    categories: categoryInputs.map((category) => categorySchema.parse(category)) as readonly Category[],
  });
  let held = parse();
  const failing = new Set<string>();
  const answer = <T>(name: string, value: () => T): Promise<T> => (failing.has(name) ? Promise.reject(new UpstreamError('timeout', `http://api.test/${name}`)) : Promise.resolve(value()));
  const api = {
    subdomainsByHost: () => answer('subdomains', () => []),
    domainsByHost: () => answer('domains', () => held.domains),
    domainsById: () => answer('domainsById', () => []),
    globalSetting: () => answer('global', () => held.global),
    categoriesByIds: () => answer('categories', () => held.categories),
  } as unknown as ContentApi;
  return {
    api,
    /** The API answers anew: `change` gets new objects (the same data) and the records answered until now. */
    answerAnew: (change: (fresh: ReturnType<typeof parse>, previous: ReturnType<typeof parse>) => ReturnType<typeof parse>) => void (held = change(parse(), held)),
    fail: (name: string) => failing.add(name),
    recover: (name: string) => failing.delete(name),
  };
}

const scope = (): LookupScope => ({ log: pino({ level: 'silent' }), fellBack: new Set() });
const deps = { defaultSiteKey: 'localhost', analyticsCodes: new Map<string, string>() };

async function load(loader: ReturnType<typeof createSiteLoader>, api: ContentApi, host = HOST) {
  const lookup = scope();
  const resolution = await loader.resolve(api, host, lookup);
  if (!resolution) throw new Error('no resolution');
  return { site: await loader.complete(api, resolution, host, host.split('.').slice(-2)[0] ?? host, lookup), lookup };
}

describe('createSiteLoader', () => {
  it('answers with the same site while the lookups answer with the same records', async () => {
    const upstream = heldRecords();
    const loader = createSiteLoader(deps);
    const first = await load(loader, upstream.api);
    const second = await load(loader, upstream.api);
    expect(first.site.name).toBe('Example Domain');
    expect(first.site.menu.categories.map((category) => category.slug)).toEqual(['beta', 'alpha']);
    expect(second.site).toBe(first.site);
  });

  it('builds the site anew when the API answers anew, and keeps the new one', async () => {
    const upstream = heldRecords();
    const loader = createSiteLoader(deps);
    const before = await load(loader, upstream.api);
    upstream.answerAnew((records) => ({ ...records, domains: records.domains.map((domain) => ({ ...domain, config: { ...domain.config, igp_settings: { title: 'Renamed' } } })) }));
    const after = await load(loader, upstream.api);
    expect(after.site).not.toBe(before.site);
    expect(after.site.name).toBe('Renamed');
    expect((await load(loader, upstream.api)).site).toBe(after.site);
  });

  it('builds the site anew when only the menu answers anew', async () => {
    const upstream = heldRecords();
    const loader = createSiteLoader(deps);
    const before = await load(loader, upstream.api);
    upstream.answerAnew((fresh, previous) => ({ ...previous, categories: fresh.categories.map((category) => (category.slug === 'beta' ? { ...category, name: 'Beta, renamed' } : category)) }));
    const after = await load(loader, upstream.api);
    expect(after.site).not.toBe(before.site);
    expect(after.site.menu.categories.map((category) => category.name)).toEqual(['Beta, renamed', 'Alpha']);
  });

  it('keeps a site per host', async () => {
    const upstream = heldRecords();
    const loader = createSiteLoader(deps);
    const example = await load(loader, upstream.api);
    const other = await load(loader, upstream.api, 'other.example.org');
    expect(other.site).not.toBe(example.site);
    expect(other.site.host).toBe('other.example.org');
    expect((await load(loader, upstream.api)).site).toBe(example.site);
    expect((await load(loader, upstream.api, 'other.example.org')).site).toBe(other.site);
  });

  it('keeps at most the hosts it is bounded to', async () => {
    const upstream = heldRecords();
    const loader = createSiteLoader(deps, 2);
    const first = await load(loader, upstream.api, 'a.example.org');
    await load(loader, upstream.api, 'b.example.org');
    await load(loader, upstream.api, 'c.example.org');
    expect((await load(loader, upstream.api, 'a.example.org')).site).not.toBe(first.site);
  });

  it('neither keeps nor answers with a site when its settings lookup fell back', async () => {
    const upstream = heldRecords();
    const loader = createSiteLoader(deps);
    const good = await load(loader, upstream.api);
    upstream.fail('domains');
    const degraded = await load(loader, upstream.api);
    expect(degraded.lookup.fellBack.has('settings')).toBe(true);
    // The host's own record failed: the global setting stands in, for this request alone.
    expect(degraded.site.name).toBe('Global Site');
    expect((await load(loader, upstream.api)).site).not.toBe(good.site);
    upstream.recover('domains');
    expect((await load(loader, upstream.api)).site).toBe(good.site);
  });

  it('neither keeps nor answers with a site when its menu fell back', async () => {
    const upstream = heldRecords();
    const loader = createSiteLoader(deps);
    upstream.fail('categories');
    const degraded = await load(loader, upstream.api);
    expect(degraded.lookup.fellBack.has('menu')).toBe(true);
    expect(degraded.site.menu.categories).toEqual([]);
    upstream.recover('categories');
    const recovered = await load(loader, upstream.api);
    expect(recovered.site).not.toBe(degraded.site);
    expect(recovered.site.menu.categories).toHaveLength(2);
    expect((await load(loader, upstream.api)).site).toBe(recovered.site);
  });
});
