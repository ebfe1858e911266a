/** The article page through HTTP: content, markers, the new-articles list and its catalogue. */
import request from 'supertest';
import { failWith } from '../support/fake-upstream';
import { appStateOf, parseHtml } from '../support/html';
import { HANG_TIMEOUT_MS, useTestApp } from '../support/test-app';

const t = useTestApp();

const get = (path: string, host = 'sub.example.com') => request(t.app).get(path).set('Host', host);
const newArticleLinks = (doc: Document) => [...doc.querySelectorAll('#new-articles a')].map((a) => a.getAttribute('href'));
const ref = (n: number) => ({ _id: `a${n}`, slug: `article-${n}`, domains: ['sub-a'], title: `Question number ${n}?` });

describe('the article itself', () => {
  it('has the question as its only h1, the body, category link, author and dates', async () => {
    const res = await get('/article-3');
    expect(res.status).toBe(200);
    const doc = parseHtml(res.text);
    expect([...doc.querySelectorAll('h1')].map((h) => h.textContent)).toEqual(['Question number 3?']);
    expect(doc.querySelector('.article-body')?.innerHTML).toBe('<p>Answer body 3.</p>');
    expect(doc.querySelector('.article-category')?.getAttribute('href')).toBe('/category/alpha');
    expect(doc.querySelector('.article-category')?.textContent).toBe('Alpha');
    expect(doc.querySelector('.article-author')?.textContent).toBe('By Author 3');
    const times = [...doc.querySelectorAll('.article-meta time')].map((time) => [time.getAttribute('datetime'), time.textContent]);
    expect(times).toEqual([
      ['2026-10-03T08:00:00.000Z', '3 October 2026'],
      ['2026-10-03T09:00:00.000Z', '3 October 2026'],
    ]);
  });

  it('shows the lead image with width and height, eagerly (it is above the fold)', async () => {
    const img = parseHtml((await get('/lead-image-answer', 'rich.test')).text).querySelector('img.article-image');
    expect(img?.getAttribute('src')).toBe('https://cdn.example.com/lead.jpg');
    expect(img?.getAttribute('width')).toBe('1200');
    expect(img?.getAttribute('height')).toBe('800');
    expect(img?.getAttribute('alt')).toBe('A lead image');
    expect(img?.getAttribute('loading')).toBeNull();
  });

  it('leaves out a lead image whose URL is not an image URL', async () => {
    const res = await get('/bad-image-url', 'rich.test');
    expect(res.status).toBe(200);
    expect(parseHtml(res.text).querySelector('img.article-image')).toBeNull();
    expect(res.text).not.toContain('javascript:');
  });

  it('an article of another site is not found here', async () => {
    expect((await get('/lead-image-answer', 'sub.example.com')).status).toBe(404);
  });
});

