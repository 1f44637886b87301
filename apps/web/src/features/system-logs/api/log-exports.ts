import { useQuery } from '@tanstack/react-query';
import type { TLogExport } from '@sanad/contracts/system-logs';
import { api, download } from '../../../lib/api-client';
import { getActiveDataSegmentId } from '../../../lib/session';
import { filterQuery, type LogFilters } from './get-system-logs';

export const LOG_EXPORTS_KEY = ['system-logs', 'exports'] as const;
/** Exports still pending or running are polled until they end. */
const EXPORT_POLL_MS = 2_000;

const isOpen = (row: TLogExport) => row.status === 'pending' || row.status === 'running';

/** The caller's recent exports (GET system-logs/exports). */
export function useLogExports() {
  return useQuery({
    queryKey: LOG_EXPORTS_KEY,
    queryFn: async ({ signal }) => (await api.get<TLogExport[]>('system-logs/exports', undefined, signal)).data,
    refetchInterval: (query) => (query.state.data?.some(isOpen) ? EXPORT_POLL_MS : false),
  });
}

/** POST system-logs/export with the list's keyword and filters; resolves to the server's message. */
export async function startLogExport(filters: LogFilters & { keyword?: string }): Promise<string> {
  const answer = await api.post<TLogExport>('system-logs/export', { ...filterQuery(filters), dataSegmentId: getActiveDataSegmentId() ?? undefined });
  return answer.message;
}

/** POST system-logs/cancel-export; resolves to the server's message (001 §7). */
export async function cancelLogExport(exportId: string): Promise<string> {
  return (await api.post<never>('system-logs/cancel-export', { exportId })).message;
}

export function downloadLogExport(row: TLogExport): Promise<void> {
  return download(`files/${row.fileName ?? ''}`);
}
