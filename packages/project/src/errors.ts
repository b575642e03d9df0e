// ProjectError: a project, schema or state file that cannot be read or does not validate, with one line per problem.
import type { z } from 'zod';

export interface ProjectIssue {
  /** Dotted path of the field, e.g. `calculations."formulas/margin.calc".id`; empty for the whole file. */
  readonly field: string;
  readonly message: string;
}

export class ProjectError extends Error {
  override readonly name = 'ProjectError';
  constructor(
    /** The file at fault (absolute path). */
    readonly file: string,
    readonly issues: readonly ProjectIssue[],
  ) {
    super(`${file}: ${issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ')}`);
  }
}

/** `a.b."c/d.calc"[0]` — quotes keys that are not plain identifiers so a path with dots stays readable. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else {
      const text = String(key);
      const part = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(text) ? text : JSON.stringify(text);
      out += out ? `.${part}` : part;
    }
  }
  return out;
}

export function issuesOf(error: z.ZodError): ProjectIssue[] {
  return error.issues.map((issue) => ({ field: fieldPath(issue.path), message: issue.message }));
}
