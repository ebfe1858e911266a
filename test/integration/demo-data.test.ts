/**
 * The demo serves everything its data names: a crawl of every demo site from its home finds
 * every same-origin link, image and pixel answering 200, none of them a 404 (a visitor would
 * land on each one, a browser would log each missing image).
 */
import request from 'supertest';
import { demoDataset } from '../../src/demo/index';
import { appStateOf, parseHtml } from '../support/html';
import { useTestApp } from '../support/test-app';

const t = useTestApp({ dataset: demoDataset, env: { DEFAULT_SITE_KEY: 'answers' } });

/** Every host the demo data names, and one it does not (the global setting's site). */
const HOSTS = [...new Set([...demoDataset.domains, ...demoDataset.subdomains].flatMap((setting) => (setting.url ? [setting.url] : []))), 'unknown.localhost'];
/** Far more pages than the demo has: a crawl that reaches it has found a loop of new URLs. */
const MAX_PAGES_PER_HOST = 400;

/** Same-origin targets a page names: links, images, the pixels and "other" menu entries of its app-state. */
function sameOriginTargetsOf(html: string): { links: string[]; files: string[] } {
  const doc = parseHtml(html);
  const state = appStateOf(doc);
  const sameOrigin = (urls: string[]) => urls.map((url) => url.split('#')[0] ?? '').filter((url) => url.startsWith('/') && !url.startsWith('//'));
  return {
    links: sameOrigin([...[...doc.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''), ...state.menu.other.map((entry) => entry.url)]),
    // Assets are the build's (this test app has a stand-in manifest).
    files: sameOrigin([...[...doc.querySelectorAll('img[src]')].map((img) => img.getAttribute('src') ?? ''), ...state.pixels.map((pixel) => pixel.url)]).filter((url) => !url.startsWith('/assets/')),
  };
}

interface Crawl {
  /** Pages fetched, by path. */
  readonly statuses: Map<string, number>;
  /** Each broken target with the page that named it. */
  readonly broken: string[];
}

/** Every page a host's home reaches through same-origin links, each fetched once. */
async function crawl(host: string): Promise<Crawl> {
  const statuses = new Map<string, number>();
  const broken: string[] = [];
  const queue: { path: string; from: string }[] = [{ path: '/', from: '(start)' }];
  while (queue.length > 0 && statuses.size < MAX_PAGES_PER_HOST) {
    const { path, from } = queue.shift() as { path: string; from: string };
    if (statuses.has(path)) continue;
    const res = await request(t.app).get(path).set('Host', host);
    statuses.set(path, res.status);
    if (res.status !== 200) {
      broken.push(`${host}${path} ${res.status} (linked from ${from})`);
      continue;
    }
    if (!res.headers['content-type']?.startsWith('text/html')) continue;
    const { links, files } = sameOriginTargetsOf(res.text);
    for (const link of links) if (!statuses.has(link)) queue.push({ path: link, from: path });
    for (const file of files) {
      const status = (await request(t.app).get(file).set('Host', host)).status;
      if (status !== 200) broken.push(`${host}${file} ${status} (named by ${path})`);
    }
  }
  return { statuses, broken };
}

describe('the demo data', () => {
  it.each(HOSTS.filter((host) => host !== 'www.garden.localhost'))('every page of %s reached from its home answers 200, and so does everything it names', async (host) => {
    const { statuses, broken } = await crawl(host);
    expect(broken).toEqual([]);
    expect(statuses.size).toBeLessThan(MAX_PAGES_PER_HOST);
    // A site whose home names articles and categories, not just the home itself.
    expect(statuses.size).toBeGreaterThan(3);
  });

  it('www.garden.localhost is garden.localhost under its canonical host: a redirect, not a page', async () => {
    const res = await request(t.app).get('/').set('Host', 'www.garden.localhost');
    expect(res.status).toBe(301);
    expect(res.headers.location).toMatch(/^https?:\/\/garden\.localhost\//);
  });

  it('Cooking shows the spring headline when utm_id cannot be sent and campaign_id is spring', async () => {
    const doc = parseHtml((await request(t.app).get('/?utm_id=..&campaign_id=spring').set('Host', 'cooking.localhost')).text);
    expect(doc.getElementById('campaign-headline')?.textContent).toBe('Spring baking week,New answers every day');
  });

  it('names no pixel the app would have to serve', () => {
    const settings = [demoDataset.global, ...demoDataset.domains, ...demoDataset.subdomains];
    const pixels = settings.flatMap((setting) => setting.config?.pixels ?? []);
    expect(pixels.filter((pixel) => !/^https:\/\//.test(pixel.url))).toEqual([]);
  });

  it('has a category without a name, shown under its slug title-cased: in the menu, its heading and its title', async () => {
    expect(demoDataset.categories.find((category) => category.slug === 'home-networking')?.name).toBeUndefined();
    const doc = parseHtml((await request(t.app).get('/category/home-networking').set('Host', 'localhost')).text);
    expect(doc.querySelector('#category-menu a[href="/category/home-networking"]')?.textContent).toBe('Home Networking');
    expect(doc.querySelector('h1')?.textContent).toBe('Home Networking');
    expect(doc.title).toMatch(/^Home Networking \| /);
  });

  it('has a category long enough to page: /category/baking links to a second page, which answers', async () => {
    const first = parseHtml((await request(t.app).get('/category/baking').set('Host', 'localhost')).text);
    const next = first.querySelector('a[rel="next"]')?.getAttribute('href');
    expect(next).toBe('/category/baking?page=2');
    const second = await request(t.app).get(String(next)).set('Host', 'localhost');
    expect(second.status).toBe(200);
    expect(parseHtml(second.text).querySelector('a[rel="prev"]')?.getAttribute('href')).toMatch(/^\/category\/baking/);
  });
});
