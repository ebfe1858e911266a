/**
 * The links of a site record's `menu.other_menu_option`, checked. Pure. An entry that is not a
 * `{label, url}` with a label to show is dropped and reported (the site's menu shows the
 * others), so one malformed link never rejects the record; a link whose URL may not reach a page
 * (javascript:, data:, ...) is dropped without a report (content/sanitize.ts, safeLinksOf).
 */
import { menuLinkSchema, type MenuLink } from '../../shared/records';
import { safeLinksOf } from '../content/sanitize';
import { shown, type InvalidSetting } from './publisher-settings';

export function menuLinksOf(entries: readonly unknown[]): { readonly links: readonly MenuLink[]; readonly invalid: readonly InvalidSetting[] } {
  const links: MenuLink[] = [];
  const invalid: InvalidSetting[] = [];
  for (const entry of entries) {
    const link = menuLinkSchema.safeParse(entry);
    if (link.success && link.data.label.trim() !== '') links.push(link.data);
    else invalid.push({ field: 'menu.other_menu_option', value: shown(entry) });
  }
  return { links: safeLinksOf(links), invalid };
}
