// The errors of a project's settings and files: ProjectError, a project, schema or state file that cannot be read or
// does not validate, with one line per problem; SettingsError, a connection setting that is missing or malformed.
import type { z } from 'zod';
import { fieldPath } from '@calckit/evaluate';

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

/** A connection setting (flag, CALCKIT_* variable, project file) that is missing or malformed, naming where it came from. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}

/** At most this many problems are listed (a 10 MB file of wrong entries would otherwise make a 100 MB message). */
const MAX_ISSUES = 20;
/** Keys quoted in field paths and messages are cut to this many characters. */
const MAX_QUOTED = 80;

/** A text from a file, cut short for a message: `abc…` (no half surrogate pair). */
export function shortText(text: string, max = MAX_QUOTED): string {
  if (text.length <= max) return text;
  let cut = max;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return `${text.slice(0, cut)}…`;
}

export function issuesOf(error: z.ZodError): ProjectIssue[] {
  const issues = error.issues.slice(0, MAX_ISSUES).map((issue) => ({ field: fieldPath(issue.path.map((k) => (typeof k === 'string' ? shortText(k) : k))), message: issue.message }));
  const more = error.issues.length - issues.length;
  if (more > 0) issues.push({ field: '', message: `and ${more.toLocaleString('en-US')} more problem${more === 1 ? '' : 's'}` });
  return issues;
}
