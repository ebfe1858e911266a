import type { ReactNode } from 'react';
import type { AdSlotType } from '../ads';
import { AdSlot } from './AdSlot';
import { MenuIcon, MoonIcon } from './Icons';
import { placed, type PagePart } from './page-part';
import { SiteLink } from './SiteLink';

export interface ShellSite {
  readonly name: string;
  readonly logo?: string | undefined;
  readonly footerText?: string | undefined;
  readonly categories: readonly { readonly name: string; readonly slug: string }[];
  readonly other: readonly { readonly label: string; readonly url: string }[];
}

/**
 * What the header and the footer hold: HeaderContent and FooterContent, as elements or as their
 * markup rendered once per site (render/site-chrome.tsx).
 */
export interface ShellChrome {
  readonly header: PagePart;
  readonly footer: PagePart;
}

export interface ShellProps {
  readonly chrome: ShellChrome;
  readonly adSlots: readonly AdSlotType[];
  readonly campaignHeadline?: string | null | undefined;
  readonly children: ReactNode;
}

/** The site's logo, or its name set as a wordmark with a monogram. */
function Brand({ site }: { site: ShellSite }) {
  return (
    <SiteLink className="brand" href="/" rel="home">
      {site.logo ? (
        <img src={site.logo} alt={site.name} height={32} />
      ) : (
        <>
          <span className="brand-mark" aria-hidden="true">{site.name.trim().charAt(0).toUpperCase()}</span>
          <span className="brand-name">{site.name}</span>
        </>
      )}
    </SiteLink>
  );
}

/**
 * The category menu: a row of links on wide screens; on small ones it folds behind the
 * `<details>` summary, a native disclosure button that works without script (styles.css).
 * The nav is always there (contract: `nav#category-menu`); a site without categories hides it.
 */
function CategoryMenu({ categories }: { categories: ShellSite['categories'] }) {
  return (
    <details className="menu-disclosure" hidden={categories.length === 0}>
      <summary className="menu-button">
        <MenuIcon />
        <span>Menu</span>
      </summary>
      <nav id="category-menu" aria-label="Categories">
        <ul className="category-links">
          {categories.map((category) => (
            <li key={category.slug}>
              <SiteLink href={`/category/${category.slug}`}>{category.name}</SiteLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

/** What `<footer id="site-footer">` holds: the name, the other menu and the footer text. */
export function FooterContent({ site }: { site: ShellSite }) {
  return (
    <div className="wrap footer-inner">
      <p className="footer-brand">{site.name}</p>
      {site.other.length > 0 ? (
        <nav id="other-menu" aria-label="About this site">
          <ul className="other-menu">
            {site.other.map((link) => (
              <li key={`${link.url}|${link.label}`}>
                <SiteLink href={link.url}>{link.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="footer-text">{site.footerText ?? `© ${site.name}`}</p>
    </div>
  );
}

/** What `<header id="site-header">` holds: name or logo, theme toggle, category menu. */
export function HeaderContent({ site, theme }: { site: ShellSite; theme: 'dark' | 'light' }) {
  return (
    <div className="wrap header-bar">
      <Brand site={site} />
      <button type="button" className="theme-toggle" id="theme-toggle" aria-pressed={theme === 'dark'} aria-label="Dark mode">
        <MoonIcon />
      </button>
      <CategoryMenu categories={site.categories} />
    </div>
  );
}

/**
 * Header (name or logo, category menu, theme toggle), main, footer (other menu); ad containers
 * by slot type. The header's and footer's contents depend on the site alone, so they come
 * rendered once per site (decision 0290).
 */
export function Shell({ chrome, adSlots, campaignHeadline, children }: ShellProps) {
  const has = (type: AdSlotType) => adSlots.includes(type);
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <header id="site-header" {...placed(chrome.header)} />
      {/* Plain boxes, no landmark: a slot is hidden from assistive technology, so a named region would be empty. */}
      {has('siderail_left') ? <div className="siderail siderail-left"><AdSlot type="siderail_left" /></div> : null}
      {has('siderail_right') ? <div className="siderail siderail-right"><AdSlot type="siderail_right" /></div> : null}
      <main id="main" className="wrap" tabIndex={-1}>
        {campaignHeadline ? <p id="campaign-headline" className="campaign-headline">{campaignHeadline}</p> : null}
        {has('banner_1') ? <AdSlot type="banner_1" /> : null}
        {children}
        {has('banner_2') || has('banner_3') ? (
          <div className="ad-row">
            {has('banner_2') ? <AdSlot type="banner_2" /> : null}
            {has('banner_3') ? <AdSlot type="banner_3" /> : null}
          </div>
        ) : null}
      </main>
      <footer id="site-footer" {...placed(chrome.footer)} />
      {has('popup') ? <div className="ad-popup-wrap"><AdSlot type="popup" /></div> : null}
      {has('anchor') ? <div className="ad-anchor-wrap"><AdSlot type="anchor" /></div> : null}
    </>
  );
}

/** Layout of pages without the shell: no header, no footer, no ads. */
export function NoShellLayout({ children, campaignHeadline }: { children: ReactNode; campaignHeadline?: string | null | undefined }) {
  return (
    <main id="main" className="bare">
      {campaignHeadline ? <p id="campaign-headline" className="campaign-headline">{campaignHeadline}</p> : null}
      {children}
    </main>
  );
}