describe('sanitizer probes through the page', () => {
  it('no script, handler, javascript: or data: URL survives in the body; images lazy, external links noopener', async () => {
    const doc = parseHtml((await get('/lead-image-answer', 'rich.test')).text);
    const body = doc.querySelector('.article-body');
    expect(body?.querySelectorAll('script, iframe, object, style, svg, form, input, h1')).toHaveLength(0);
    const everything = [...(body?.querySelectorAll('*') ?? [])];
    expect(everything.flatMap((el) => el.getAttributeNames()).filter((name) => name.startsWith('on') || name === 'style' || name === 'target')).toEqual([]);
    expect(body?.innerHTML).not.toMatch(/javascript:|data:|alert/i);
    expect(body?.querySelector('h2')?.textContent).toBe('Body heading');
    const images = [...(body?.querySelectorAll('img') ?? [])];
    expect(images.map((img) => [img.getAttribute('src'), img.getAttribute('loading'), img.getAttribute('decoding')])).toEqual([['https://cdn.example.com/in-body.png', 'lazy', 'async'], [null, 'lazy', 'async']]);
    const links = [...(body?.querySelectorAll('a') ?? [])].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')]);
    expect(links).toEqual([
      ['js link', null, null],
      ['mixed case', null, null],
      ['external', 'https://other.example.org/page', 'noopener'],
      ['local', '/local-page', null],
    ]);
    // The page's only executable scripts are the hashed saved-theme script and loader, and React's reveal scripts, which carry the response's nonce.
    const executable = [...doc.querySelectorAll('script')].filter((s) => !s.type || s.type === 'module' || s.type === 'text/javascript');
    expect(executable.filter((script) => !script.hasAttribute('nonce'))).toHaveLength(2);
  });

  it('a </script> and U+2028 in a title stay text: in <title>, h1, JSON-LD and the new-articles list', async () => {
    const res = await get('/hostile-title', 'rich.test');
    expect(res.status).toBe(200);
    const doc = parseHtml(res.text);
    expect(doc.querySelector('h1')?.textContent).toBe('Close </script><script>alert("title")</script> \u2028 & "quotes"');
    expect(doc.title).toBe('Close </script><script>alert("title")</script> \u2028 & "quotes" | Rich Answers');
    expect(res.text.match(/<script(?! nonce=)/g)).toHaveLength(5); // saved theme, two JSON-LD, app-state, loader (and React's nonce scripts)
    expect(res.text).not.toContain('alert("title")</script>');
    const ld = [...doc.querySelectorAll('script[type="application/ld+json"]')];
    expect(ld.every((script) => !/[<>\u2028]/.test(script.textContent ?? ''))).toBe(true);
    expect((JSON.parse(ld[0]?.textContent ?? '') as { headline: string }).headline).toBe('Close </script><script>alert("title")</script> \u2028 & "quotes"');
    const other = parseHtml((await get('/lead-image-answer', 'rich.test')).text);
    expect([...other.querySelectorAll('#new-articles a')].map((a) => a.textContent)).toContain('Close </script><script>alert("title")</script> \u2028 & "quotes"');
  });

  it('a </script> and U+2028 in a menu name and a campaign headline stay inside the app-state', async () => {
    const res = await get('/?utm_id=hostile', 'rich.test');
    const raw = /<script id="app-state" type="application\/json">([^<]*)<\/script>/.exec(res.text)?.[1] ?? '';
    expect(raw).not.toMatch(/[\u2028\u2029]/);
    const doc = parseHtml(res.text);
    const state = appStateOf(doc);
    expect(state.menu.categories[0]?.name).toBe('Rich </script><script>alert(1)</script>\u2028line');
    expect(state.campaign?.headline).toBe('</script><script>alert("campaign")</script>,line\u2028break');
    expect(doc.getElementById('campaign-headline')?.textContent).toBe('</script><script>alert("campaign")</script>,line\u2028break');
    expect(doc.querySelectorAll('script')).toHaveLength(4); // saved theme, JSON-LD, app-state, loader
  });
});

describe('new articles', () => {
  it('findnew is asked with the article slug, _id, domains and limit 9', async () => {
    await get('/article-7');
    const call = t.upstream.callsTo('/api/article/findnew')[0];
    expect(JSON.parse(call?.query.article ?? '')).toEqual({ slug: 'article-7', _id: 'a7', domains: ['sub-a', 'dom-example'] });
    expect(call?.query.limit).toBe('9');
  });

  it('4 found -> 9 shown: findnew first, then final_articles order, no duplicates, never the current article', async () => {
    // findnew answers 4 articles, one of them twice, and the current article.
    t.upstream.override('/api/article/findnew', failWith.json({ data: [ref(11), ref(2), ref(11), ref(5), ref(9), ref(12)] }));
    const doc = parseHtml((await get('/article-5')).text);
    const links = newArticleLinks(doc);
    // Top-up of 5 from final_articles a3,a1,a2(dup),a4,a5(current),a6,a7,... -> a3,a1,a4,a6,a7.
    expect(links).toEqual(['/article-11', '/article-2', '/article-9', '/article-12', '/article-3', '/article-1', '/article-4', '/article-6', '/article-7']);
    expect(new Set(links).size).toBe(9);
    expect(links).not.toContain('/article-5');
    const home = t.upstream.callsTo('/api/article/home');
    expect(home).toHaveLength(1);
    expect(home[0]?.query).toEqual({ ids: 'a3,a1,a2,a4,a5,a6,a7,a8,a9,a10', type: 'subdomains', subdomains: 'sub-a' });
    expect(doc.querySelectorAll('#new-articles li')).toHaveLength(9);
  });

  it('9 found: no top-up call at all', async () => {
    await get('/article-12');
    expect(t.upstream.callsTo('/api/article/home')).toHaveLength(0);
  });

  it('more than 9 found: the first 9', async () => {
    t.upstream.override('/api/article/findnew', failWith.json({ data: [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12].map(ref) }));
    const links = newArticleLinks(parseHtml((await get('/article-5')).text));
    expect(links).toHaveLength(9);
    expect(links.at(-1)).toBe('/article-10');
  });

  it('fewer than 9 in all: as many as there are, with no empty section when none', async () => {
    t.upstream.override('/api/article/findnew', failWith.json({ data: [] }));
    const doc = parseHtml((await get('/bad-image-url', 'rich.test')).text);
    // rich.test's final_articles r1, r2, r3 (current) -> r1, r2.
    expect(newArticleLinks(doc)).toEqual(['/lead-image-answer', '/hostile-title']);
  });
});

