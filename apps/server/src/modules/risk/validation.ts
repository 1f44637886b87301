import type { z } from 'zod';
import { fieldErrorsOf } from '@sanad/contracts/field-errors';
import { AppError } from '../../platform/http/app-error';

/** Parses a body with a table page's schema, answering 422 naming each field (the shared field-error builder). */
export function parseWith<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.validation(fieldErrorsOf(result.error.issues));
  return result.data;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
