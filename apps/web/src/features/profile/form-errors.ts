export type FormErrors = Record<string, string[] | undefined>;

/** The first validation error of a form, which the dialogs show as their message (001 §5). */
export function firstFormError(result: { success: boolean; error?: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } }): {
  field: string;
  message: string;
} | null {
  const issue = result.success ? undefined : result.error?.issues[0];
  return issue ? { field: issue.path.map(String).join('.') || 'form', message: issue.message } : null;
}
