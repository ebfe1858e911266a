/**
 * schema.org JSON-LD for the pages (Google's Article, BreadcrumbList, WebSite with SearchAction,
 * CollectionPage). Pure. No FAQPage (Google no longer shows FAQ rich results) and no QAPage (it
 * is for pages where readers post answers). Fields without a value are left out.
 */
import type { JsonLd } from '../../shared/components/Document';

const CONTEXT = 'https://schema.org';

export interface Publisher {
  readonly name: string;
  /** The site's home page. */
  readonly url: string;
  readonly logo?: string | undefined;
}

export interface ImageRef {
  readonly url: string;
  readonly width?: number | undefined;
  readonly height?: number | undefined;
}

export interface Crumb {
  readonly name: string;
  readonly url: string;
}

function organization(publisher: Publisher): JsonLd {
  return {
    '@type': 'Organization',
    name: publisher.name,
    url: publisher.url,
    logo: publisher.logo ? { '@type': 'ImageObject', url: publisher.logo } : undefined,
  };
}

export function articleJsonLd(article: {
  readonly url: string;
  readonly headline: string;
  readonly description?: string | undefined;
  readonly image?: ImageRef | undefined;
  readonly author?: string | undefined;
  readonly datePublished?: string | undefined;
  readonly dateModified?: string | undefined;
  readonly section?: string | undefined;
  readonly publisher: Publisher;
}): JsonLd {
  const { image } = article;
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    '@id': `${article.url}#article`,
    mainEntityOfPage: { '@type': 'WebPage', '@id': article.url },
    url: article.url,
    headline: article.headline,
    description: article.description,
    image: image ? { '@type': 'ImageObject', url: image.url, width: image.width, height: image.height } : undefined,
    author: article.author ? { '@type': 'Person', name: article.author } : undefined,
    datePublished: article.datePublished,
    dateModified: article.dateModified ?? article.datePublished,
    articleSection: article.section,
    inLanguage: 'en',
    publisher: organization(article.publisher),
  };
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/** The site, with the search box Google may show: `urlTemplate` holds `{search_term_string}`. */
export function websiteJsonLd(site: { readonly name: string; readonly url: string; readonly description?: string | undefined; readonly searchUrlTemplate: string; readonly publisher: Publisher }): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${site.url}#website`,
    name: site.name,
    url: site.url,
    description: site.description,
    inLanguage: 'en',
    publisher: organization(site.publisher),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: site.searchUrlTemplate },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function collectionPageJsonLd(page: { readonly name: string; readonly description?: string | undefined; readonly url: string; readonly website: Crumb; readonly items: readonly Crumb[] }): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'CollectionPage',
    '@id': page.url,
    name: page.name,
    description: page.description,
    url: page.url,
    inLanguage: 'en',
    isPartOf: { '@type': 'WebSite', name: page.website.name, url: page.website.url },
    mainEntity: {
      '@type': 'ItemList',
      itemListElement: page.items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, url: item.url, name: item.name })),
    },
  };
}
