/** Small text helpers used by the pages (spec section 9). Pure. */

/** "hello wide world" -> "Hello Wide World". */
export function titleCase(text: string): string {
  return text.replace(/\S+/g, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
}

/**
 * Joins a configured base path (or URL) and a segment with exactly one slash between them; the
 * segment's own end is kept: ('/answers', '/') -> '/answers/', ('', '/x?page=2') -> '/x?page=2'.
 * Every path the app emits for one of its pages goes through it (shared/base-path.ts).
 */
export function joinPath(base: string, segment: string): string {
  return `${base.replace(/\/+$/, '')}/${segment.replace(/^\/+/, '')}`;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Remembers the results of a pure string function: pages show the same few dates (and brand
 * colours) again and again, and computing them costs more than a lookup. Bounded: emptied when full.
 */
export function rememberStrings<T>(compute: (value: string) => T, max = 4096): (value: string) => T {
  const known = new Map<string, T>();
  return (value) => {
    const hit = known.get(value);
    if (hit !== undefined || known.has(value)) return hit as T;
    if (known.size >= max) known.clear();
    const result = compute(value);
    known.set(value, result);
    return result;
  };
}

const readableDate = rememberStrings((iso) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : DATE_FORMAT.format(time);
});

const isoDate = rememberStrings((value) => {
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
});

/** A readable date, or null when the value is not a date. */
export function formatDate(iso: string | null | undefined): string | null {
  return iso ? readableDate(iso) : null;
}

/** An ISO 8601 timestamp of a date value, or undefined when it is not a date. */
export function isoDateOf(value: string | null | undefined): string | undefined {
  return value ? isoDate(value) : undefined;
}

const SUMMARY_MAX = 160;

/**
 * A plain-text summary of at most `max` characters (meta descriptions): whitespace collapsed,
 * cut at a word boundary with an ellipsis when too long. The meta-description length is
 * remembered per text: every request of an article summarizes the same excerpt.
 */
export function summarize(text: string, max = SUMMARY_MAX): string {
  return max === SUMMARY_MAX ? metaSummary(text) : summaryOf(text, max);
}

const metaSummary = rememberStrings((text) => summaryOf(text, SUMMARY_MAX));

const ELLIPSIS = '…';

function summaryOf(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - ELLIPSIS.length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–-]+$/, '')}${ELLIPSIS}`;
}
