import type { ReactNode } from 'react';
import type { AdSlotType } from '../ads';
import { AdSlot } from './AdSlot';

export interface ShellSite {
  readonly name: string;
  readonly logo?: string | undefined;
  readonly footerText?: string | undefined;
  readonly categories: readonly { readonly name: string; readonly slug: string }[];
  readonly other: readonly { readonly label: string; readonly url: string }[];
}

export interface ShellProps {
  readonly site: ShellSite;
  readonly adSlots: readonly AdSlotType[];
  readonly theme: 'dark' | 'light';
  readonly campaignHeadline?: string | null | undefined;
  readonly children: ReactNode;
}

function OtherMenu({ links, id }: { links: ShellSite['other']; id: string }) {
  if (links.length === 0) return null;
  return (
    <ul className="other-menu" id={id}>
      {links.map((link) => (
        <li key={`${link.url}|${link.label}`}>
          <a href={link.url}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}

/** Header (name or logo, both menus, theme toggle), main, footer; ad containers by slot type. */
export function Shell({ site, adSlots, theme, campaignHeadline, children }: ShellProps) {
  const has = (type: AdSlotType) => adSlots.includes(type);
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <header id="site-header">
        <div className="header-inner">
          <a className="brand" href="/" rel="home">
            {site.logo ? <img src={site.logo} alt={site.name} height={32} /> : site.name}
          </a>
          <button type="button" className="theme-toggle" id="theme-toggle" aria-pressed={theme === 'dark'} aria-label="Dark mode">
            <span aria-hidden="true">◐</span>
          </button>
          <details className="menu-disclosure">
            <summary>Menu</summary>
            <nav id="category-menu" aria-label="Categories">
              <ul>
                {site.categories.map((category) => (
                  <li key={category.slug}>
                    <a href={`/category/${category.slug}`}>{category.name}</a>
                  </li>
                ))}
              </ul>
            </nav>
            <nav id="other-menu" aria-label="More">
              <OtherMenu links={site.other} id="other-menu-links" />
            </nav>
          </details>
        </div>
      </header>
      {has('siderail_left') ? <aside className="siderail siderail-left" aria-label="Advertisement"><AdSlot type="siderail_left" /></aside> : null}
      {has('siderail_right') ? <aside className="siderail siderail-right" aria-label="Advertisement"><AdSlot type="siderail_right" /></aside> : null}
      <main id="main" tabIndex={-1}>
        {campaignHeadline ? <p id="campaign-headline" className="campaign-headline">{campaignHeadline}</p> : null}
        {has('banner_1') ? <AdSlot type="banner_1" /> : null}
        {children}
        {has('banner_2') ? <AdSlot type="banner_2" /> : null}
        {has('banner_3') ? <AdSlot type="banner_3" /> : null}
      </main>
      <footer id="site-footer">
        <OtherMenu links={site.other} id="footer-menu" />
        <p className="footer-text">{site.footerText ?? `© ${site.name}`}</p>
      </footer>
      {has('popup') ? <div className="ad-popup-wrap"><AdSlot type="popup" /></div> : null}
      {has('anchor') ? <div className="ad-anchor-wrap"><AdSlot type="anchor" /></div> : null}
    </>
  );
}

/** Layout of pages without the shell: no header, no footer, no ads. */
export function Bare({ children, campaignHeadline }: { children: ReactNode; campaignHeadline?: string | null | undefined }) {
  return (
    <main id="main" className="bare">
      {campaignHeadline ? <p id="campaign-headline" className="campaign-headline">{campaignHeadline}</p> : null}
      {children}
    </main>
  );
}
