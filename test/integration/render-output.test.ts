/**
 * How a rendered page leaves the server, as UTF-8: whole, with its Content-Length, for crawlers
 * (test/integration/streaming.test.ts has the streamed form people get).
 */
import request from 'supertest';
import { testDataset } from '../fixtures/dataset';
import { dataCacheOnTestClock, TEST_TTL_MS } from '../support/data-cache';
import { parseHtml } from '../support/html';
import { startTestApp, useTestApp, type TestApp } from '../support/test-app';
import { trackCalls, type TrackedCalls } from '../support/tracked-calls';
import { CRAWLER } from '../support/user-agents';


describe('a rendered page', () => {
  const t = useTestApp();

  it('is sent whole to a crawler, with a Content-Length that matches its body', async () => {
    const res = await request(t.app).get('/article-2').set('Host', 'sub.example.com').set('Accept-Encoding', 'identity').set('User-Agent', CRAWLER);
    expect(res.status).toBe(200);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    expect(res.text.startsWith('<!DOCTYPE html><html')).toBe(true);
    expect(res.text.endsWith('</body></html>')).toBe(true);
  });

  it('has the same header and footer whatever theme the visitor saved', async () => {
    const headerOf = async (cookie: string) => {
      const res = await request(t.app).get('/').set('Host', 'sub.example.com').set('Cookie', cookie).set('User-Agent', CRAWLER);
      const doc = parseHtml(res.text);
      return { html: res.text, pressed: doc.querySelector('#site-header #theme-toggle')?.getAttribute('aria-pressed'), menu: [...doc.querySelectorAll('#site-header nav#category-menu a')].map((a) => a.textContent) };
    };
    const dark = await headerOf('theme=dark');
    const light = await headerOf('theme=light');
    expect(dark.pressed).toBe('false');
    expect(dark.menu.length).toBeGreaterThan(0);
    expect(light.html).toBe(dark.html);
  });

  it('escapes a hostile category name in the header, as React does everywhere', async () => {
    const res = await request(t.app).get('/').set('Host', 'rich.test');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)');
    const links = [...parseHtml(res.text).querySelectorAll('#site-header nav#category-menu a')];
    expect(links[0]?.textContent).toBe('Rich </script><script>alert(1)</script>\u2028line');
  });
});

describe('a long excerpt', () => {
  const dataset = structuredClone(testDataset);
  let t: TestApp;

  beforeAll(async () => {
    const target = dataset.articles.find((article) => article.slug === 'article-2');
    if (!target) throw new Error('fixture article-2 missing');
    target.excerpt = 'A long excerpt that must be cut for the meta description. '.repeat(5);
    t = await startTestApp({ dataset });
  });
  afterAll(() => t.close());

  it('is cut at a word for the meta description, with an ellipsis', async () => {
    const res = await request(t.app).get('/article-2').set('Host', 'sub.example.com');
    expect(res.status).toBe(200);
    expect(parseHtml(res.text).querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/\w…$/);
  });
});

describe('a page whose text outside ASCII is all Latin-1', () => {
  const dataset = structuredClone(testDataset);
  const title = 'Café crème, déjà vu: ½ price at the Zürich Bahnhof ©';
  let t: TestApp;

  beforeAll(async () => {
    const target = dataset.articles.find((article) => article.slug === 'article-2');
    if (!target) throw new Error('fixture article-2 missing');
    target.title = title;
    t = await startTestApp({ dataset });
  });
  afterAll(() => t.close());

  it('is sent as UTF-8, with the byte length as Content-Length', async () => {
    const res = await request(t.app).get('/article-2').set('Host', 'sub.example.com').set('Accept-Encoding', 'identity').set('User-Agent', CRAWLER);
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    expect(parseHtml(res.text).querySelector('h1')?.textContent).toBe(title);
    expect(res.text).not.toContain('\uFFFD');
  });
});

