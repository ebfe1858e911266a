import type { ReactNode } from 'react';

/**
 * A part of a page: markup React rendered for it earlier (kept by the server), or the element
 * itself, rendered with the page (server/render/kept-part.tsx).
 */
export type PagePart = { readonly markup: string; readonly element?: undefined } | { readonly element: ReactNode; readonly markup?: undefined };

/** The props that place a part inside its element: its markup as is, or the element as the child. */
export function placed(part: PagePart): { dangerouslySetInnerHTML: { __html: string } } | { children: ReactNode } {
  return part.markup === undefined ? { children: part.element } : { dangerouslySetInnerHTML: { __html: part.markup } };
}
