// What `calckit test` found in one test file: made by the runner (run.ts), read by the reports (reporters.ts).
import type { CasePosition, TestCaseResult, TestFileIssue } from '@calckit/evaluate';
import type { TestFileUpdate } from '@calckit/project';

/** The result of one test file. */
export interface TestFileReport {
  /** The test file, relative to the working directory. */
  readonly filePath: string;
  /** The formula it tests, relative to the working directory. */
  readonly formulaPath: string;
  /** The formula's text (for code frames of evaluation errors), when it could be read. */
  readonly formula?: string;
  /** Why the file could not be run (invalid, its formula or project unreadable): each with its place in the test file. */
  readonly issues: readonly TestFileIssue[];
  readonly cases: readonly TestCaseResult[];
  /** Where each case is in the test file. */
  readonly positions?: readonly CasePosition[];
  /** With `--update`: the cases rewritten, those left as they were and why, a file that could not be written. */
  readonly update?: Omit<TestFileUpdate, 'testFile'>;
}
