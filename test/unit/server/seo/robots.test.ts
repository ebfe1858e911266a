import { robotsTxt } from '../../../../src/server/seo/robots';

describe('robotsTxt', () => {
  it('names the sitemap on the origin and disallows the private routes and the search view', () => {
    const lines = robotsTxt('https://cooking.example.com', '').split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /login', 'Disallow: /dashboard', 'Disallow: /fortified-portal', 'Disallow: /?s=', 'Disallow: /?*&s=', 'Sitemap: https://cooking.example.com/sitemap.xml']));
    expect(lines.filter((line) => line === 'Disallow: /')).toHaveLength(0);
  });

  it('names the paths and the sitemap under the base path', () => {
    const lines = robotsTxt('https://example.com/answers', '/answers').split('\n');
    expect(lines).toContain('Sitemap: https://example.com/answers/sitemap.xml');
    expect(lines.filter((line) => line.startsWith('Disallow:')).sort()).toEqual([
      'Disallow: /answers/?*&s=',
      'Disallow: /answers/?s=',
      'Disallow: /answers/dashboard',
      'Disallow: /answers/fortified-portal',
      'Disallow: /answers/login',
    ]);
  });
});
