import type { UseQueryResult } from '@tanstack/react-query';
import { useList, type ListPage } from '../../../lib/list-api';
import { tablePath } from './keys';

/** GET configurations/risk/{page}: one page of a table (factor values, factors, words, override rules). */
export function useTableRows<T>(page: string, query: Record<string, string | number>): UseQueryResult<ListPage<T>> {
  return useList<T>(tablePath(page), query);
}
