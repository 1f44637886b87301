import type { FastifyInstance } from 'fastify';
import { isStorableText, UNSAFE_TEXT_MESSAGE } from '@sanad/contracts/safe-text';
import { AppError } from './app-error';

/** NUL, which PostgreSQL text cannot hold, and UTF-16 surrogates without their other half (isStorableText's rule, as a pattern to replace). */
// oxlint-disable-next-line no-control-regex -- NUL is exactly what this has to find.
export const NOT_STORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The dotted path of the first string (key or value) in `value` that is not storable text, or null. */
export function findInvalidText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findInvalidText(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key.replace(NOT_STORABLE_TEXT, '?')];
      const found = findInvalidText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses, before validation, any request whose path parameters, query or JSON body carry text the
 * database cannot store as given: a clear 422 naming the field, instead of a database error (500)
 * or a value silently changed on its way in.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findInvalidText(value);
      if (path) throw AppError.field(path.length > 0 ? path.join('.') : part, UNSAFE_TEXT_MESSAGE);
    }
  });
}
