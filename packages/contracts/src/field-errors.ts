/**
 * Per-field error messages, keyed by the dotted path of the field (`nextReview.duration`): the shape
 * of `errors` in a failure envelope, built the same way by the server, its imports and the web forms.
 */
export type FieldErrors = Record<string, string[]>;

export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The dotted name of a field; the whole input when the issue has no path. */
export function fieldName(path: readonly PropertyKey[], prefix = '', whole = 'body'): string {
  return [prefix, ...path.map(String)].filter(Boolean).join('.') || whole;
}

/** Adds one message to a field, keeping earlier ones first (the client shows the first). */
export function addFieldError(errors: FieldErrors, field: string, message: string): FieldErrors {
  // A field may be named like a built-in property (`constructor`, `__proto__`): define it as the object's own.
  if (!Object.hasOwn(errors, field))
    Object.defineProperty(errors, field, { value: [], enumerable: true, writable: true, configurable: true });
  errors[field]?.push(message);
  return errors;
}

/** The messages of validation issues (zod's, or any with a path and a message), field by field. */
export function fieldErrorsOf(issues: readonly IssueLike[], options: { prefix?: string; whole?: string } = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) addFieldError(errors, fieldName(issue.path, options.prefix, options.whole), issue.message);
  return errors;
}

/** The first message of every field. */
export function firstOfEach(errors: FieldErrors | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])));
}
