import { z } from 'zod';

/**
 * The spec's custom rule strictlyAlphanumeric: letters and digits only, with at
 * least one of each, as reference numbers and document numbers are written. Registration forms
 * apply it to such fields; it lives here so the form and the server refuse the same values.
 */
export const STRICTLY_ALPHANUMERIC_MESSAGE = 'This field may contain only letters and numbers, with no spaces or special characters';

const STRICTLY_ALPHANUMERIC = /^(?=[^\d]*\d)(?=[^A-Za-z]*[A-Za-z])[A-Za-z\d]+$/;

export function isStrictlyAlphanumeric(value: string): boolean {
  return STRICTLY_ALPHANUMERIC.test(value);
}

export const ZStrictlyAlphanumeric = z.string().refine(isStrictlyAlphanumeric, { message: STRICTLY_ALPHANUMERIC_MESSAGE });
