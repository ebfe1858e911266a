/** `?page=N` parsing and page counts. Pure. */
import { notFound } from '../http/errors';

export const PAGE_SIZE = 10;
const MAX_PAGE = 10_000;

/**
 * 1 when absent; a 404 for anything but a whole number from 1 to 10,000 written without a
 * leading zero: no page exists at `?page=zzz1`, `-1`, `1e99` or `007` (each would be a page of
 * its own in the page cache).
 */
export function pageNumberOf(raw: string | undefined): number {
  if (raw === undefined) return 1;
  if (!/^[1-9]\d{0,4}$/.test(raw) || Number(raw) > MAX_PAGE) throw notFound('There is no such page here.');
  return Number(raw);
}

export function pageCountOf(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Past the last page is a 404 (page 1 always exists, even when empty). */
export function assertPageExists(page: number, pages: number): void {
  if (page > pages) throw notFound('There are not that many pages here.');
}
