/** `?page=N` parsing and page counts. Pure. */
import { badRequest, notFound } from '../http/errors';

export const PAGE_SIZE = 10;
const MAX_PAGE = 10_000;

/** 1 when absent; a 400 for anything but a whole number from 1 to 10,000. */
export function pageNumberOf(raw: string | undefined): number {
  if (raw === undefined) return 1;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_PAGE) throw badRequest('The page number must be a whole number from 1 to 10,000.');
  return Number(raw);
}

export function pageCountOf(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Past the last page is a 404 (page 1 always exists, even when empty). */
export function assertPageExists(page: number, pages: number): void {
  if (page > pages) throw notFound('There are not that many pages here.');
}
