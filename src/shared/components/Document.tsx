import type { ReactNode } from 'react';
import { APP_STATE_ID, type AppStateScript } from '../app-state';
import { jsonForScript } from '../json-script';
import { SAVED_THEME_SCRIPT } from '../saved-theme';
import { placed, type PagePart } from './page-part';
import { BasePathProvider } from './SiteLink';

/** Open Graph and Twitter card data of a page; all URLs absolute. */
export interface SocialMeta {
  readonly type: 'website' | 'article';
  readonly title: string;
  readonly description?: string | undefined;
  readonly url: string;
  readonly siteName: string;
  readonly image?: { readonly url: string; readonly width?: number | undefined; readonly height?: number | undefined; readonly alt?: string | undefined } | undefined;
  readonly publishedTime?: string | undefined;
  readonly modifiedTime?: string | undefined;
  readonly section?: string | undefined;
}

/** One schema.org JSON-LD object. */
export type JsonLd = Readonly<Record<string, unknown>>;

export interface HeadProps {
  readonly title: string;
  readonly description?: string | undefined;
  readonly canonical?: string | undefined;
  readonly noindex: boolean;
  /** The site's icon, or defaultFavicon of its brand colour. */
  readonly favicon: string;
  readonly social?: SocialMeta | undefined;
  /** Serialized into `<script type="application/ld+json">`: data, never executed. */
  readonly structuredData?: readonly JsonLd[] | undefined;
  /** The site's RSS feed, linked with rel="alternate". */
  readonly feed?: { readonly title: string; readonly href: string } | undefined;
}

/** What a page says of its head; the site's chrome adds its icon and feed, and the route whether it is indexed. */
export type PageHead = Omit<HeadProps, 'noindex' | 'favicon' | 'feed'> & { readonly noindex?: boolean };

export interface AssetRefs {
  readonly stylesheet: string;
  /** The inline loader script's source; its hash is in the CSP. */
  readonly loaderScript: string;
}

export interface DocumentProps {
  /** The head's inside: HeadElements, or the markup React rendered for them. */
  readonly head: PagePart;
  readonly appState: AppStateScript;
  readonly assets: AssetRefs;
  readonly children: ReactNode;
}

function SocialTags({ social }: { social: SocialMeta }) {
  const { image } = social;
  return (
    <>
      <meta property="og:type" content={social.type} />
      <meta property="og:site_name" content={social.siteName} />
      <meta property="og:title" content={social.title} />
      {social.description ? <meta property="og:description" content={social.description} /> : null}
      <meta property="og:url" content={social.url} />
      {image ? <meta property="og:image" content={image.url} /> : null}
      {image?.width ? <meta property="og:image:width" content={String(image.width)} /> : null}
      {image?.height ? <meta property="og:image:height" content={String(image.height)} /> : null}
      {image?.alt ? <meta property="og:image:alt" content={image.alt} /> : null}
      {social.publishedTime ? <meta property="article:published_time" content={social.publishedTime} /> : null}
      {social.modifiedTime ? <meta property="article:modified_time" content={social.modifiedTime} /> : null}
      {social.section ? <meta property="article:section" content={social.section} /> : null}
      {/* X reads og:title, og:description and og:image where its own tags are absent (developer.x.com/cards/markup). */}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {image?.alt ? <meta name="twitter:image:alt" content={image.alt} /> : null}
    </>
  );
}

/**
 * The icon of a site without its own favicon: a speech bubble on the brand colour, inline, so the
 * browser does not ask for a /favicon.ico that is not there.
 */
export function defaultFavicon(brandColor: string): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    `<rect width="32" height="32" rx="7" fill="${brandColor}"/>` +
    '<path d="M8 9h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9l-5 4v-4H8a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2z" fill="#fff"/>' +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * The head's elements, in order. The server keeps their markup with the page's head from its
 * second view (render/site-chrome.tsx): a head is the same for every view of a page.
 */
export function HeadElements({ head, brandColor, stylesheet }: { head: HeadProps; brandColor: string; stylesheet: string }) {
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <script dangerouslySetInnerHTML={{ __html: SAVED_THEME_SCRIPT }} />
      <title>{head.title}</title>
      {head.description ? <meta name="description" content={head.description} /> : null}
      {head.noindex ? <meta name="robots" content="noindex" /> : null}
      {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
      <meta name="theme-color" content={brandColor} />
      <link rel="icon" href={head.favicon} />
      {head.feed ? <link rel="alternate" type="application/rss+xml" title={head.feed.title} href={head.feed.href} /> : null}
      <link rel="stylesheet" href={stylesheet} />
      {head.social ? <SocialTags social={head.social} /> : null}
      {head.structuredData?.map((data, position) => (
        <script key={position} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
      ))}
    </>
  );
}

/** The whole HTML document; the page decides shell or not through its children. */
export function Document({ head, appState, assets, children }: DocumentProps) {
  const { state } = appState;
  return (
    <html lang="en" className={state.dark} data-route={state.route}>
      <head {...placed(head)} />
      <body>
        <BasePathProvider value={state.basePath}>{children}</BasePathProvider>
        <script id={APP_STATE_ID} type="application/json" dangerouslySetInnerHTML={{ __html: appState.json }} />
        <script type="module" dangerouslySetInnerHTML={{ __html: assets.loaderScript }} />
      </body>
    </html>
  );
}
