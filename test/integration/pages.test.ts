import request from 'supertest';
import { TEST_AD_UNIT_PATH } from '../../src/shared/ads';
import { appStateOf, parseHtml } from '../support/html';
import { useTestApp } from '../support/test-app';

const t = useTestApp();

const get = (path: string, host = 'sub.example.com') => request(t.app).get(path).set('Host', host);

describe('shell or no shell, per route', () => {
  it.each([
    ['/', true],
    ['/article-1', true],
    ['/category/alpha', true],
    ['/no-such-article', true],
    ['/a/b/c', true],
    ['/?s=question', false],
    ['/fortified-portal', false],
    ['/login', false],
    ['/dashboard', false],
  ])('%s has the shell: %p', async (path, shell) => {
    const res = await get(path);
    const doc = parseHtml(res.text);
    expect(Boolean(doc.getElementById('site-header'))).toBe(shell);
    expect(Boolean(doc.getElementById('site-footer'))).toBe(shell);
    expect(doc.getElementById('app-state')).not.toBeNull();
  });

  it('login and dashboard are 200, minimal and noindex', async () => {
    for (const path of ['/login', '/dashboard', '/fortified-portal']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(parseHtml(res.text).querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    }
  });
});

describe('home', () => {
  it('lists final_articles in their order through article/home with type and <type>=<_id>', async () => {
    const res = await get('/');
    const doc = parseHtml(res.text);
    const links = [...doc.querySelectorAll('#home-articles .card-title a')].map((a) => a.getAttribute('href'));
    expect(links.slice(0, 3)).toEqual(['/article-3', '/article-1', '/article-2']);
    expect(t.upstream.callsTo('/api/article/home')[0]?.query).toEqual({ ids: 'a3,a1,a2,a4,a5,a6,a7,a8,a9,a10', type: 'subdomains', subdomains: 'sub-a' });
  });

  it('global scope omits the <type> parameter', async () => {
    await get('/', 'unknown.test');
    expect(t.upstream.callsTo('/api/article/home')[0]?.query).toEqual({ ids: 'a1,a2', type: 'global' });
  });
});

describe('article', () => {
  it('shows the article and 9 new articles: findnew first, then the home top-up', async () => {
    const res = await get('/article-12');
    expect(res.status).toBe(200);
    const doc = parseHtml(res.text);
    expect(doc.querySelector('h1')?.textContent).toBe('Question number 12?');
    const links = [...doc.querySelectorAll('#new-articles a')].map((a) => a.getAttribute('href'));
    // findnew on sub-a: a11..a1 minus the current; 9 of them, so no top-up.
    expect(links).toEqual(['/article-11', '/article-10', '/article-9', '/article-8', '/article-7', '/article-6', '/article-5', '/article-4', '/article-3']);
    expect(t.upstream.callsTo('/api/article/home')).toHaveLength(0);
    const findnew = t.upstream.callsTo('/api/article/findnew')[0];
    expect(JSON.parse(findnew?.query.article ?? '')).toEqual({ slug: 'article-12', _id: 'a12', domains: ['sub-a', 'dom-example'] });
    expect(findnew?.query.limit).toBe('9');
  });

  it('tops 4 found up to 9 without duplicates or the current article', async () => {
    const four = ['a1', 'a2', 'a3', 'a4'].map((id) => ({ _id: id, slug: `article-${id.slice(1)}`, domains: ['sub-a'], title: id }));
    t.upstream.override('/api/article/findnew', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: four }));
    });
    const doc = parseHtml((await get('/article-5')).text);
    const links = [...doc.querySelectorAll('#new-articles a')].map((a) => a.getAttribute('href'));
    // final_articles: a3,a1,a2,a4,a5(current),a6,a7,a8,a9,a10 -> top-up a6..a10.
    expect(links).toEqual(['/article-1', '/article-2', '/article-3', '/article-4', '/article-6', '/article-7', '/article-8', '/article-9', '/article-10']);
    expect(new Set(links).size).toBe(9);
  });

  it('an unknown slug is a 404 inside the shell; an impossible slug calls no upstream', async () => {
    const res = await get('/no-such-article');
    expect(res.status).toBe(404);
    expect(parseHtml(res.text).getElementById('site-header')).not.toBeNull();
    t.upstream.calls.length = 0;
    expect((await get('/bad%20slug!')).status).toBe(404);
    expect(t.upstream.callsTo('/api/article/get')).toHaveLength(0);
  });
});

