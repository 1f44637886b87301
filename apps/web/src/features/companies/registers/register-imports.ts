import { useQuery } from '@tanstack/react-query';
import type { TCompanyRegister, TRegisterImport } from '@sanad/contracts/company-registry';
import { COMPANY_REGISTRY_ENDPOINTS } from '@sanad/contracts/company-registry.endpoints';
import { api } from '../../../lib/api';

/** While an import runs its progress is read every 2 seconds; nothing is polled once it has ended. */
export const IMPORT_POLL_MS = 2_000;

export const isImportRunning = (run: Pick<TRegisterImport, 'status'>) => run.status === 'queued' || run.status === 'running';

/**
 * An uploaded file being imported: it holds the one import slot. A command-line run is left out: one
 * that was killed stays 'running' for ever.
 */
export const isUploadInProcess = (run: Pick<TRegisterImport, 'status' | 'source'>) => run.source === 'upload' && isImportRunning(run);

export const registerImportsKey = ['company-registers', 'imports'] as const;

/** GET company-registers/imports: the files loaded, polled while one of them is being imported. */
export function useRegisterImports() {
  return useQuery({
    queryKey: registerImportsKey,
    queryFn: async ({ signal }) => (await api(COMPANY_REGISTRY_ENDPOINTS.listImports, {}, { signal })).data,
    refetchInterval: (query) => (query.state.data?.imports.some(isUploadInProcess) ? IMPORT_POLL_MS : false),
  });
}

/** GET company-registers/imports/:id: one import followed until it completes or fails. */
export function useRegisterImport(id: string | null) {
  return useQuery({
    queryKey: [...registerImportsKey, id],
    enabled: id !== null,
    queryFn: async ({ signal }) => (await api(COMPANY_REGISTRY_ENDPOINTS.getImport, { params: { id: id ?? '' } }, { signal })).data,
    refetchInterval: (query) => (query.state.data && !isImportRunning(query.state.data) ? false : IMPORT_POLL_MS),
  });
}

/** POST company-registers/imports: the register first, then the file, as the server reads them. */
export async function uploadRegisterFile(register: TCompanyRegister, file: File): Promise<TRegisterImport> {
  return (await api(COMPANY_REGISTRY_ENDPOINTS.upload, { form: { register, file } })).data;
}
