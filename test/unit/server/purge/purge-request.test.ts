import { MAX_PURGE_SLUGS, purgeRequestOf } from '../../../../src/server/purge/purge-request';

describe('purgeRequestOf', () => {
  it('reads the three shapes of the contract', () => {
    expect(purgeRequestOf({ all: true })).toEqual({ scope: 'all' });
    expect(purgeRequestOf({ site: 'cooking.example.com' })).toEqual({ scope: 'site', host: 'cooking.example.com' });
    expect(purgeRequestOf({ site: 'cooking.example.com', slugs: ['a-b', 'c'] })).toEqual({ scope: 'slugs', host: 'cooking.example.com', slugs: ['a-b', 'c'] });
  });

  it('reads the host as a request host is read: lower case, no port, no trailing dot', () => {
    expect(purgeRequestOf({ site: 'Cooking.Example.com.:8080' })).toEqual({ scope: 'site', host: 'cooking.example.com' });
    expect(purgeRequestOf({ site: '[::1]:3000' })).toEqual({ scope: 'site', host: '::1' });
  });

  it('reads the shared data a site purge names as well, each once', () => {
    expect(purgeRequestOf({ site: 'a.test', shared: ['categories', 'categories'] })).toEqual({ scope: 'site', host: 'a.test', shared: ['categories'] });
    expect(purgeRequestOf({ site: 'a.test', slugs: ['x'], shared: ['global'] })).toEqual({ scope: 'slugs', host: 'a.test', slugs: ['x'], shared: ['global'] });
    expect(purgeRequestOf({ site: 'a.test', shared: [] })).toEqual({ scope: 'site', host: 'a.test' });
    expect(purgeRequestOf({ site: 'a.test', shared: ['menus'] })).toMatchObject({ error: expect.any(String) });
  });

  it('names each slug once', () => {
    expect(purgeRequestOf({ site: 'a.test', slugs: ['x', 'x'] })).toEqual({ scope: 'slugs', host: 'a.test', slugs: ['x'] });
  });

  it.each([
    [undefined],
    [null],
    [[]],
    ['all'],
    [{}],
    [{ all: false }],
    [{ all: 'true' }],
    [{ all: true, site: 'a.test' }],
    [{ site: 42 }],
    [{ site: '' }],
    [{ site: 'a b.test' }],
    [{ site: 'user@a.test' }],
    [{ site: 'a.test', slugs: [] }],
    [{ site: 'a.test', slugs: 'x' }],
    [{ site: 'a.test', slugs: ['../x'] }],
    [{ site: 'a.test', slugs: [''] }],
    [{ site: 'a.test', slugs: Array.from({ length: MAX_PURGE_SLUGS + 1 }, (_, i) => `s${i}`) }],
    [{ site: 'a.test', extra: 1 }],
  ])('refuses %j', (body) => {
    expect(purgeRequestOf(body)).toEqual({ error: expect.any(String) });
  });
});
