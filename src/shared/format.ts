/** Small text helpers used by the pages (spec section 9). Pure. */

/** "hello wide world" -> "Hello Wide World". */
export function titleCase(text: string): string {
  return text.replace(/\S+/g, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
}

/** Joins a configured base path and a segment with exactly one slash between them. */
export function joinPath(base: string, segment: string): string {
  const left = base.replace(/\/+$/, '');
  const right = segment.replace(/^\/+/, '');
  if (!right) return left || '/';
  return `${left}/${right}`;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A readable date, or null when the value is not a date. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : DATE_FORMAT.format(time);
}
