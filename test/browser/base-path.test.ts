/**
 * BASE_PATH in a real browser: the page under /answers loads its stylesheet and client bundle
 * from under the prefix (no console error), the client wakes up, and a menu link arrives under
 * the prefix.
 */
import { useHarness } from './support/harness';

const harness = useHarness({ basePath: '/answers' });

it('loads the assets under the prefix, wakes the client, and follows a link under the prefix', async () => {
  const { page } = await harness.open();
  await page.goto(harness.url('sub.example.com', '/answers/article-1'), { waitUntil: 'load' });
  const assets = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => new URL(entry.name).pathname.includes('/assets/')).map((entry) => [new URL(entry.name).pathname, entry.responseStatus]),
  );
  expect(assets.map(([pathname]) => String(pathname).replace(/-[A-Za-z0-9]+\./, '.')).sort()).toEqual(['/answers/assets/client.js', '/answers/assets/site.css']);
  expect(assets.every(([, status]) => status === 200)).toBe(true);
  // The stylesheet applies (the skip link is moved off screen by it) and the client's toggle works.
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('.skip-link') as Element).position)).not.toBe('static');
  await page.click('#theme-toggle');
  expect(await page.evaluate(() => document.documentElement.className)).toContain('dark');

  const link = page.locator('#category-menu a').first();
  expect(await link.getAttribute('href')).toMatch(/^\/answers\/category\//);
  await page.evaluate(() => document.querySelector('details.menu-disclosure')?.setAttribute('open', ''));
  await Promise.all([page.waitForURL(/\/answers\/category\//), link.click()]);
  expect(new URL(page.url()).pathname).toMatch(/^\/answers\/category\//);
});
