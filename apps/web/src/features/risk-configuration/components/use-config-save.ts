import { useQueryClient } from '@tanstack/react-query';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { RISK_CONFIG_KEY, tablePath } from '../api/keys';
import { saveTableRow } from '../api/save-table-row';

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
 * Saves one row of a table page through the global save flow (toast with the server's message,
 * popup closed, list reloaded) and refreshes the version shown on every engine page.
 */
export function useConfigSave(page: string, options: { onClose?: () => void } = {}) {
  const flow = useRiskSave({ listPath: tablePath(page), ...(options.onClose ? { onClose: options.onClose } : {}) });
  const save = <T>(item: object & { _id?: string | null }) => flow.run(() => saveTableRow<T>(page, item));
  return { ...flow, save };
}

/** A number input's value for the contract: empty is left out, so the schema reports it as missing. */
export const toNumber = (value: number | string) => (value === '' ? undefined : Number(value));
