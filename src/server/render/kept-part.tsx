/**
 * A part of a page derived from a record (an article's heading, a page's head, the new-articles
 * list), kept from the record's second use (memory/kept-per-record.ts) as the markup React
 * renders for it apart, placed as it is by every later view. Its first use gives the element
 * itself, rendered inside the page's own render: in the long tail, where an article is viewed
 * once, no separate render (each a render state of its own) is made for markup nobody reuses.
 * Both give the same bytes as long as the part's components put no two texts side by side (a
 * page's render parts them with `<!-- -->`, markup rendered apart does not): render-output.test.ts.
 * (React's image preloads go after the viewport tag while a head is elements, at the head's end
 * once it is markup: decision 0340.)
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PagePart } from '../../shared/components/page-part';
import { keptFromSecondUse } from '../memory/kept-per-record';

export function keptPart<Key extends object, Inputs extends readonly unknown[]>(make: (record: Key, ...inputs: Inputs) => ReactElement): (record: Key, ...inputs: Inputs) => PagePart {
  return keptFromSecondUse<Key, Inputs, PagePart>(
    (record, ...inputs) => ({ markup: renderToStaticMarkup(make(record, ...inputs)) }),
    (record, ...inputs) => ({ element: make(record, ...inputs) }),
  );
}
