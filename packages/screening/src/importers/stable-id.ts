import { createHash } from 'node:crypto';

/**
 * A deterministic id for a list that prints none (BIS DPL): the same parts always give the same
 * id, so versions of the list can still be compared entity by entity.
 */
export function deriveStableId(prefix: string, parts: readonly string[]): string {
  const key = parts.map((part) => part.trim().toUpperCase().replaceAll(/\s+/g, ' ')).join('\u001f');
  return `${prefix}-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}
