import { boundedSiteLists, MAX_AD_SLOT_ENTRIES, MAX_FINAL_ARTICLES, MAX_MENU_CATEGORIES, MAX_MENU_LINKS, MAX_PIXELS } from '../../../../src/server/content/site-lists';
import { siteSettingSchema } from '../../../../src/shared/records';

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

describe('the lists of a site record, bounded', () => {
  it('hands back the very record when every list is within its bound', () => {
    const setting = siteSettingSchema.parse({ _id: 's', menu: { categories_menu_option: ids('c', MAX_MENU_CATEGORIES) }, final_articles: ids('a', 3) });
    const bounded = boundedSiteLists(setting);
    expect(bounded.setting).toBe(setting);
    expect(bounded.cut).toEqual([]);
  });

  it('keeps the first entries of each longer list, in order, and says what was cut', () => {
    const setting = siteSettingSchema.parse({
      _id: 's',
      config: { ad_slots: ids('slot', 100), pixels: ids('p', 30).map((name) => ({ name, url: `https://px.example/${name}` })), gaCode: 'G-1' },
      menu: { categories_menu_option: ids('c', 200_000), other_menu_option: ids('l', 60).map((label) => ({ label, url: '/x' })) },
      final_articles: ids('a', 5000),
    });
    const { setting: bounded, cut } = boundedSiteLists(setting);
    expect(bounded.menu.categories_menu_option).toEqual(ids('c', MAX_MENU_CATEGORIES));
    expect(bounded.menu.other_menu_option).toHaveLength(MAX_MENU_LINKS);
    expect(bounded.final_articles).toEqual(ids('a', MAX_FINAL_ARTICLES));
    expect(bounded.config.ad_slots).toEqual(ids('slot', MAX_AD_SLOT_ENTRIES));
    expect(bounded.config.pixels).toHaveLength(MAX_PIXELS);
    expect(bounded.config.gaCode).toBe('G-1');
    expect(cut).toEqual([
      { field: 'menu.categories_menu_option', count: 200_000, kept: MAX_MENU_CATEGORIES },
      { field: 'menu.other_menu_option', count: 60, kept: MAX_MENU_LINKS },
      { field: 'final_articles', count: 5000, kept: MAX_FINAL_ARTICLES },
      { field: 'config.ad_slots', count: 100, kept: MAX_AD_SLOT_ENTRIES },
      { field: 'config.pixels', count: 30, kept: MAX_PIXELS },
    ]);
  });
});
