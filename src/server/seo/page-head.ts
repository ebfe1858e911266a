/**
 * The head of each indexable page: title, meta description, canonical URL, Open Graph and
 * Twitter card, JSON-LD. Everything is derived from the resolved site and the site's origin.
 */
import type { Article, Category } from '../../shared/records';
import { summarize } from '../../shared/format';
import { factsOf } from '../content/article-facts';
import { keptFromSecondUse, keptPerRecord } from '../memory/kept-per-record';
import type { PageHead } from '../../shared/components/Document';
import type { Site } from '../site/site';
import { articleJsonLd, breadcrumbJsonLd, collectionPageJsonLd, websiteJsonLd, type Crumb, type Publisher } from './structured-data';
import { absoluteHttpUrl, pageQuery, siteUrl } from '../routing/site-urls';

export const articlePath = (slug: string) => `/${encodeURIComponent(slug)}`;
export const categoryPath = (slug: string) => `/category/${encodeURIComponent(slug)}`;

export function publisherOf(site: Site, origin: string): Publisher {
  return { name: site.name, url: siteUrl(origin, '/'), logo: absoluteHttpUrl(site.setting.config.igp_settings.logo, origin) };
}

function siteDescription(site: Site): string | undefined {
  const text = site.setting.config.igp_settings.description;
  return text ? summarize(text) : undefined;
}

const homeCrumb = (site: Site, origin: string): Crumb => ({ name: site.name, url: siteUrl(origin, '/') });

/**
 * The home page's head, kept with its Site (one object while the site's records are unchanged)
 * for the origin it was made for: the head's markup is then kept with it (render/site-chrome.tsx).
 */
export const homeHead = keptPerRecord((site: Site, origin: string): PageHead => {
  const url = siteUrl(origin, '/');
  const description = siteDescription(site);
  const publisher = publisherOf(site, origin);
  return {
    title: site.name,
    description,
    canonical: url,
    social: { type: 'website', title: site.name, description, url, siteName: site.name, image: publisher.logo ? { url: publisher.logo, alt: site.name } : undefined },
    structuredData: [websiteJsonLd({ name: site.name, url, description, searchUrlTemplate: `${url}?s={search_term_string}`, publisher })],
  };
});

/**
 * The head an article's page was last given, kept from its second view with the article record
 * (the data cache's object, the same until the API answers anew) for the site, origin and
 * category it was made for: every later view asks for the same head, and its markup is then
 * kept with it (render/site-chrome.tsx). One entry per article, so it is as bounded as the data
 * cache; an article viewed once keeps nothing.
 */
const keptArticleHead = keptFromSecondUse((article: Article, site: Site, origin: string, category: Category | undefined) => articleHeadOf(site, origin, article, category));

export function articleHead(site: Site, origin: string, article: Article, category: Category | undefined): PageHead {
  return keptArticleHead(article, site, origin, category);
}

function articleHeadOf(site: Site, origin: string, article: Article, category: Category | undefined): PageHead {
  const url = siteUrl(origin, articlePath(article.slug));
  const headline = article.title || article.slug;
  const facts = factsOf(article);
  const description = facts.summary ?? siteDescription(site);
  const imageUrl = absoluteHttpUrl(article.image?.url, origin);
  const image = imageUrl ? { url: imageUrl, width: article.image?.width, height: article.image?.height, alt: article.image?.alt || undefined } : undefined;
  const published = facts.publishedIso;
  const modified = facts.modifiedIso;
  const crumbs: Crumb[] = [homeCrumb(site, origin)];
  if (category) crumbs.push({ name: category.name, url: siteUrl(origin, categoryPath(category.slug)) });
  crumbs.push({ name: headline, url });
  return {
    title: `${headline} | ${site.name}`,
    description,
    canonical: url,
    social: { type: 'article', title: headline, description, url, siteName: site.name, image, publishedTime: published, modifiedTime: modified, section: category?.name },
    structuredData: [
      articleJsonLd({ url, headline, description, image, author: article.author?.name, datePublished: published, dateModified: modified, section: category?.name, publisher: publisherOf(site, origin) }),
      breadcrumbJsonLd(crumbs),
    ],
  };
}

interface CategoryListing {
  readonly page: number;
  readonly pages: number;
  /** The page's articles as the data cache answered them (one array until the API answers anew). */
  readonly articles: readonly { readonly title: string; readonly slug: string }[];
}

/** A category page's head, kept with the listing it names, for the site, origin and category it was made for. */
const keptCategoryHead = keptPerRecord((articles: CategoryListing['articles'], site: Site, origin: string, category: Category, page: number, pages: number) =>
  categoryHeadOf(site, origin, category, { articles, page, pages }),
);

export function categoryHead(site: Site, origin: string, category: Category, listing: CategoryListing): PageHead {
  return keptCategoryHead(listing.articles, site, origin, category, listing.page, listing.pages);
}

/** A category page; pages after the first are their own canonical URL (`?page=N`). */
function categoryHeadOf(site: Site, origin: string, category: Category, listing: CategoryListing): PageHead {
  const url = siteUrl(origin, categoryPath(category.slug), pageQuery(listing.page));
  const name = listing.page > 1 ? `${category.name} (page ${listing.page} of ${listing.pages})` : category.name;
  const description = summarize(category.description || `Answers about ${category.name} from ${site.name}.`);
  const home = homeCrumb(site, origin);
  return {
    title: `${name} | ${site.name}`,
    description,
    canonical: url,
    social: { type: 'website', title: name, description, url, siteName: site.name },
    structuredData: [
      collectionPageJsonLd({ name, description, url, website: home, items: listing.articles.map((item) => ({ name: item.title || item.slug, url: siteUrl(origin, articlePath(item.slug)) })) }),
      breadcrumbJsonLd([home, { name: category.name, url: siteUrl(origin, categoryPath(category.slug)) }]),
    ],
  };
}
