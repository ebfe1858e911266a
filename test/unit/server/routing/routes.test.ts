import { SITE_FILE_TABLE, isValidSlug, matchRoute, pagePathOf, ROUTE_TABLE } from '../../../../src/server/routing/routes';

describe('route table', () => {
  it.each([
    ['/', false, 'home', true, true, true],
    ['/', true, 'search', false, false, true],
    ['/some-article', false, 'article', true, true, true],
    ['/some-article/', false, 'article', true, true, true],
    ['/category/baking', false, 'category', true, true, true],
    ['/fortified-portal', false, 'fortified-portal', false, false, false],
    ['/login', false, 'login', false, false, true],
    ['/dashboard', false, 'dashboard', false, false, true],
    ['/a/b/c', false, 'not-found', true, false, true],
    ['/category/a/b', false, 'not-found', true, false, true],
  ])('%s (s=%p) is %s: shell %p, ads %p, analytics %p', (path, hasSearch, name, shell, ads, analytics) => {
    const { rule } = matchRoute(path, hasSearch);
    expect(rule).toMatchObject({ name, shell, ads, analytics });
  });

  it('decodes the index and treats bad percent-encoding as not found', () => {
    const match = matchRoute('/caf%C3%A9', false);
    expect(match.kind === 'page' && match.index).toBe('café');
    expect(matchRoute('/%E0%A4%A', false).rule.name).toBe('not-found');
  });

  it('only /fortified-portal has no analytics', () => {
    expect(Object.values(ROUTE_TABLE).filter((rule) => !rule.analytics).map((rule) => rule.name)).toEqual(['fortified-portal']);
  });

  it('accepts slugs of letters, digits and hyphens only', () => {
    expect(isValidSlug('why-bread-2')).toBe(true);
    expect(isValidSlug('../etc')).toBe(false);
    expect(isValidSlug('a'.repeat(201))).toBe(false);
  });

  it.each([
    ['/robots.txt', 'robots', undefined],
    ['/sitemap.xml', 'sitemap', undefined],
    ['/sitemap-1.xml', 'sitemap', 1],
    ['/sitemap-9999.xml', 'sitemap', 9999],
    ['/feed.xml', 'feed', undefined],
  ])('%s is the %s document (part %p)', (path, name, part) => {
    const match = matchRoute(path, false);
    expect(match).toEqual(part === undefined ? { kind: 'site-file', rule: SITE_FILE_TABLE[name as 'robots'] } : { kind: 'site-file', rule: SITE_FILE_TABLE.sitemap, part });
  });

  it.each(['/sitemap-0.xml', '/sitemap-01.xml', '/sitemap-10000.xml', '/sitemap-x.xml', '/robots.txt/', '/feed.xml/x', '/category/feed.xml'])('%s is no document', (path) => {
    expect(matchRoute(path, false).kind).toBe('page');
  });

  it('documents say what they are', () => {
    expect(SITE_FILE_TABLE.robots.contentType).toMatch(/^text\/plain/);
    expect(SITE_FILE_TABLE.sitemap.contentType).toMatch(/^application\/xml/);
    expect(SITE_FILE_TABLE.feed.contentType).toMatch(/^application\/rss\+xml/);
  });
});

describe('pagePathOf: the one spelling of a page path', () => {
  it('drops a trailing slash and decodes the slug of articles and categories; fixed pages and the home have one path', () => {
    const pathOf = (path: string) => pagePathOf(matchRoute(path, false), path);
    expect(['/why-bread', '/why-bread/', '/%77hy-bread', '/why%2Dbread/'].map(pathOf)).toEqual(['/why-bread', '/why-bread', '/why-bread', '/why-bread']);
    expect(['/category/alpha/', '/category/%61lpha'].map(pathOf)).toEqual(['/category/alpha', '/category/alpha']);
    expect(['/', '//', '/login/', '/dashboard'].map(pathOf)).toEqual(['/', '/', '/login', '/dashboard']);
    // No slug: its own spelling (a 404, never kept); documents: their exact path.
    expect(['/a%2Fb', '/%ZZ', '/robots.txt'].map(pathOf)).toEqual(['/a%2Fb', '/%ZZ', '/robots.txt']);
  });
});
