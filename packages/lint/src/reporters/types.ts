// What a reporter receives: the results of a run (paths as the user should see them) and a little context.
import type { LintResult, Rule } from '../types.js';

export interface FileResult extends LintResult {
  /** The path to show and to put in reports: relative to the working directory, `/`-separated. */
  readonly filePath: string;
}

export interface ReportContext {
  readonly color: boolean;
  /** The rules of the run (SARIF lists them with their settings). */
  readonly rules: readonly Rule[];
  readonly toolVersion: string;
  /** Absolute URL of the rule pages (`${docsUrl}${id}.md`), when the project publishes them; SARIF links to them. */
  readonly docsUrl?: string;
  /** Problems above `--max-warnings`, for the summary line. */
  readonly maxWarnings?: number;
}

export type Reporter = (results: readonly FileResult[], context: ReportContext) => string;
