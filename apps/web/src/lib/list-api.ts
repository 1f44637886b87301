import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { TPagination } from '@sanad/contracts/http';
import { api, type Envelope } from './api-client';
import { getActiveDataSegmentId } from './session';

export interface ListPage<T> {
  rows: T[];
  pagination: TPagination;
}

/**
 * The generic list call (001 §7): GET {path} with the list query and the active data segment;
 * pass dataSegmentId 'skip' to send none.
 */
export async function fetchList<T>(path: string, query: Record<string, string | number>, signal?: AbortSignal, dataSegmentId?: string | 'skip'): Promise<ListPage<T>> {
  const segment = dataSegmentId === 'skip' ? undefined : (dataSegmentId ?? getActiveDataSegmentId() ?? undefined);
  const response: Envelope<T[]> = await api.get<T[]>(path, { ...query, dataSegmentId: segment }, signal);
  return { rows: response.data, pagination: response.pagination ?? { total: response.data.length, current: 1, next: null, perPage: response.data.length } };
}

export function useList<T>(path: string, query: Record<string, string | number>, options: { dataSegmentId?: string | 'skip' } = {}): UseQueryResult<ListPage<T>> {
  return useQuery({
    queryKey: ['list', path, query, options.dataSegmentId ?? getActiveDataSegmentId()],
    queryFn: ({ signal }) => fetchList<T>(path, query, signal, options.dataSegmentId),
    placeholderData: keepPreviousData,
  });
}

/**
 * The generic save (001 §7): PUT {path}/{id} when the item has an _id, else POST {path} with the
 * active dataSegmentId added. Resolves to the server's message and data.
 */
export async function saveItem<T>(path: string, item: Record<string, unknown> & { _id?: string | null }): Promise<Envelope<T>> {
  const { _id: id, ...body } = item;
  if (id) return api.put<T>(`${path.replace(/\/$/, '')}/${id}`, body);
  return api.post<T>(path, { ...body, dataSegmentId: body.dataSegmentId ?? getActiveDataSegmentId() ?? undefined });
}
