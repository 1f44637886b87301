import { useQueryClient } from '@tanstack/react-query';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { RISK_CONFIG_KEY } from '../api/keys';
import { tableListPath } from '../api/table-pages';

/** The global save flow, which also refreshes the version shown on every engine page once saved. */
export function useRiskSave(options: { listPath?: string; onClose?: () => void } = {}) {
  const queryClient = useQueryClient();
  const flow = useSaveFlow(options);

  async function run<T>(request: () => Promise<{ message: string; data: T }>): Promise<T | null> {
    const result = await flow.run(request);
    if (result) void queryClient.invalidateQueries({ queryKey: [RISK_CONFIG_KEY] });
    return result;
  }

  return { ...flow, run };
}

/**
 * The save flow of one table page (toast with the server's message, popup closed, list reloaded),
 * which also refreshes the version shown on every engine page.
 */
export function useConfigSave(page: string, options: { onClose?: () => void } = {}) {
  return useRiskSave({ listPath: tableListPath(page), ...(options.onClose ? { onClose: options.onClose } : {}) });
}

/** A number input's value for the contract: empty is left out, so the schema reports it as missing. */
export const toNumber = (value: number | string) => (value === '' ? undefined : Number(value));
