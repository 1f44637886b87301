/** Field errors from a zod issue list, one message per field, and the first message overall (001 §8). */
export function fieldErrorsFrom(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): { first: string | null; byField: Record<string, string> } {
  const byField: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    byField[field] ??= issue.message;
  }
  return { first: issues[0]?.message ?? null, byField };
}