describe('a page with text outside ASCII', () => {
  // Short pieces and one long body (React hands over long strings whole): all of it must
  // arrive as UTF-8, byte for byte, whatever the piece sizes.
  const dataset = structuredClone(testDataset);
  const title = 'Warum fährt der Nachtzug? 夜行列車 🚆 — «déjà vu»';
  const paragraph = 'Ünïcödé text, 日本語の文章, emoji 🚄🚅 and a dash — in one paragraph. ';
  let t: TestApp;

  beforeAll(async () => {
    const target = dataset.articles.find((article) => article.slug === 'article-2');
    if (!target) throw new Error('fixture article-2 missing');
    target.title = title;
    target.body = `<p>${paragraph.repeat(120)}</p>`;
    t = await startTestApp({ dataset });
  });
  afterAll(() => t.close());

  it('is sent as intact UTF-8 with the byte length as Content-Length', async () => {
    const res = await request(t.app).get('/article-2').set('Host', 'sub.example.com').set('Accept-Encoding', 'identity').set('User-Agent', CRAWLER);
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    const doc = parseHtml(res.text);
    expect(doc.querySelector('h1')?.textContent).toBe(title);
    expect(doc.querySelector('.article-body p')?.textContent).toBe(paragraph.repeat(120));
    expect(res.text).not.toContain('\uFFFD');
  });
});

describe('the shell follows the site data', () => {
  const cached = dataCacheOnTestClock();
  let t: TestApp;
  const dataset = structuredClone(testDataset);

  /** The content API calls behind the data cache, so a test can await the refresh it started. */
  let upstreamCalls: TrackedCalls<object>;

  beforeAll(async () => {
    t = await startTestApp({
      dataset,
      wrapApi: (api) => {
        const tracked = trackCalls(api);
        upstreamCalls = tracked;
        return tracked.api;
      },
      dataCache: cached.dataCache,
    });
  });
  afterAll(() => t.close());

  const menuOf = async () => {
    const res = await request(t.app).get('/').set('Host', 'example.com');
    return [...parseHtml(res.text).querySelectorAll('#site-header nav#category-menu a')].map((a) => a.textContent);
  };

  it('shows a renamed category once the data cache has the new menu', async () => {
    expect(await menuOf()).toEqual(['Beta', 'Alpha']);
    expect(await menuOf()).toEqual(['Beta', 'Alpha']);
    const beta = dataset.categories.find((category) => category._id === 'cat-b');
    if (!beta) throw new Error('fixture cat-b missing');
    beta.name = 'Beta, renamed';
    cached.advance(TEST_TTL_MS + 200);
    await menuOf(); // stale answer; starts the one refresh
    await upstreamCalls.settled();
    expect(await menuOf()).toEqual(['Beta, renamed', 'Alpha']);
    const state = JSON.parse(parseHtml((await request(t.app).get('/').set('Host', 'example.com')).text).querySelector('#app-state')?.textContent ?? '{}');
    expect(state.menu.categories.map((category: { name: string }) => category.name)).toEqual(['Beta, renamed', 'Alpha']);
  });

  it("gives an article's first view, its parts rendered with the page, the same document as later views, which place them as kept markup", async () => {
    const view = async () => (await request(t.app).get('/article-15').set('Host', 'example.com').set('User-Agent', CRAWLER)).text;
    // The head, heading, list and body are kept from their record's second use, the head's markup from the kept head's second.
    const [first, second, third, fourth] = [await view(), await view(), await view(), await view()];
    expect(first).toContain('<span class="article-author">By ');
    expect(parseHtml(first).querySelectorAll('#new-articles a').length).toBeGreaterThan(0);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(fourth).toBe(first);
  });

  it("shows an article's new title in its head and JSON-LD once the data cache has the new record", async () => {
    const headOf = async () => {
      const doc = parseHtml((await request(t.app).get('/article-14').set('Host', 'example.com')).text);
      const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? '{}'));
      return {
        title: doc.querySelector('title')?.textContent,
        ogTitle: doc.querySelector('meta[property="og:title"]')?.getAttribute('content'),
        headline: jsonLd.find((data) => data['@type'] === 'Article')?.headline,
        crumb: jsonLd.find((data) => data['@type'] === 'BreadcrumbList')?.itemListElement.at(-1).name,
      };
    };
    expect(await headOf()).toEqual({ title: 'Question number 14? | Example Domain', ogTitle: 'Question number 14?', headline: 'Question number 14?', crumb: 'Question number 14?' });
    expect(await headOf()).toEqual({ title: 'Question number 14? | Example Domain', ogTitle: 'Question number 14?', headline: 'Question number 14?', crumb: 'Question number 14?' });
    const record = dataset.articles.find((article) => article._id === 'a14');
    if (!record) throw new Error('fixture a14 missing');
    record.title = 'Question fourteen, edited';
    cached.advance(TEST_TTL_MS + 200);
    await headOf(); // stale answer; starts the one refresh
    await upstreamCalls.settled();
    const edited = 'Question fourteen, edited';
    expect(await headOf()).toEqual({ title: `${edited} | Example Domain`, ogTitle: edited, headline: edited, crumb: edited });
  });
});

