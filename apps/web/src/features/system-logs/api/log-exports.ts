import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLogExport } from '@sanad/contracts/system-logs';
import { SYSTEM_LOG_ENDPOINTS } from '@sanad/contracts/system-logs.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';
import { downloadStoredFile } from '../../../lib/upload';
import { filterQuery, type LogFilters } from './get-system-logs';

export const LOG_EXPORTS_KEY = ['system-logs', 'exports'] as const;
/** Exports still pending or running are polled until they end. */
const EXPORT_POLL_MS = 2_000;

const isOpen = (row: TLogExport) => row.status === 'pending' || row.status === 'running';

/** The caller's recent exports (GET system-logs/exports). */
export function useLogExports() {
  return useQuery({
    queryKey: LOG_EXPORTS_KEY,
    queryFn: async ({ signal }) => (await api(SYSTEM_LOG_ENDPOINTS.listExports, {}, { signal })).data,
    refetchInterval: (query) => (query.state.data?.some(isOpen) ? EXPORT_POLL_MS : false),
  });
}

/** POST system-logs/export with the list's keyword and filters; resolves to the server's message. */
export async function startLogExport(filters: LogFilters & { keyword?: string }): Promise<string> {
  const body = { ...filterQuery(filters), keyword: filters.keyword || undefined, dataSegmentId: getActiveDataSegmentId() ?? undefined };
  return (await api(SYSTEM_LOG_ENDPOINTS.startExport, { body })).message;
}

/** POST system-logs/cancel-export; resolves to the server's message. */
export async function cancelLogExport(exportId: string): Promise<string> {
  return (await api(SYSTEM_LOG_ENDPOINTS.cancelExport, { body: { exportId } })).message;
}

/** Start and cancel reload the list whatever the outcome; a download changes nothing in it. */
export function useLogExportMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: LOG_EXPORTS_KEY });
  return {
    start: useMutation({ mutationFn: startLogExport, onSettled }),
    cancel: useMutation({ mutationFn: cancelLogExport, onSettled }),
    download: useMutation({ mutationFn: (row: TLogExport) => downloadStoredFile(row.fileName ?? '') }),
  };
}
