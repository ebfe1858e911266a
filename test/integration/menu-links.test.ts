/**
 * Menu and footer links from a site record: only http(s) and relative URLs reach the page, and a
 * malformed link is dropped (and reported once) without failing the record.
 */
import request from 'supertest';
import { testDataset } from '../fixtures/dataset';
import { appStateOf, parseHtml } from '../support/html';
import { useTestApp } from '../support/test-app';

const links = [
  { label: 'About', url: '/about' },
  { label: 'Partner', url: 'https://partner.example.org/' },
  { label: 'Inline', url: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' },
  { label: 'Script', url: 'javascript:alert(document.cookie)' },
  { label: 'Spaced script', url: ' java\tscript:alert(1)' },
];
const t = useTestApp({ dataset: { ...testDataset, global: { ...testDataset.global, menu: { ...testDataset.global.menu, other_menu_option: links } } } });

describe('menu and footer links', () => {
  it('drops data: and javascript: URLs, keeps http(s) and relative ones, in the HTML and the app-state', async () => {
    const res = await request(t.app).get('/').set('Host', 'unknown-site.example.net');
    expect(res.status).toBe(200);
    const doc = parseHtml(res.text);
    const footerLinks = [...doc.querySelectorAll('#site-footer a')].map((a) => a.getAttribute('href'));
    expect(footerLinks).toEqual(expect.arrayContaining(['/about', 'https://partner.example.org/']));
    expect(appStateOf(doc).menu.other).toEqual([links[0], links[1]]);
    expect(res.text).not.toMatch(/javascript:|data:text\/html|java\tscript/i);
  });
});

describe('a malformed menu link', () => {
  const malformed = [{ url: '/no-label' }, 'Contact', { label: 'About', url: '/about' }];
  const m = useTestApp({ dataset: { ...testDataset, global: { ...testDataset.global, menu: { ...testDataset.global.menu, other_menu_option: malformed } } } });

  it('is dropped and reported once: the site and its other links stay', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await request(m.app).get('/').set('Host', 'unknown-site.example.net');
      expect(res.status).toBe(200);
      expect(appStateOf(parseHtml(res.text)).menu.other).toEqual([{ label: 'About', url: '/about' }]);
    }
    expect(m.logs.events('site.lookup_failed')).toEqual([]);
    const reported = m.logs.events('settings.invalid_field');
    expect(reported.map((line) => [line.field, line.value])).toEqual([
      ['menu.other_menu_option', '{"url":"/no-label"}'],
      ['menu.other_menu_option', '"Contact"'],
    ]);
  });
});
