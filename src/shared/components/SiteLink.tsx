/**
 * Links to the site's own pages carry the base path (shared/base-path.ts): the Document
 * provides it to everything it renders, and links and forms take it from here.
 */
import { createContext, useContext, type AnchorHTMLAttributes } from 'react';
import { siteHref } from '../base-path';

const BasePathContext = createContext('');

/** Set once by the Document from the page's app-state. */
export const BasePathProvider = BasePathContext.Provider;

/** The href of a link or form action on this page: a root-relative path gets the base path. */
export function useSiteHref(): (href: string) => string {
  const basePath = useContext(BasePathContext);
  return (href) => siteHref(basePath, href);
}

/** An `<a>` whose root-relative href is a page of this site, under the base path. */
export function SiteLink({ href, ...anchor }: AnchorHTMLAttributes<HTMLAnchorElement> & { readonly href: string }) {
  return <a href={siteHref(useContext(BasePathContext), href)} {...anchor} />;
}
