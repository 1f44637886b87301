import { sql, type RawBuilder } from 'kysely';
import type { TListQuery } from '@sanad/contracts/http';
import { AppError } from '../http/app-error';
import type { TenantScope } from '../tenancy/scope';

/**
 * The pieces every list query shares, as query-builder expressions: tenant filter, keyword pattern,
 * sort from an allow-list, the page window and the total beside each row.
 */

/** Rows of the scope's data segments, or of one requested segment inside it (already checked). */
export function inSegments(column: string, scope: TenantScope, only: string | null = null): RawBuilder<boolean> {
  if (only) return sql<boolean>`${sql.ref(column)} = ${only}::uuid`;
  if (scope.all) return sql<boolean>`true`;
  return sql<boolean>`${sql.ref(column)} = any(${[...scope.ids]}::uuid[])`;
}

/** An ILIKE pattern for a keyword, with the wildcard characters it contains taken literally. */
export function keywordLike(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface SortChoice {
  expression: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
}

/**
 * ORDER BY from the client's sort field: only fields the repository lists (own keys, so that
 * `__proto__` or `toString` are refused like any unknown name), else the fallback.
 */
export function sortOf(
  query: Pick<TListQuery, 'sortBy' | 'sortOrder'>,
  sortable: Readonly<Record<string, RawBuilder<unknown>>>,
  fallback: SortChoice,
): SortChoice {
  if (!query.sortBy) return { expression: fallback.expression, direction: query.sortOrder ?? fallback.direction };
  if (!Object.hasOwn(sortable, query.sortBy)) throw AppError.field('sortBy', `Sorting by ${query.sortBy} is not supported`);
  const expression = sortable[query.sortBy];
  if (!expression) throw AppError.field('sortBy', `Sorting by ${query.sortBy} is not supported`);
  return { expression, direction: query.sortOrder ?? 'asc' };
}

/** The page window of a list query (`startAt` counts pages from 1). */
export function pageOf(query: Pick<TListQuery, 'startAt' | 'perPage'>): { limit: number; offset: number } {
  return { limit: query.perPage, offset: (query.startAt - 1) * query.perPage };
}

/** The number of rows matching the filter, carried on every row of the page. */
export const totalRows = () => sql<number>`count(*) over ()::int`.as('total');
