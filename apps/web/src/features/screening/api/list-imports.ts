import { useQuery } from '@tanstack/react-query';
import type { TListImport } from '@sanad/contracts/screening';
import { api } from '../../../lib/api-client';
import { getActiveDataSegmentId } from '../../../lib/session';

/** Progress is polled every 5 seconds until it reaches 100 or the import fails (001 §4). */
export const IMPORT_POLL_MS = 5_000;

export async function startListImport(kind: 'full' | 'delta', input: { fileName: string; format: string }): Promise<TListImport> {
  const path = kind === 'delta' ? 'screening-data/importDelta/' : 'screening-data/import/';
  return (await api.post<TListImport>(path, { ...input, dataSegmentId: getActiveDataSegmentId() ?? undefined })).data;
}

export function useListImport(id: string | null) {
  return useQuery({
    queryKey: ['screening', 'import', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => (await api.get<TListImport>(`screening-data/imports/${id}`, undefined, signal)).data,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'completed' || status === 'failed' ? false : IMPORT_POLL_MS;
    },
  });
}

export function useRecentImports() {
  return useQuery({
    queryKey: ['screening', 'imports', getActiveDataSegmentId()],
    queryFn: async ({ signal }) =>
      (await api.get<TListImport[]>('screening-data/imports', { dataSegmentId: getActiveDataSegmentId() }, signal)).data,
  });
}
