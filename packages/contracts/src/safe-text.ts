import { z } from 'zod';

/**
 * The one rule for text a person types, used by every schema and by the server's input guard:
 * no NUL or other control character (PostgreSQL refuses NUL in text, so it would fail as a server
 * error) and no lone UTF-16 surrogate (stored as U+FFFD, it would silently change the value and
 * break the audit chain's hash). Tabs and line breaks are allowed.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The one message for text that breaks the rule, wherever it is refused. */
export const UNSAFE_TEXT_MESSAGE = 'Remove the control or invalid characters from this field';

/** C0 controls other than tab, line feed and carriage return, and DEL. */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}

export function isSafeText(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) if (isControl(value.charCodeAt(index))) return false;
  return !LONE_SURROGATE.test(value);
}

/** Text the database cannot store as given at all: NUL, or a lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** A string schema that refuses unsafe characters before any other rule runs. */
export function safeString(message?: string) {
  return z.string(message ? { error: message } : undefined).refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE, abort: true });
}

/** Adds the rule to a string schema built elsewhere (trimmed, bounded, and so on). */
export function safeText<S extends z.ZodType<string>>(schema: S) {
  return schema.refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE });
}
