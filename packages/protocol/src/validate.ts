// Checks a value against a wire schema and reports problems as field errors (never throws).
import type { z } from 'zod';
import type { FieldError } from './errors.js';

export type WireResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: FieldError[] };

/** Dotted path of a zod issue (`columns.2.name`), or `body` for the value itself. */
function fieldOf(path: readonly PropertyKey[], root: string): string {
  const parts = path.map((p) => String(p));
  return parts.length === 0 ? root : parts.join('.');
}

/** Validates `value`; the errors name each field and say what was expected (a missing field says so). */
export function checkWire<S extends z.ZodType>(schema: S, value: unknown, root = 'body'): WireResult<z.infer<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors = parsed.error.issues.map((issue): FieldError => {
    const field = fieldOf(issue.path, root);
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    return { field, message: missing ? `${field} is required (${issue.message})` : `${field}: ${issue.message}` };
  });
  return { ok: false, errors };
}
