/** Home, category and search pages through HTTP: content, markers, pagination edges, 400s. */
import request from 'supertest';
import { failWith } from '../support/fake-upstream';
import { parseHtml } from '../support/html';
import { useTestApp } from '../support/test-app';

const t = useTestApp();

const get = (path: string, host = 'example.com') => request(t.app).get(path).set('Host', host);
const cardLinks = (doc: Document, section: string) => [...doc.querySelectorAll(`#${section} .card-title a`)].map((a) => a.getAttribute('href'));

describe('home', () => {
  it("lists the site's final_articles with title, excerpt, category and date", async () => {
    const doc = parseHtml((await get('/')).text);
    const cards = [...doc.querySelectorAll('#home-articles .card')];
    expect(cards).toHaveLength(3);
    const first = cards[0] as Element;
    expect(first.querySelector('.card-title a')?.textContent).toBe('Question number 13?');
    expect(first.querySelector('.card-title a')?.getAttribute('href')).toBe('/article-13');
    expect(first.querySelector('.card-excerpt')?.textContent).toBe('Short answer 13.');
    expect(first.querySelector('.card-meta a')?.getAttribute('href')).toBe('/category/beta');
    expect(first.querySelector('.card-meta time')?.getAttribute('datetime')).toBe('2026-10-13T08:00:00.000Z');
    expect(doc.querySelector('h1')?.textContent).toBe('Example Domain');
  });

  it('has an empty state when the site has no final_articles, or their call fails', async () => {
    expect(parseHtml((await get('/', 'check-only.test')).text).querySelector('#home-articles .empty')).not.toBeNull();
    t.upstream.override('/api/article/home', failWith.status(500));
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(parseHtml(res.text).querySelector('#home-articles .empty')).not.toBeNull();
    expect(t.logs.events('upstream.fetch_failed')[0]).toMatchObject({ status: 500 });
  });
});

describe('category pagination', () => {
  it('page 1: newest first, 10, a next link and no previous', async () => {
    const doc = parseHtml((await get('/category/beta')).text);
    expect(cardLinks(doc, 'category-articles')).toEqual(Array.from({ length: 10 }, (_, i) => `/article-${25 - i}`));
    expect(doc.querySelector('a[rel=prev]')).toBeNull();
    expect(doc.querySelector('a[rel=next]')?.getAttribute('href')).toBe('/category/beta?page=2');
    expect(doc.querySelector('.pager-status')?.textContent).toBe('Page 1 of 2');
    expect(t.upstream.callsTo('/api/article/list')[0]?.query).toEqual({ category: 'cat-b', type: 'domains', domains: 'dom-example', page: '1', limit: '10' });
  });

  it('?page=1 is page 1', async () => {
    expect(cardLinks(parseHtml((await get('/category/beta?page=1')).text), 'category-articles')[0]).toBe('/article-25');
  });

  it('the last page: the rest, a previous link and no next', async () => {
    const doc = parseHtml((await get('/category/beta?page=2')).text);
    expect(cardLinks(doc, 'category-articles')).toEqual(['/article-15', '/article-14', '/article-13']);
    expect(doc.querySelector('a[rel=prev]')?.getAttribute('href')).toBe('/category/beta');
    expect(doc.querySelector('a[rel=next]')).toBeNull();
  });

  it('past the last page is a 404 inside the shell', async () => {
    const res = await get('/category/beta?page=3');
    expect(res.status).toBe(404);
    expect(parseHtml(res.text).getElementById('site-header')).not.toBeNull();
  });

  it.each(['0', '-1', '1.5', 'abc', '10001', '', '1e3', '02'])('?page=%s is a 404: no such page', async (page) => {
    expect((await get(`/category/beta?page=${page}`)).status).toBe(404);
  });

  it('exactly 10 articles make one page: no pager, and page 2 is a 404', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ _id: `a${i + 1}`, slug: `article-${i + 1}`, domains: ['dom-example'], title: `Q${i + 1}` }));
    t.upstream.override('/api/article/list', failWith.json({ data: ten, total: 10 }));
    const doc = parseHtml((await get('/category/beta')).text);
    expect(doc.querySelectorAll('#category-articles .card')).toHaveLength(10);
    expect(doc.querySelector('.pager')).toBeNull();
    expect((await get('/category/beta?page=2')).status).toBe(404);
  });

  it('an empty category shows page 1 with an empty state; page 2 is a 404', async () => {
    const res = await get('/category/empty', 'rich.test');
    expect(res.status).toBe(200);
    const doc = parseHtml(res.text);
    expect(doc.querySelector('#category-articles .empty')).not.toBeNull();
    expect(doc.querySelector('.pager')).toBeNull();
    expect((await get('/category/empty?page=2', 'rich.test')).status).toBe(404);
  });

  it('the category name and description head the page', async () => {
    const doc = parseHtml((await get('/category/beta')).text);
    expect(doc.querySelector('h1')?.textContent).toBe('Beta');
    expect(doc.querySelector('.lede')?.textContent).toBe('All about beta');
  });
});

