/**
 * The field a unique-constraint violation (SQLSTATE 23505) is about, from the constraint's name,
 * so that two requests racing past the pre-check still get the 409 naming the field. PGlite and
 * node-postgres both expose `code` and `constraint` on their errors.
 */
export function uniqueViolationField(error: unknown, fields: Readonly<Record<string, string>>): string | null {
  if (!error || typeof error !== 'object') return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23505' || typeof constraint !== 'string') return null;
  return fields[constraint] ?? null;
}
