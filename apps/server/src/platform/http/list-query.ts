import type { TListQuery } from '@sanad/contracts/http';
import { AppError } from './app-error';

/**
 * ORDER BY for a list: the client names a field, the repository maps allowed fields to SQL
 * expressions, and anything else is refused rather than interpolated. A stable tie-breaker keeps
 * pages from overlapping.
 */
export function orderByClause(
  query: Pick<TListQuery, 'sortBy' | 'sortOrder'>,
  sortable: Readonly<Record<string, string>>,
  fallback: { column: string; order: 'asc' | 'desc' },
  tieBreaker = 'id',
): string {
  let column = fallback.column;
  let order = fallback.order;
  if (query.sortBy) {
    // Own keys only: `__proto__`, `constructor` or `toString` must be refused like any unknown field.
    const mapped = Object.hasOwn(sortable, query.sortBy) ? sortable[query.sortBy] : undefined;
    if (!mapped) throw AppError.field('sortBy', `Sorting by ${query.sortBy} is not supported`);
    column = mapped;
    order = query.sortOrder ?? 'asc';
  } else if (query.sortOrder) {
    order = query.sortOrder;
  }
  return `order by ${column} ${order} nulls last, ${tieBreaker} ${order}`;
}

/** LIMIT/OFFSET for page `startAt` (from 1); parameters are appended to `params`. */
export function pageClause(query: Pick<TListQuery, 'startAt' | 'perPage'>, params: unknown[]): string {
  params.push(query.perPage, (query.startAt - 1) * query.perPage);
  return `limit $${params.length - 1} offset $${params.length}`;
}

/** An ILIKE pattern for a keyword, with the wildcard characters it contains taken literally. */
export function keywordPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
