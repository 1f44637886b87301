import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZListImportRequest } from '@sanad/contracts/screening';
import { SCREENING_ENDPOINTS } from '@sanad/contracts/screening.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

/** Progress is polled every 5 seconds until it reaches 100 or the import fails. */
export const IMPORT_POLL_MS = 5_000;

/** POST screening-data/import/ (a whole list) or screening-data/importDelta/ (a delta) for an uploaded file. */
export async function startListImport(kind: 'full' | 'delta', input: Omit<z.input<typeof ZListImportRequest>, 'dataSegmentId'>) {
  const endpoint = kind === 'delta' ? SCREENING_ENDPOINTS.importDelta : SCREENING_ENDPOINTS.importList;
  return (await api(endpoint, { body: { ...input, dataSegmentId: getActiveDataSegmentId() ?? undefined } })).data;
}

export function useListImport(id: string | null) {
  return useQuery({
    queryKey: ['screening', 'import', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => (await api(SCREENING_ENDPOINTS.getImport, { params: { id: id ?? '' } }, { signal })).data,
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
      (await api(SCREENING_ENDPOINTS.recentImports, { query: { dataSegmentId: getActiveDataSegmentId() ?? undefined } }, { signal })).data,
  });
}
