import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiLogExport, TApiLogFilters } from '@sanad/contracts/api-logs';
import { API_LOG_ENDPOINTS } from '@sanad/contracts/api-logs.endpoints';
import { toListQuery, type ListState } from '../../../components/data-table/use-list-state';
import { api } from '../../../lib/api';
import { usePage } from '../../../lib/list-api';
import { getActiveDataSegmentId } from '../../../lib/session';
import { downloadStoredFile } from '../../../lib/upload';

/** The filters beside the list; the table's search box is the endpoint filter. */
export type ApiLogFilters = Pick<TApiLogFilters, 'kind' | 'status' | 'method' | 'applicationAccessId' | 'from' | 'to' | 'endpoint'>;

/** The filters that are set, as the list and export queries take them. */
export function apiLogFilterQuery(filters: ApiLogFilters): ApiLogFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => Boolean(value))) as ApiLogFilters;
}

/** GET api-logs: newest first (or oldest, by the Created at sort), with the filters and the active segment. */
export function useApiLogs(state: ListState, filters: ApiLogFilters) {
  const { keyword: _keyword, status: _status, ...page } = toListQuery(state);
  return usePage(API_LOG_ENDPOINTS.list, { query: { ...page, ...apiLogFilterQuery(filters) } });
}

export const API_LOG_EXPORTS_KEY = ['api-logs', 'exports'] as const;
const EXPORT_POLL_MS = 2_000;
const isOpen = (row: TApiLogExport) => row.status === 'pending' || row.status === 'running';

/** The caller's recent API-log exports, polled while one is pending or running. */
export function useApiLogExports() {
  return useQuery({
    queryKey: API_LOG_EXPORTS_KEY,
    queryFn: async ({ signal }) => (await api(API_LOG_ENDPOINTS.listExports, {}, { signal })).data,
    refetchInterval: (query) => (query.state.data?.some(isOpen) ? EXPORT_POLL_MS : false),
  });
}

/** POST api-logs/export and POST api-logs/cancel-export (the same calls as system logs); both reload the list. */
export function useApiLogExportMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: API_LOG_EXPORTS_KEY });
  return {
    start: useMutation({
      mutationFn: async (filters: ApiLogFilters) =>
        (
          await api(API_LOG_ENDPOINTS.startExport, {
            body: { ...apiLogFilterQuery(filters), dataSegmentId: getActiveDataSegmentId() ?? undefined },
          })
        ).message,
      onSettled,
    }),
    cancel: useMutation({
      mutationFn: async (exportId: string) => (await api(API_LOG_ENDPOINTS.cancelExport, { body: { exportId } })).message,
      onSettled,
    }),
    download: useMutation({ mutationFn: (row: TApiLogExport) => downloadStoredFile(row.fileName ?? '') }),
  };
}
