import type { z } from 'zod';

/** Field errors as forms and the API show them: `{ 'sessionRegistrations.0.player1Email': 'Valid email is required' }`. */
export type FieldErrors = Record<string, string>;

/** The key of a zod issue path: segments joined with dots (`sessionRegistrations.0.player1Email`); `_form` for the root. */
export function fieldKey(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '_form' : path.map((segment) => String(segment)).join('.');
}

/** Turns a zod error into one message per field (the first issue of each field wins). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = fieldKey(issue.path);
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
