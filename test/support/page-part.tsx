import { renderToStaticMarkup } from 'react-dom/server';
import type { PagePart } from '../../src/shared/components/page-part';

/** What a part places in its page: its kept markup, or what React renders for its element. */
export const placedMarkupOf = (part: PagePart): string => part.markup ?? renderToStaticMarkup(<>{part.element}</>);

/** A part's kept markup; fails when the part is an element (not kept yet). */
export function keptMarkupOf(part: PagePart): string {
  if (part.markup === undefined) throw new Error('not kept as markup');
  return part.markup;
}
