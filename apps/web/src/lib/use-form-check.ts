import { useState } from 'react';
import type { z } from 'zod';
import { firstOfEach, validateWith, type FieldErrors } from './form-errors';

/**
 * The errors of a form that saves through a save flow: the contract's schema is checked before
 * anything is sent; each field shows the client's message, else the server's; the form shows the
 * first client error, else the flow's.
 */
export function useFormCheck(flow: { error: string | null; fieldErrors: Record<string, string[]> }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const shown: FieldErrors = { ...firstOfEach(flow.fieldErrors), ...errors };

  /** The parsed values, or null when the schema refuses them (the errors are then shown). */
  function check<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
    const result = validateWith(schema, values);
    setErrors(result.isValid ? {} : result.errors);
    setFormError(result.isValid ? null : result.first);
    return result.isValid ? result.data : null;
  }

  return {
    check,
    errorOf: (field: string): string | undefined => shown[field] || undefined,
    /** An edited field stops showing its error; the form's message stays until the next submit. */
    clearFieldError: (field: string) => setErrors((current) => ({ ...current, [field]: '' })),
    error: formError ?? flow.error,
  };
}
