import type { z } from 'zod';
import { AppError, type FieldErrors } from '../../platform/http/app-error';

/** Field errors keyed by the dotted path, as the error handler reports route validation. */
export function fieldErrorsOf(error: z.ZodError, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses a body with a schema chosen at run time (the page's), answering 422 naming each field. */
export function parseWith<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.validation(fieldErrorsOf(result.error));
  return result.data;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
