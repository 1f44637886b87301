import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { TPagination } from '@sanad/contracts/http';
import type { EndpointDefinition, EndpointInput, EndpointOutput } from '@sanad/contracts/endpoint';
import { api } from './api';
import { getActiveDataSegmentId } from './session';

export interface ListPage<T> {
  rows: T[];
  pagination: TPagination;
}

const finiteNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * The pagination of a list answer: the current form {total, current, next, perPage}, or the older
 * one {totalRecords, total, current, first, last, perPage} where `total` counts pages (HT-14).
 * Without either, the rows are the whole list.
 */
export function readPagination(raw: unknown, rowCount: number): TPagination {
  const page = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const perPage = finiteNumber(page.perPage) ?? rowCount;
  const current = finiteNumber(page.current) ?? 1;
  const totalRecords = finiteNumber(page.totalRecords);
  if (totalRecords !== undefined) {
    const last = finiteNumber(page.last) ?? (perPage > 0 ? Math.ceil(totalRecords / perPage) : 1);
    return { total: totalRecords, current, next: current < last ? current + 1 : null, perPage };
  }
  const total = finiteNumber(page.total);
  if (total === undefined) return { total: rowCount, current: 1, next: null, perPage: rowCount };
  const next = page.next === null ? null : (finiteNumber(page.next) ?? (current * perPage < total ? current + 1 : null));
  return { total, current, next, perPage };
}

/** The row type of a list endpoint (its envelope's `data` array). */
export type RowOf<E extends EndpointDefinition> = EndpointOutput<E> extends { data: ReadonlyArray<infer Row> } ? Row : never;

type ListQueryOf<E extends EndpointDefinition> = EndpointInput<E> extends { query?: infer Q } ? NonNullable<Q> : never;
type ListParamsOf<E extends EndpointDefinition> = EndpointInput<E> extends { params: infer P } ? { params: P } : { params?: never };

export interface ListOptions {
  /** The active data segment by default; 'skip' sends none. */
  dataSegmentId?: string | 'skip';
  signal?: AbortSignal;
}

/**
 * One page of a list endpoint: the list query plus the active data segment, answered as
 * rows and pagination (either pagination form the server may send).
 */
export async function fetchPage<E extends EndpointDefinition>(
  endpoint: E,
  input: ListParamsOf<E> & { query: ListQueryOf<E> },
  options: ListOptions = {},
): Promise<ListPage<RowOf<E>>> {
  const segment = options.dataSegmentId === 'skip' ? undefined : (options.dataSegmentId ?? getActiveDataSegmentId() ?? undefined);
  const query = { ...(input.query as Record<string, unknown>), dataSegmentId: segment };
  const envelope = (await api(endpoint, { ...input, query } as unknown as EndpointInput<E>, { signal: options.signal })) as {
    data: RowOf<E>[];
    pagination?: unknown;
  };
  return { rows: envelope.data, pagination: readPagination(envelope.pagination, envelope.data.length) };
}

/** A list endpoint's page as a query; the previous page stays on screen while the next loads. */
export function usePage<E extends EndpointDefinition>(
  endpoint: E,
  input: ListParamsOf<E> & { query: ListQueryOf<E> },
  options: Omit<ListOptions, 'signal'> & { enabled?: boolean } = {},
): UseQueryResult<ListPage<RowOf<E>>> {
  const { enabled = true, ...listOptions } = options;
  return useQuery({
    queryKey: ['list', endpoint.path, input, listOptions.dataSegmentId ?? getActiveDataSegmentId()],
    queryFn: ({ signal }) => fetchPage(endpoint, input, { ...listOptions, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