describe('category', () => {
  it('lists the category articles newest first, 10 a page, 404 past the last page', async () => {
    const doc = parseHtml((await get('/category/beta', 'example.com')).text);
    expect(doc.querySelector('h1')?.textContent).toBe('Beta');
    const links = [...doc.querySelectorAll('#category-articles .card-title a')].map((a) => a.getAttribute('href'));
    expect(links[0]).toBe('/article-25');
    expect(links).toHaveLength(10);
    expect(doc.querySelector('a[rel=next]')?.getAttribute('href')).toBe('/category/beta?page=2');
    const second = parseHtml((await get('/category/beta?page=2', 'example.com')).text);
    expect(second.querySelectorAll('#category-articles .card')).toHaveLength(3);
    expect(second.querySelector('a[rel=prev]')?.getAttribute('href')).toBe('/category/beta');
    expect((await get('/category/beta?page=3', 'example.com')).status).toBe(404);
    expect((await get('/category/beta?page=abc', 'example.com')).status).toBe(404);
  });

  it('an unknown category is a 404', async () => {
    expect((await get('/category/nothing')).status).toBe(404);
  });
});

describe('search', () => {
  it('shows results without the shell, the query escaped', async () => {
    const res = await get('/?s=<b>question</b>');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<b>question</b>');
    expect(res.text).toContain('&lt;b&gt;question&lt;/b&gt;');
    expect(parseHtml(res.text).querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
  });
  it('has an empty state', async () => {
    const doc = parseHtml((await get('/?s=zzzznothing')).text);
    expect(doc.querySelector('#search-results .empty')).not.toBeNull();
  });
  it('a query over 200 characters or with control characters is a 400 page', async () => {
    expect((await get(`/?s=${'a'.repeat(201)}`)).status).toBe(400);
    expect((await get('/?s=a%00b')).status).toBe(400);
  });
});

describe('ads in the HTML and app-state', () => {
  it('renders one container per configured slot type on ad routes', async () => {
    const doc = parseHtml((await get('/')).text);
    const slots = [...doc.querySelectorAll('[data-ad-slot]')].map((el) => el.getAttribute('data-ad-slot'));
    expect(slots.sort()).toEqual(['banner_1', 'popup', 'siderail_left']);
    expect(appStateOf(doc)).toMatchObject({ adSlots: ['banner_1', 'popup', 'siderail_left'], adUnitPath: '/123/sub', testAds: false, adSense: true });
  });

  it('gives assistive technology no landmark around an ad: a slot is hidden from it, so a named region would be empty', async () => {
    const doc = parseHtml((await get('/')).text);
    const rail = doc.querySelector('.siderail-left');
    expect(rail?.querySelector('[data-ad-slot]')?.getAttribute('aria-hidden')).toBe('true');
    expect(rail?.tagName).toBe('DIV');
    expect(rail?.hasAttribute('aria-label')).toBe(false);
    expect(doc.querySelector('aside, [role=complementary]')).toBeNull();
  });

  it('renders no ads on routes without ads, nor in the search view', async () => {
    for (const path of ['/login', '/no-such-article', '/?s=x', '/fortified-portal']) {
      const doc = parseHtml((await get(`${path}${path.includes('?') ? '&' : '?'}testDisplayAd=on`)).text);
      expect(doc.querySelector('[data-ad-slot]')).toBeNull();
      expect(appStateOf(doc)).toMatchObject({ adSlots: [], adUnitPath: null, testAds: false, adSense: false });
    }
  });

  it('renders no slot where none could fill (slots listed, no ad unit path), unless previewed with the test unit', async () => {
    for (const path of ['/', '/article-1', '/category/alpha']) {
      const doc = parseHtml((await get(path, 'nounit.test')).text);
      expect(doc.querySelector('[data-ad-slot]')).toBeNull();
      expect(appStateOf(doc)).toMatchObject({ adSlots: [], adUnitPath: null, adSense: false });
    }
    expect(parseHtml((await get('/?testDisplayAd=on', 'nounit.test')).text).querySelectorAll('[data-ad-slot]')).toHaveLength(7);
  });

  it('?testDisplayAd=on shows all seven slots with the test unit, even where ads are disabled', async () => {
    const doc = parseHtml((await get('/?testDisplayAd=on', 'dark.test')).text);
    expect(doc.querySelectorAll('[data-ad-slot]')).toHaveLength(7);
    expect(appStateOf(doc)).toMatchObject({ adUnitPath: TEST_AD_UNIT_PATH, testAds: true });
    expect(appStateOf(parseHtml((await get('/?testDisplayAd=ON', 'dark.test')).text)).adSlots).toEqual([]);
  });
});

describe('analytics', () => {
  it('gaCode is null on /fortified-portal and the id appears nowhere in its HTML', async () => {
    const res = await get('/fortified-portal');
    expect(appStateOf(parseHtml(res.text)).gaCode).toBeNull();
    expect(res.text).not.toContain('G-SUBA');
    expect(appStateOf(parseHtml((await get('/login')).text)).gaCode).toBe('G-SUBA');
  });
});

describe('campaigns', () => {
  it('utm_id is the first choice, with count 10 and the no-cache JSON headers; the headline is shown', async () => {
    const res = await get('/?utm_id=c1&campaign_id=other');
    const call = t.upstream.campaignCalls[0];
    expect(call?.path).toBe('/meta-ms/api/v1/meta-db/campaigns/checkCampaign/c1');
    expect(call?.query).toEqual({ count: '10' });
    expect(call?.headers.accept).toBe('application/json');
    expect(call?.headers['cache-control']).toBe('no-cache');
    const doc = parseHtml(res.text);
    expect(doc.getElementById('campaign-headline')?.textContent).toBe('Big sale,Today only');
    expect(appStateOf(doc).campaign).toEqual({ exists: true, headline: 'Big sale,Today only' });
  });

  it('campaign_id uses the other path', async () => {
    await get('/article-1?campaign_id=c1');
    expect(t.upstream.campaignCalls[0]).toMatchObject({ path: '/campaigns/api/v1/checkCampaign', query: { campaign_id: 'c1', count: '10' } });
  });

  it('no id: no request, a warning, exists when not required', async () => {
    const doc = parseHtml((await get('/')).text);
    expect(t.upstream.campaignCalls).toHaveLength(0);
    expect(t.logs.events('campaign.ids_missing')[0]).toMatchObject({ level: 40 });
    expect(appStateOf(doc).campaign).toEqual({ exists: true, headline: null });
    expect(doc.getElementById('campaign-headline')).toBeNull();
  });

  it('a failing service: a warning with the status, existence only when not required', async () => {
    t.upstream.override('/meta-ms/*', (_req, res) => {
      res.writeHead(502);
      res.end();
    });
    const doc = parseHtml((await get('/?utm_id=c1', 'inherit.example.com')).text);
    expect(t.logs.events('campaign.lookup_failed')[0]).toMatchObject({ level: 40, status: 502 });
    expect(appStateOf(doc).campaign).toEqual({ exists: false, headline: null });
  });

  it('a site without campaign flags runs no lookup', async () => {
    const doc = parseHtml((await get('/?utm_id=c1', 'example.com')).text);
    expect(t.upstream.campaignCalls).toHaveLength(0);
    expect(appStateOf(doc).campaign).toBeNull();
  });
});

describe('headers', () => {
  it('every HTML answer has the security headers of the contract', async () => {
    const res = await get('/');
    expect(res.headers['content-security-policy']).toMatch(/object-src 'none'/);
    expect(res.headers['content-security-policy']).toMatch(/base-uri/);
    expect(res.headers['content-security-policy']).toMatch(/'strict-dynamic'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
