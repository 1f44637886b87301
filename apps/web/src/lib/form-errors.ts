import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** The first message of each field of a failed parse, keyed by the dotted path (e.g. nextReview.duration). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

export type Validation<T> = { isValid: true; data: T } | { isValid: false; errors: FieldErrors; first: string };

/**
 * Validates form values with the contract's schema, the same one the server applies, and gives
 * the first error as the message to show (the spec: 'The first validation error is shown').
 */
export function validateWith<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { isValid: true, data: result.data };
  const errors = fieldErrorsOf(result.error);
  return { isValid: false, errors, first: Object.values(errors)[0] ?? 'There is something wrong' };
}

/** Server field errors (`errors` of the failure envelope) as one message per field. */
export function firstOfEach(errors: Record<string, string[]> | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    if (messages[0]) result[field] = messages[0];
  }
  return result;
}
