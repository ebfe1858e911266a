import { articleJsonLd, breadcrumbJsonLd, collectionPageJsonLd, websiteJsonLd } from '../../../../src/server/seo/structured-data';

const publisher = { name: 'Site', url: 'https://s.example/' };
const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe('JSON-LD builders', () => {
  it('Article leaves out what it does not have and falls back to datePublished for dateModified', () => {
    const data = roundTrip(articleJsonLd({ url: 'https://s.example/a', headline: 'Q?', datePublished: '2026-01-01T00:00:00.000Z', publisher }));
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      '@id': 'https://s.example/a#article',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://s.example/a' },
      url: 'https://s.example/a',
      headline: 'Q?',
      datePublished: '2026-01-01T00:00:00.000Z',
      dateModified: '2026-01-01T00:00:00.000Z',
      inLanguage: 'en',
      publisher: { '@type': 'Organization', name: 'Site', url: 'https://s.example/' },
    });
  });

  it('BreadcrumbList numbers its items from 1', () => {
    expect(roundTrip(breadcrumbJsonLd([{ name: 'Home', url: 'https://s.example/' }, { name: 'A', url: 'https://s.example/a' }])).itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://s.example/' },
      { '@type': 'ListItem', position: 2, name: 'A', item: 'https://s.example/a' },
    ]);
  });

  it('WebSite carries a SearchAction with its url template', () => {
    const data = roundTrip(websiteJsonLd({ name: 'Site', url: 'https://s.example/', searchUrlTemplate: 'https://s.example/?s={search_term_string}', publisher }));
    expect(data.potentialAction).toEqual({ '@type': 'SearchAction', target: { '@type': 'EntryPoint', urlTemplate: 'https://s.example/?s={search_term_string}' }, 'query-input': 'required name=search_term_string' });
  });

  it('CollectionPage lists its items', () => {
    const data = roundTrip(collectionPageJsonLd({ name: 'C', url: 'https://s.example/category/c', website: { name: 'Site', url: 'https://s.example/' }, items: [{ name: 'A', url: 'https://s.example/a' }] }));
    expect(data['@type']).toBe('CollectionPage');
    expect(data.mainEntity).toEqual({ '@type': 'ItemList', itemListElement: [{ '@type': 'ListItem', position: 1, url: 'https://s.example/a', name: 'A' }] });
  });
});
