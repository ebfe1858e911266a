/**
 * A site record with runaway lists (issue 56): 200,000 menu category ids and 5,000 final
 * articles cost one bounded upstream call each, the page shows what a page shows, and the rest
 * is logged once per record and field.
 */
import request from 'supertest';
import { MAX_FINAL_ARTICLES, MAX_MENU_CATEGORIES } from '../../src/server/content/site-lists';
import { testDataset } from '../fixtures/dataset';
import { appStateOf, parseHtml } from '../support/html';
import { useTestApp } from '../support/test-app';

const MENU_IDS = 200_000;
const subdomains = testDataset.subdomains.map((record) =>
  record._id === 'sub-a'
    ? {
        ...record,
        // The real categories first, then ids the API does not know (short: the record stays under the answer cap).
        menu: { ...record.menu, categories_menu_option: ['cat-c', 'cat-a', ...Array.from({ length: MENU_IDS - 2 }, (_, i) => `c${i}`)] },
        final_articles: ['a3', 'a1', ...Array.from({ length: 4998 }, (_, i) => `x${i}`)],
      }
    : record,
);
const t = useTestApp({ dataset: { ...testDataset, subdomains } });

describe('a site record with 200,000 menu category ids', () => {
  it('costs one category call of the first 50 ids and one home call of the first 100; the page renders its menu', async () => {
    for (let view = 0; view < 2; view++) {
      const res = await request(t.app).get('/').set('Host', 'sub.example.com');
      expect(res.status).toBe(200);
      const doc = parseHtml(res.text);
      expect(appStateOf(doc).menu.categories.map((category) => category.slug)).toEqual(['gamma', 'alpha']);
      expect(doc.querySelectorAll('#home-articles a[href="/article-3"]').length).toBeGreaterThan(0);
    }
    const categoryCalls = t.upstream.callsTo('/api/category/get').filter((call) => call.query.ids !== undefined);
    expect(categoryCalls).toHaveLength(2); // one a view (this app has no data cache)
    for (const call of categoryCalls) expect(call.query.ids?.split(',')).toHaveLength(MAX_MENU_CATEGORIES);
    for (const call of t.upstream.callsTo('/api/article/home')) expect(call.query.ids?.split(',')).toHaveLength(MAX_FINAL_ARTICLES);
    // Logged once per record and field, though the record was read on each view.
    const cut = t.logs.events('settings.list_truncated');
    expect(cut).toEqual([
      expect.objectContaining({ level: 40, settingId: 'sub-a', field: 'menu.categories_menu_option', count: MENU_IDS, kept: MAX_MENU_CATEGORIES }),
      expect.objectContaining({ level: 40, settingId: 'sub-a', field: 'final_articles', count: 5000, kept: MAX_FINAL_ARTICLES }),
    ]);
  });
});
