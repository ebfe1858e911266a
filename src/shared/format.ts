/** Small text helpers used by the pages (spec section 9). Pure. */

/** What separates a slug's words, and a phrase's. */
const WORD_SEPARATORS = /[\s_-]+/;

/**
 * Title case (spec section 9): each word's first letter upper case, the rest lower case, one
 * space between words. Spaces, hyphens and underscores all separate words, so a slug reads as
 * a name: 'home-networking' -> 'Home Networking', 'hello WIDE world' -> 'Hello Wide World'.
 */
export function titleCase(text: string): string {
  return text
    .split(WORD_SEPARATORS)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/**
 * Joins a configured base path (or URL) and a segment with exactly one slash between them; the
 * segment's own end is kept: ('/answers', '/') -> '/answers/', ('', '/x?page=2') -> '/x?page=2'.
 * Every path the app emits for one of its pages goes through it (shared/base-path.ts).
 */
export function joinPath(base: string, segment: string): string {
  return `${base.replace(/\/+$/, '')}/${segment.replace(/^\/+/, '')}`;
}

// Month names, not Intl.DateTimeFormat: the one Intl call paged about 6 MB of ICU data into a
// server process's memory (and built an Intl object on every page load in the browser bundle).
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A readable date in UTC, as en-GB writes it ("3 June 2026"), or null when the value is not a date. */
export function formatDate(iso: string | null | undefined): string | null {
  const time = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A date as a page shows it: the value it came as (for `<time dateTime>`) and its readable text. */
export interface DateText {
  readonly iso: string;
  readonly text: string;
}

/** A date value with its readable text, or null when it is not a date. */
export function dateTextOf(iso: string | null | undefined): DateText | null {
  const text = formatDate(iso);
  return text && iso ? { iso, text } : null;
}

/** An ISO 8601 timestamp of a date value, or undefined when it is not a date. */
export function isoDateOf(value: string | null | undefined): string | undefined {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

const SUMMARY_MAX = 160;

const ELLIPSIS = '…';

/**
 * A plain-text summary of at most `max` characters (meta descriptions): whitespace collapsed,
 * cut at a word boundary with an ellipsis when too long.
 */
export function summarize(text: string, max = SUMMARY_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - ELLIPSIS.length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–-]+$/, '')}${ELLIPSIS}`;
}
