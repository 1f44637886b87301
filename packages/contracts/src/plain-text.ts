import { z } from 'zod';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Text a person can type: no control characters (C0 other than tab and line breaks, and DEL; NUL
 * in particular cannot be stored in a PostgreSQL text column) and no unpaired UTF-16 surrogate
 * (such a string has no UTF-8 form and would be stored altered).
 */
export function isPlainText(value: string): boolean {
  // Iterating a string yields whole code points: a surrogate seen alone here has no partner.
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x20 && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return false;
    if (code === 0x7f || (code >= 0xd800 && code <= 0xdfff)) return false;
  }
  return true;
}

export const notPlainTextMessage = (label: string) => `${label} contains characters that are not allowed`;

/** A string schema that also refuses what isPlainText refuses, with the field's own message. */
export function plainText<S extends z.ZodType<string>>(schema: S, label: string) {
  return schema.refine(isPlainText, { message: notPlainTextMessage(label) });
}
