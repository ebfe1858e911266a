/**
 * The lists a site record holds, bounded by what a page shows of them (decision 0375): a menu
 * shows a few dozen categories, a home a page of answers. A record that holds more (by mistake,
 * or a runaway CMS export) costs what a normal one does: one bounded upstream call for its menu
 * and home, bounded work per request. Pure.
 */
import type { SiteSetting } from '../../shared/records';

/** Categories a menu shows, at most: more do not fit a header (the menu's ids go in one category/get call). */
export const MAX_MENU_CATEGORIES = 50;
/** Other menu links, at most. */
export const MAX_MENU_LINKS = 50;
/** Answers a home lists, at most (the ids go in one article/home call). */
export const MAX_FINAL_ARTICLES = 100;
/** Entries of `config.ad_slots`, at most: room for the seven slot types, repeats and a few unknown ones. */
export const MAX_AD_SLOT_ENTRIES = 16;
/** The global setting's pixels (image beacons on every page), at most. */
export const MAX_PIXELS = 20;

/** A list that was longer than its bound: its field, its length, and how many entries were kept. */
export interface CutList {
  readonly field: string;
  readonly count: number;
  readonly kept: number;
}

function firstOf<T>(list: readonly T[], max: number, field: string, cut: CutList[]): T[] {
  if (list.length <= max) return list as T[];
  cut.push({ field, count: list.length, kept: max });
  return list.slice(0, max);
}

/** The record with each list cut to its bound (the same record when none is longer), and what was cut. */
export function boundedSiteLists(setting: SiteSetting): { readonly setting: SiteSetting; readonly cut: readonly CutList[] } {
  const cut: CutList[] = [];
  const categories = firstOf(setting.menu.categories_menu_option, MAX_MENU_CATEGORIES, 'menu.categories_menu_option', cut);
  const links = firstOf(setting.menu.other_menu_option, MAX_MENU_LINKS, 'menu.other_menu_option', cut);
  const finalArticles = firstOf(setting.final_articles, MAX_FINAL_ARTICLES, 'final_articles', cut);
  const adSlots = firstOf(setting.config.ad_slots, MAX_AD_SLOT_ENTRIES, 'config.ad_slots', cut);
  const pixels = firstOf(setting.config.pixels, MAX_PIXELS, 'config.pixels', cut);
  if (cut.length === 0) return { setting, cut };
  return {
    setting: {
      ...setting,
      config: { ...setting.config, ad_slots: adSlots, pixels },
      menu: { categories_menu_option: categories, other_menu_option: links },
      final_articles: finalArticles,
    },
    cut,
  };
}
