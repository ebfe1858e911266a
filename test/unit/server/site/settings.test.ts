import { siteSettingSchema, type SiteSettingInput } from '../../../../src/shared/records';
import { analyticsCodeOf, orderMenuCategories, resolveSettings, variantOf } from '../../../../src/server/site/settings';

const setting = (input: SiteSettingInput) => siteSettingSchema.parse(input);
const global = setting({ _id: 'g', type: 'global', config: { global: true } });
const parent = setting({ _id: 'p', type: 'domains', active: true, config: { campaign_check: true, campaign_headlines: true, network_ignore: true, gaCode: 'G-P' } });
const byHost = setting({ _id: 'h', type: 'domains', active: true });

describe('resolveSettings', () => {
  it('i: an active, non-global subdomain wins', () => {
    const sub = setting({ _id: 's', active: true });
    expect(resolveSettings({ sub, parent, byHost, global })).toMatchObject({ source: 'subdomain', setting: { _id: 's' } });
  });

  it('ii: a global subdomain takes its active parent, with its own three campaign flags (missing = false)', () => {
    const sub = setting({ _id: 's', active: true, config: { global: true, campaign_headlines: true } });
    const resolved = resolveSettings({ sub, parent, byHost, global });
    expect(resolved?.source).toBe('parent');
    expect(resolved?.setting._id).toBe('p');
    expect(resolved?.setting.config).toMatchObject({ campaign_check: false, campaign_headlines: true, network_ignore: false, gaCode: 'G-P' });
  });

  it('ii does not apply when the parent is inactive or global: falls to the domain by host', () => {
    const sub = setting({ _id: 's', active: true, config: { global: true } });
    expect(resolveSettings({ sub, parent: setting({ _id: 'p', active: false }), byHost, global })?.source).toBe('domain');
    expect(resolveSettings({ sub, parent: setting({ _id: 'p', active: true, config: { global: true } }), byHost, global })?.source).toBe('domain');
  });

  it('an inactive, non-global subdomain falls to the domain by host, not to its parent', () => {
    const sub = setting({ _id: 's', active: false });
    expect(resolveSettings({ sub, parent, byHost, global })?.setting._id).toBe('h');
  });

  it('iii: the domain by host only when active', () => {
    expect(resolveSettings({ byHost, global })?.source).toBe('domain');
    expect(resolveSettings({ byHost: setting({ _id: 'h', active: false }), global })?.source).toBe('global');
  });

  it('iv: the global setting last; null when even that is missing', () => {
    expect(resolveSettings({ global })?.source).toBe('global');
    expect(resolveSettings({})).toBeNull();
  });

  it('ads are disabled by the sub, the parent or the resolved setting', () => {
    const sub = setting({ _id: 's', active: true });
    expect(resolveSettings({ sub, global })?.adsDisabled).toBe(false);
    expect(resolveSettings({ sub: setting({ _id: 's', active: true, config: { disable_ads: true } }), global })?.adsDisabled).toBe(true);
    expect(resolveSettings({ sub, parent: setting({ _id: 'p', config: { disable_ads: true } }), global })?.adsDisabled).toBe(true);
    expect(resolveSettings({ byHost: setting({ _id: 'h', active: true, config: { disable_ads: true } }), global })?.adsDisabled).toBe(true);
  });
});

describe('variantOf', () => {
  it('is the whole first subdomain record, else the first domain record by host, else null', () => {
    const sub = setting({ _id: 's', type: 'subdomains', active: false, config: { global: true, gaCode: 'G-S' } });
    const byHost = setting({ _id: 'd', type: 'domains', active: true });
    expect(variantOf({ sub, byHost })).toBe(sub);
    // Whatever the resolution makes of it: an inactive or global subdomain record is still the variant.
    expect(variantOf({ sub })).toBe(sub);
    expect(variantOf({ byHost })).toBe(byHost);
    expect(variantOf({})).toBeNull();
  });
});

describe('analyticsCodeOf', () => {
  it('prefers the record, then ANALYTICS_CODES by site key, else null', () => {
    const codes = new Map([['k', 'G-ENV']]);
    expect(analyticsCodeOf(setting({ _id: 'x', config: { gaCode: 'G-REC' } }), 'k', codes)).toBe('G-REC');
    expect(analyticsCodeOf(setting({ _id: 'x' }), 'k', codes)).toBe('G-ENV');
    expect(analyticsCodeOf(setting({ _id: 'x' }), 'other', codes)).toBeNull();
    // Only configured keys: a site key that names an Object.prototype member has no code.
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(analyticsCodeOf(setting({ _id: 'x' }), key, codes)).toBeNull();
    expect(analyticsCodeOf(setting({ _id: 'x' }), 'constructor', new Map([['constructor', 'G-CTOR']]))).toBe('G-CTOR');
  });
});

describe('orderMenuCategories', () => {
  it('keeps the order of the ids, drops unknown ids and repeats', () => {
    const cats = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }];
    expect(orderMenuCategories(['c', 'x', 'a', 'c'], cats).map((c) => c._id)).toEqual(['c', 'a']);
  });
});

describe('siteSettingSchema defaults', () => {
  it('missing booleans are false and lists empty', () => {
    const parsed = setting({ _id: 'x' });
    expect(parsed.active).toBe(false);
    expect(parsed.config.ad_slots).toEqual([]);
    expect(parsed.menu.categories_menu_option).toEqual([]);
    expect(parsed.final_articles).toEqual([]);
  });

  it('a null list is empty, a list of the wrong type is still refused', () => {
    const parsed = setting({ _id: 'x', config: { ad_slots: null, pixels: null }, menu: { categories_menu_option: null, other_menu_option: null }, final_articles: null });
    expect([parsed.config.ad_slots, parsed.config.pixels, parsed.menu.categories_menu_option, parsed.menu.other_menu_option, parsed.final_articles]).toEqual([[], [], [], [], []]);
    expect(siteSettingSchema.safeParse({ _id: 'x', final_articles: 'a1' }).success).toBe(false);
  });
});