describe('search', () => {
  it('shows results without the shell, paginated, with a count', async () => {
    const res = await get('/?s=question');
    expect(res.status).toBe(200);
    const doc = parseHtml(res.text);
    expect(doc.getElementById('site-header')).toBeNull();
    expect(doc.querySelector('.result-count')?.textContent).toBe('25 answers found');
    expect(cardLinks(doc, 'search-results')).toHaveLength(10);
    expect(doc.querySelector('a[rel=next]')?.getAttribute('href')).toBe('/?s=question&page=2');
    const third = parseHtml((await get('/?s=question&page=3')).text);
    expect(cardLinks(third, 'search-results')).toHaveLength(5);
    expect(third.querySelector('a[rel=prev]')?.getAttribute('href')).toBe('/?s=question&page=2');
    expect((await get('/?s=question&page=4')).status).toBe(404);
    expect(t.upstream.callsTo('/api/article/search')[0]?.query).toEqual({ q: 'question', type: 'domains', domains: 'dom-example', page: '1', limit: '10' });
  });

  it('has an empty state for no match and for an empty query (which asks nothing upstream)', async () => {
    const none = parseHtml((await get('/?s=zzzz')).text);
    expect(none.querySelector('#search-results .empty')?.textContent).toMatch(/No answers match/);
    t.upstream.calls.length = 0;
    const empty = parseHtml((await get('/?s=')).text);
    expect(empty.querySelector('h1')?.textContent).toBe('Search');
    expect(empty.querySelector('#search-results .empty')).not.toBeNull();
    expect(t.upstream.callsTo('/api/article/search')).toHaveLength(0);
  });

  it('shows the query escaped, in the heading, the title and the search box', async () => {
    const query = '"><img src=x onerror=alert(1)>';
    const res = await get(`/?s=${encodeURIComponent(query)}`);
    expect(res.text).not.toContain('<img src=x');
    const doc = parseHtml(res.text);
    expect(doc.querySelector('h1')?.textContent).toBe(`Search results for “${query}”`);
    expect(doc.title).toBe(`Search: ${query} | Example Domain`);
    expect(doc.querySelector<HTMLInputElement>('#search-input')?.getAttribute('value')).toBe(query);
    expect(doc.querySelectorAll('img')).toHaveLength(0);
  });

  it.each([
    ['201 characters', `/?s=${'a'.repeat(201)}`, /at most 200 characters/],
    ['a NUL', '/?s=a%00b', /control characters/],
    ['an escape sequence', '/?s=%1B%5B31m', /control characters/],
    ['a newline', '/?s=bread%0A', /control characters/],
  ])('%s: a clear 400 page without the shell, and no upstream search', async (_name, path, message) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    const doc = parseHtml(res.text);
    expect(doc.querySelector('h1')?.textContent).toBe('Bad request');
    expect(doc.querySelector('main')?.textContent).toMatch(message);
    expect(doc.querySelector('main a[href="/"]')).not.toBeNull();
    expect(doc.getElementById('site-header')).toBeNull();
    expect(t.upstream.callsTo('/api/article/search')).toHaveLength(0);
  });

  it('200 characters, or 200 emoji, are fine', async () => {
    expect((await get(`/?s=${'a'.repeat(200)}`)).status).toBe(200);
    expect((await get(`/?s=${encodeURIComponent('😀'.repeat(200))}`)).status).toBe(200);
  });

  it('a search failing upstream is logged and shows the empty state', async () => {
    t.upstream.override('/api/article/search', failWith.reset());
    const res = await get('/?s=question');
    expect(res.status).toBe(200);
    expect(parseHtml(res.text).querySelector('#search-results .empty')).not.toBeNull();
    expect(t.logs.events('upstream.fetch_failed')).toHaveLength(1);
  });
});
