/**
 * The demo serves everything its data names: every same-origin link, image and pixel on the
 * demo sites' pages answers, none of them a 404 (a browser would log each one).
 */
import request from 'supertest';
import { demoDataset } from '../../src/demo/index';
import { appStateOf, parseHtml } from '../support/html';
import { useTestApp } from '../support/test-app';

const t = useTestApp({ dataset: demoDataset, env: { DEFAULT_SITE_KEY: 'answers' } });

const HOSTS = ['localhost', 'cooking.localhost', 'garden.localhost', 'tech.localhost', 'travel.localhost', 'unknown.localhost'];
const PAGES = ['/', '/why-does-bread-go-stale', '/category/baking'];

/** Same-origin targets a page names: links, images, the pixels and "other" menu entries of its app-state. */
function sameOriginTargetsOf(html: string): string[] {
  const doc = parseHtml(html);
  const state = appStateOf(doc);
  const named = [
    ...[...doc.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
    ...[...doc.querySelectorAll('img[src]')].map((img) => img.getAttribute('src') ?? ''),
    ...state.pixels.map((pixel) => pixel.url),
    ...state.menu.other.map((entry) => entry.url),
  ];
  // Assets are the build's (this test app has a stand-in manifest); fragments stay on the page.
  return named.filter((url) => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/assets/'));
}

describe('the demo data', () => {
  it('names no same-origin URL that the app does not serve', async () => {
    const checked = new Map<string, number>();
    for (const host of HOSTS) {
      for (const page of PAGES) {
        const res = await request(t.app).get(page).set('Host', host);
        for (const target of sameOriginTargetsOf(res.text)) {
          const key = `${host}${target}`;
          if (checked.has(key)) continue;
          checked.set(key, (await request(t.app).get(target).set('Host', host)).status);
        }
      }
    }
    expect(checked.size).toBeGreaterThan(20);
    expect([...checked].filter(([, status]) => status >= 400)).toEqual([]);
  });

  it('names no pixel the app would have to serve', () => {
    const settings = [demoDataset.global, ...demoDataset.domains, ...demoDataset.subdomains];
    const pixels = settings.flatMap((setting) => setting.config?.pixels ?? []);
    expect(pixels.filter((pixel) => !/^https:\/\//.test(pixel.url))).toEqual([]);
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
