/**
 * A category the content API sends without a display name (missing, null, empty or blank) is
 * shown under its slug, title-cased, wherever the pages name it: the menu, the category's
 * heading and title, an article's category link. Its answer is no "wrong shape".
 */
import request from 'supertest';
import type { CategoryInput } from '../../src/shared/records';
import { testDataset } from '../fixtures/dataset';
import { appStateOf, jsonLdOf, parseHtml } from '../support/html';
import { useTestApp } from '../support/test-app';

/** example.com's menu is cat-b, cat-a; sub.example.com's starts with cat-c. */
const UNNAMED: Readonly<Record<string, CategoryInput>> = {
  'cat-b': { _id: 'cat-b', slug: 'home-networking', description: 'Routers and Wi-Fi' },
  'cat-a': { _id: 'cat-a', name: '', slug: 'alpha' },
  'cat-c': { _id: 'cat-c', name: null, slug: 'DIY_garden-TOOLS' },
};
const t = useTestApp({ dataset: { ...testDataset, categories: testDataset.categories.map((category) => UNNAMED[category._id] ?? category) } });

const get = (path: string, host = 'example.com') => request(t.app).get(path).set('Host', host);

describe('a category without a name', () => {
  it('is in the menu, in the HTML and the app-state, under its slug title-cased, in the menu order', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    const doc = parseHtml(res.text);
    expect([...doc.querySelectorAll('#category-menu a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/category/home-networking', 'Home Networking'],
      ['/category/alpha', 'Alpha'],
    ]);
    expect(appStateOf(doc).menu.categories).toEqual([
      { name: 'Home Networking', slug: 'home-networking' },
      { name: 'Alpha', slug: 'alpha' },
    ]);
    // The menu is the site's own, not a fallback after a "wrong shape" answer.
    expect(res.headers['cache-control']).not.toMatch(/private|no-store/);
    expect(t.logs.events('upstream.fetch_failed')).toEqual([]);
  });

  it("names the category's heading, title and breadcrumb, and an article's category link", async () => {
    const page = await get('/category/home-networking');
    expect(page.status).toBe(200);
    const doc = parseHtml(page.text);
    expect(doc.querySelector('h1')?.textContent).toBe('Home Networking');
    expect(doc.title).toBe('Home Networking | Example Domain');
    const crumbs = jsonLdOf(doc).find((item) => item['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((crumb) => crumb.name)).toEqual(['Example Domain', 'Home Networking']);

    const article = parseHtml((await get('/article-13')).text);
    expect([...article.querySelectorAll('a[href="/category/home-networking"]')].map((a) => a.textContent)).toContain('Home Networking');
  });

  it('a null name reads as missing; hyphens and underscores separate words, each word capitalised once', async () => {
    const res = await get('/', 'sub.example.com');
    expect(res.status).toBe(200);
    expect(appStateOf(parseHtml(res.text)).menu.categories[0]).toEqual({ name: 'Diy Garden Tools', slug: 'DIY_garden-TOOLS' });
  });
});
