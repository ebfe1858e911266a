import { createSiteChromes } from '../../../../src/server/render/site-chrome';
import { ROUTE_TABLE } from '../../../../src/server/routing/routes';
import { resolutionOf, siteOf, type Site } from '../../../../src/server/site/site';
import { categorySchema, siteSettingSchema, type SiteSettingInput } from '../../../../src/shared/records';
import { categories, domains, globalSetting } from '../../../fixtures/dataset';
import { keptMarkupOf, placedMarkupOf } from '../../../support/page-part';

const deps = { defaultSiteKey: 'main', analyticsCodes: new Map<string, string>() };

/** The site of a domain record of the test dataset, built anew (a new object) on each call. */
function siteOfDomain(url: string, change: (record: SiteSettingInput) => SiteSettingInput = (record) => record): Site {
  const record = domains.find((domain) => domain.url === url);
  if (!record) throw new Error(`fixture ${url} missing`);
  const resolution = resolutionOf({ byHost: siteSettingSchema.parse(change(record)), global: siteSettingSchema.parse(globalSetting) }, false);
  if (!resolution) throw new Error('no resolution');
  return siteOf(deps, resolution, categories.map((category) => categorySchema.parse(category)), url, url.split('.')[0] ?? url);
}

const markupOf = keptMarkupOf;

describe('createSiteChromes', () => {
  it('renders a site chrome once: the same site gets the same chrome', () => {
    const chromes = createSiteChromes('', '/assets/site.css');
    const site = siteOfDomain('example.com');
    expect(chromes.of(site)).toBe(chromes.of(site));
  });

  it('renders a new site (a new answer of the API) anew', () => {
    const chromes = createSiteChromes('', '/assets/site.css');
    const before = chromes.of(siteOfDomain('example.com'));
    const renamed = chromes.of(siteOfDomain('example.com', (record) => ({ ...record, config: { ...record.config, igp_settings: { title: 'Renamed' } } })));
    expect(renamed).not.toBe(before);
    expect(markupOf(before.shell.header)).toContain('>Example Domain</span>');
    expect(markupOf(renamed.shell.header)).toContain('>Renamed</span>');
    expect(markupOf(renamed.shell.footer)).toContain('© Renamed');
  });

  it("follows the site's theme", () => {
    const chromes = createSiteChromes('', '/assets/site.css');
    const dark = chromes.of(siteOfDomain('dark.test'));
    expect(dark.theme).toBe('dark');
    expect(markupOf(dark.shell.header)).toContain('aria-pressed="true"');
    expect(chromes.of(siteOfDomain('example.com')).theme).toBe('light');
  });

  it("puts the app's base path on the site's links", () => {
    const chrome = createSiteChromes('/answers', '/assets/site.css').of(siteOfDomain('example.com'));
    expect(markupOf(chrome.shell.header)).toContain('href="/answers/category/beta"');
    expect(markupOf(chrome.shell.header)).toContain('href="/answers/"');
    expect(markupOf(chrome.shell.footer)).toContain('href="/answers/about"');
  });

  it("keeps a header with a logo as elements, for the document's render to preload the image", () => {
    const chrome = createSiteChromes('', '/assets/site.css').of(siteOfDomain('rich.test'));
    expect(chrome.shell.header.element).toBeDefined();
    expect(markupOf(chrome.shell.footer)).toContain('Rich Answers');
  });

  it('makes the ads and app-state of a route once, apart for each route and for testDisplayAd', () => {
    const chrome = createSiteChromes('/answers', '/assets/site.css').of(siteOfDomain('example.com'));
    const article = chrome.route(ROUTE_TABLE.article, false);
    expect(chrome.route(ROUTE_TABLE.article, false)).toBe(article);
    expect(article.appState.state).toMatchObject({ route: 'article', gaCode: 'G-DOMAIN', adSlots: ['anchor', 'banner_1'], testAds: false, campaign: null, basePath: '/answers', dark: 'light' });
    expect(JSON.parse(article.appState.json)).toEqual(article.appState.state);
    expect(chrome.route(ROUTE_TABLE.article, true).appState.state.testAds).toBe(true);
    const portal = chrome.route(ROUTE_TABLE['fortified-portal'], false).appState.state;
    expect(portal).toMatchObject({ route: 'fortified-portal', gaCode: null, adSlots: [], pixels: [], consent: null });
  });

  it("gives a site without an icon of its own the default icon in its brand colour, and its feed's link", () => {
    const chrome = createSiteChromes('/answers', '/assets/site.css').of(siteOfDomain('example.com'));
    const head = placedMarkupOf(chrome.head({ title: 'A page' }, false));
    expect(decodeURIComponent(head)).toContain('fill="#000000"');
    expect(head).toContain('<link rel="alternate" type="application/rss+xml" title="Example Domain (RSS)" href="/answers/feed.xml"/>');
    expect(head).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
  });

  it("gives a page head's elements on its first use, then keeps their markup with its chrome; anew for another head or indexing", () => {
    const chrome = createSiteChromes('', '/assets/site.css').of(siteOfDomain('example.com'));
    const head = { title: 'An <answer> & more', description: 'Why "it" works' };
    const first = chrome.head(head, false);
    expect(first.markup).toBeUndefined();
    const kept = chrome.head(head, false);
    expect(markupOf(kept)).toBe(placedMarkupOf(first));
    expect(chrome.head(head, false)).toBe(kept);
    expect(markupOf(kept)).toContain('<title>An &lt;answer&gt; &amp; more</title>');
    expect(markupOf(kept)).toContain('<meta name="description" content="Why &quot;it&quot; works"/>');
    expect(markupOf(kept)).not.toContain('noindex');
    expect(placedMarkupOf(chrome.head(head, true))).toContain('<meta name="robots" content="noindex"/>');
    expect(placedMarkupOf(chrome.head({ ...head, title: 'Another' }, false))).toContain('<title>Another</title>');
  });
});