describe('the findnew error catalogue: logged as the contract names it, then an empty list topped up', () => {
  const topUp = ['/article-3', '/article-1', '/article-2', '/article-4', '/article-5', '/article-6', '/article-7', '/article-8', '/article-9'];

  it.each([500, 502, 404, 429])('non-OK %i: article.findnew.http_error with the status', async (status) => {
    t.upstream.override('/api/article/findnew', failWith.status(status));
    const res = await get('/article-12');
    expect(res.status).toBe(200);
    const lines = t.logs.events('article.findnew.http_error');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, status, reqId: res.headers['x-request-id'] });
    expect(newArticleLinks(parseHtml(res.text))).toEqual(topUp);
  });

  it('invalid JSON: article.findnew.invalid_json with the first 200 characters', async () => {
    const body = `{"data": [${'x'.repeat(400)}`;
    t.upstream.override('/api/article/findnew', failWith.invalidJson(body));
    const res = await get('/article-12');
    expect(res.status).toBe(200);
    const lines = t.logs.events('article.findnew.invalid_json');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, body: body.slice(0, 200) });
    expect(newArticleLinks(parseHtml(res.text))).toEqual(topUp);
  });

  it.each([
    ['a dropped connection', failWith.reset(), 'network'],
    ['a hang past the timeout', failWith.hang(), 'timeout'],
    ['the wrong shape', failWith.json({ data: 'nine articles' }), 'shape'],
  ])('%s: upstream.fetch_failed with the url and err', async (_name, override, kind) => {
    // A short timeout for the hung call only: the page's other calls must succeed.
    if (kind === 'timeout') t.setUpstreamTimeout(HANG_TIMEOUT_MS, ['findNewArticles']);
    t.upstream.override('/api/article/findnew', override);
    const res = await get('/article-12');
    expect(res.status).toBe(200);
    const lines = t.logs.events('upstream.fetch_failed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, kind });
    expect(String(lines[0]?.url)).toContain('/api/article/findnew');
    expect(lines[0]?.err).toBeDefined();
    expect(newArticleLinks(parseHtml(res.text))).toEqual(topUp);
  });

  it('findnew and the top-up both failing: two lines, an empty list, still a 200', async () => {
    t.upstream.override('/api/article/findnew', failWith.status(500));
    t.upstream.override('/api/article/home', failWith.invalidJson());
    const res = await get('/article-12');
    expect(res.status).toBe(200);
    expect(t.logs.events('article.findnew.http_error')).toHaveLength(1);
    expect(t.logs.events('upstream.fetch_failed')).toHaveLength(1);
    expect(t.logs.events('upstream.fetch_failed')[0]).toMatchObject({ kind: 'invalid_json' });
    expect(parseHtml(res.text).getElementById('new-articles')).toBeNull();
  });
});
