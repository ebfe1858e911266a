import { isValidSlug, matchRoute, ROUTE_TABLE } from '../../../src/server/routes';

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
});