describe("the chrome follows the site's settings", () => {
  const TOKEN = 'purge-token-for-tests-0123456789abcdef';
  const cached = dataCacheOnTestClock();
  let t: TestApp;
  const dataset = structuredClone(testDataset);
  let upstreamCalls: TrackedCalls<object>;

  beforeAll(async () => {
    t = await startTestApp({
      dataset,
      env: { PURGE_TOKEN: TOKEN, METRICS_PORT: '0' },
      wrapApi: (api) => {
        const tracked = trackCalls(api);
        upstreamCalls = tracked;
        return tracked.api;
      },
      dataCache: cached.dataCache,
    });
  });
  afterAll(() => t.close());

  const exampleDomain = () => {
    const record = dataset.domains.find((domain) => domain._id === 'dom-example');
    if (!record) throw new Error('fixture dom-example missing');
    return record;
  };
  const footerOf = async () => parseHtml((await request(t.app).get('/').set('Host', 'example.com')).text).querySelector('#site-footer .footer-text')?.textContent;

  it("shows a site's changed settings in its header, footer, head and app-state once the data cache has the new record", async () => {
    const shellOf = async () => {
      const doc = parseHtml((await request(t.app).get('/category/alpha').set('Host', 'example.com')).text);
      const state = JSON.parse(doc.querySelector('#app-state')?.textContent ?? '{}');
      return {
        theme: doc.documentElement.className,
        brand: doc.querySelector('#site-header .brand')?.textContent,
        pressed: doc.querySelector('#site-header #theme-toggle')?.getAttribute('aria-pressed'),
        footer: doc.querySelector('#site-footer .footer-text')?.textContent,
        other: [...doc.querySelectorAll('#site-footer #other-menu a')].map((a) => a.textContent),
        feedTitle: doc.querySelector('link[rel="alternate"]')?.getAttribute('title'),
        stateOther: state.menu.other.map((link: { label: string }) => link.label),
        stateDark: state.dark,
      };
    };
    const before = { theme: 'light', brand: 'EExample Domain', pressed: 'false', footer: '© Example Domain', other: ['About'], feedTitle: 'Example Domain (RSS)', stateOther: ['About'], stateDark: 'light' };
    expect(await shellOf()).toEqual(before);
    expect(await shellOf()).toEqual(before);
    const record = exampleDomain();
    record.darkmode = true;
    record.config = { ...record.config, igp_settings: { title: 'Example, renamed', footerText: 'Printed in the test' } };
    record.menu = { ...record.menu, other_menu_option: [{ label: 'Contact', url: '/contact' }] };
    cached.advance(TEST_TTL_MS + 200);
    expect(await shellOf()).toEqual(before); // stale answer; starts the one refresh
    await upstreamCalls.settled();
    expect(await shellOf()).toEqual({ theme: 'dark', brand: 'EExample, renamed', pressed: 'true', footer: 'Printed in the test', other: ['Contact'], feedTitle: 'Example, renamed (RSS)', stateOther: ['Contact'], stateDark: 'dark' });
  });

  it('shows a changed footer at once after a purge of the site', async () => {
    const footer = await footerOf();
    const record = exampleDomain();
    record.config = { ...record.config, igp_settings: { ...record.config?.igp_settings, footerText: `${footer ?? ''}, purged` } };
    expect(await footerOf()).toBe(footer);
    const purged = await request(t.internal).post('/purge').set('authorization', `Bearer ${TOKEN}`).send({ site: 'example.com' });
    expect(purged.status).toBe(200);
    expect(await footerOf()).toBe(`${footer ?? ''}, purged`);
  });
});
