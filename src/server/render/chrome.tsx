/**
 * What the shell shows that depends on the site and theme only: the markup inside the header
 * and the footer, and the menu in the app-state. loadSite hands out the same Site object while
 * the site's cached records are unchanged, so each is built once per site (and theme) and then
 * reused by every page of it until the data changes (decision 0080).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { AppState, Theme } from '../../shared/app-state';
import { FooterContent, HeaderContent, type ShellChrome, type ShellSite } from '../../shared/components/Shell';
import type { Site } from '../site/load-site';

interface SiteShell {
  readonly menu: AppState['menu'];
  readonly shellSite: ShellSite;
  readonly chrome: Partial<Record<Theme, ShellChrome>>;
}

const shellBySite = new WeakMap<Site, SiteShell>();

function siteShellOf(site: Site): SiteShell {
  const known = shellBySite.get(site);
  if (known) return known;
  const pageSettings = site.setting.config.igp_settings;
  const menu = {
    categories: site.menu.categories.map(({ name, slug }) => ({ name, slug })),
    other: site.menu.other.map(({ label, url }) => ({ label, url })),
  };
  const shell: SiteShell = {
    menu,
    shellSite: { name: site.name, logo: pageSettings.logo, footerText: pageSettings.footerText, categories: menu.categories, other: menu.other },
    chrome: {},
  };
  shellBySite.set(site, shell);
  return shell;
}

/** The menu as the client reads it from the app-state. */
export function appMenuOf(site: Site): AppState['menu'] {
  return siteShellOf(site).menu;
}

/** The header's and footer's inner markup for the site in this theme, rendered by React once. */
export function shellChromeOf(site: Site, theme: Theme): ShellChrome {
  const shell = siteShellOf(site);
  const known = shell.chrome[theme];
  if (known) return known;
  const chrome: ShellChrome = {
    header: renderToStaticMarkup(<HeaderContent site={shell.shellSite} theme={theme} />),
    footer: renderToStaticMarkup(<FooterContent site={shell.shellSite} />),
  };
  shell.chrome[theme] = chrome;
  return chrome;
}
