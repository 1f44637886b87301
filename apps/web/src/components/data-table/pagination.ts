import { PAGE_SIZES } from '@sanad/contracts/http';

/** 'Showing X to Y of N records', or 'No records found'. */
export function paginationLabel(startAt: number, perPage: number, total: number): string {
  if (total === 0) return 'No records found';
  const first = (startAt - 1) * perPage + 1;
  const last = Math.min(total, startAt * perPage);
  return `Showing ${first} to ${last} of ${total} records`;
}

export function lastPage(perPage: number, total: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The page-size selector is disabled while there are fewer than 10 records. */
export function isPageSizeSelectable(total: number): boolean {
  return total >= 10;
}

export const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));
