import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { RISK_CONFIG_KEY, tablePath } from '../api/keys';
import { saveTableRow } from '../api/save-table-row';

/**
 * Saves one row of a table page through the global save flow (toast with the server's message,
 * popup closed, list reloaded) and refreshes the version shown on every engine page.
 */
export function useConfigSave(page: string, options: { onClose?: () => void } = {}) {
  const queryClient = useQueryClient();
  const flow = useSaveFlow({ listPath: tablePath(page), ...(options.onClose ? { onClose: options.onClose } : {}) });

  async function save<T>(item: object & { _id?: string | null }) {
    const result = await flow.run(() => saveTableRow<T>(page, item));
    if (result) void queryClient.invalidateQueries({ queryKey: [RISK_CONFIG_KEY] });
    return result;
  }

  return { ...flow, save };
}

/** The first message per field of a failed client-side parse, so each input shows its own. */
export function errorsByField(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Client errors first, else the server's for the field. */
export function fieldError(field: string, client: Record<string, string>, server: Record<string, string[]>): string | undefined {
  return client[field] ?? server[field]?.[0];
}
