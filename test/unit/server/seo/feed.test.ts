import { feedLastmod, newestArticles, rssXml } from '../../../../src/server/seo/feed';
import type { Article } from '../../../../src/shared/records';
import { parseXml } from '../../../support/html';

const article = (id: string, publishedAt: string | null): Article => ({ _id: id, slug: id, domains: [], title: id, excerpt: '', body: '', publishedAt });

describe('newestArticles', () => {
  it('sorts newest first, undated last, each once, at most count', () => {
    const list = [article('old', '2026-01-01T00:00:00Z'), article('none', null), article('new', '2026-03-01T00:00:00Z'), article('old', '2026-01-01T00:00:00Z'), article('mid', '2026-02-01T00:00:00Z')];
    expect(newestArticles(list).map((a) => a._id)).toEqual(['new', 'mid', 'old', 'none']);
    expect(newestArticles(list, 2).map((a) => a._id)).toEqual(['new', 'mid']);
  });
});

describe('rssXml', () => {
  const channel = { title: 'Site & Co', link: 'https://s.example/', description: 'About <things>', origin: 'https://s.example' };

  it('is well-formed RSS 2.0 with a self link, RFC 822 dates and escaped content', () => {
    const xml = rssXml(channel, [
      { title: 'A </title> & "b"', link: 'https://s.example/a', description: 'x\u0001y', contentHtml: '<p>Hi ]]> there</p>', author: 'Ann', category: 'Cat', published: '2026-06-03T08:00:00.000Z' },
      { title: 'Undated', link: 'https://s.example/b' },
    ]);
    const doc = parseXml(xml);
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const text = (parent: Element | Document, name: string) => parent.getElementsByTagName(name)[0]?.textContent;
    expect(text(doc, 'title')).toBe('Site & Co');
    expect(text(doc, 'description')).toBe('About <things>');
    expect(text(doc, 'lastBuildDate')).toBe('Wed, 03 Jun 2026 08:00:00 GMT');
    const self = doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0];
    expect(self?.getAttribute('href')).toBe('https://s.example/feed.xml');
    expect(self?.getAttribute('rel')).toBe('self');
    const [first, second] = [...doc.getElementsByTagName('item')];
    expect(text(first as Element, 'title')).toBe('A </title> & "b"');
    expect(text(first as Element, 'guid')).toBe('https://s.example/a');
    expect(first?.getElementsByTagName('guid')[0]?.getAttribute('isPermaLink')).toBe('true');
    expect(text(first as Element, 'description')).toBe('xy');
    expect(first?.getElementsByTagNameNS('http://purl.org/rss/1.0/modules/content/', 'encoded')[0]?.textContent).toBe('<p>Hi ]]> there</p>');
    expect(first?.getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', 'creator')[0]?.textContent).toBe('Ann');
    expect(text(first as Element, 'pubDate')).toBe('Wed, 03 Jun 2026 08:00:00 GMT');
    expect(second?.getElementsByTagName('pubDate')).toHaveLength(0);
  });

  it('lastBuildDate is the newest change of an item (its lastmod, else its publication)', () => {
    const items = [
      { title: 'a', link: 'https://s.example/a', published: '2026-06-03T08:00:00.000Z' },
      { title: 'b', link: 'https://s.example/b', published: '2026-05-01T08:00:00.000Z', lastmod: '2026-06-10T12:00:00.000Z' },
    ];
    expect(feedLastmod(items)).toBe('2026-06-10T12:00:00.000Z');
    expect(parseXml(rssXml(channel, items)).getElementsByTagName('lastBuildDate')[0]?.textContent).toBe('Wed, 10 Jun 2026 12:00:00 GMT');
    expect(feedLastmod([])).toBeUndefined();
  });

  it('without items still has its channel fields', () => {
    const doc = parseXml(rssXml(channel, []));
    expect(doc.getElementsByTagName('item')).toHaveLength(0);
    expect(doc.getElementsByTagName('lastBuildDate')).toHaveLength(0);
    expect(doc.getElementsByTagName('link')[0]?.textContent).toBe('https://s.example/');
  });
});
