// `calckit test` as a function: find the test files, read each one with its formula, its project settings and its data
// files, run its cases with the evaluator, and render a report. Exit codes as ESLint's: 0 every test passed, 1 a test
// failed, 2 bad usage, a test file that is invalid (with its line and column) or a data file that cannot be read.
import { relative, sep } from 'node:path';
import type { InputRow } from '@calckit/evaluate';
import { ProjectIndex, discoverTestFiles, runFormulaTestFile, updateFormulaTestFile, type TestFileRun } from '@calckit/project';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import type { TestFileReport } from './report.js';
import { TEST_REPORTERS } from './reporters.js';

export interface TestCommandInput {
  readonly paths: readonly string[];
  readonly cwd: string;
  readonly format?: string;
  readonly color?: boolean;
  readonly config?: string;
  readonly serviceName?: string;
  readonly passWithNoTests?: boolean;
  /** Rewrite the expected values of failed cases with the actual ones (`--update`), then report the files as they are now. */
  readonly update?: boolean;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface TestCommandResult {
  readonly exitCode: number;
  readonly report: string;
  /** A usage error for stderr. */
  readonly error?: string;
  readonly files: readonly TestFileReport[];
  /** The folders searched and the files read (what --watch watches: their folders). */
  readonly watched: { readonly roots: readonly string[]; readonly files: readonly string[] };
}

const display = (cwd: string, file: string) => relative(cwd, file).split(sep).join('/') || file;

export async function runTests(input: TestCommandInput): Promise<TestCommandResult> {
  const reporter = TEST_REPORTERS[input.format ?? 'stylish'];
  const usage = (error: string, roots: readonly string[] = []): TestCommandResult => ({ exitCode: EXIT_USAGE, report: '', error, files: [], watched: { roots, files: [] } });
  if (!reporter) return usage(`calckit test: unknown format '${input.format}'; use ${Object.keys(TEST_REPORTERS).join(', ')}`);
  const index = new ProjectIndex(input.config !== undefined ? { config: input.config } : {});
  const { files, unmatched, roots } = await discoverTestFiles(input.paths, input.cwd, index);
  if (unmatched.length > 0) return usage(`calckit test: no test files for ${unmatched.map((p) => `'${p}'`).join(', ')} (test files are <formula>.calc.test.json, .yaml or .yml beside the formula)`, roots);
  if (files.length === 0 && input.passWithNoTests !== true) return usage('calckit test: no test files found (test files are <formula>.calc.test.json, .yaml or .yml beside the formula; --pass-with-no-tests allows none)', roots);
  const read = new Set<string>();
  // Data files are read once a run, whichever test files name them.
  const rowsCache = new Map<string, readonly InputRow[]>();
  const reports = files.map((file) => {
    const report = runOneFile(file, input, index, read, rowsCache);
    if (input.update !== true) return report.report;
    const update = updateFormulaTestFile(report.run, { index, cwd: input.cwd, displayPath: (p) => display(input.cwd, p) });
    const { testFile: _, ...rest } = update;
    // Run again what was written: the report shows the file as it is now (an update that does not pass is a failure).
    const now = update.updated.length > 0 ? runOneFile(file, input, index, read, rowsCache).report : report.report;
    return { ...now, update: rest };
  });
  const invalid = reports.some((r) => r.issues.length > 0 || r.cases.some((c) => c.status === 'invalid'));
  const failed = reports.some((r) => r.cases.some((c) => c.status === 'failed'));
  return {
    exitCode: invalid ? EXIT_USAGE : failed ? EXIT_FINDINGS : EXIT_OK,
    report: reporter(reports, { color: input.color === true }),
    files: reports,
    watched: { roots, files: [...read] },
  };
}

/** One test file through @calckit/project's runner (reading it, its formula, project settings and data files). */
function runOneFile(file: string, input: TestCommandInput, index: ProjectIndex, read: Set<string>, rowsCache: Map<string, readonly InputRow[]>): { report: TestFileReport; run: TestFileRun } {
  const r = runFormulaTestFile(file, {
    index,
    cwd: input.cwd,
    ...(input.serviceName !== undefined ? { serviceName: input.serviceName } : {}),
    env: input.env ?? process.env,
    displayPath: (p) => display(input.cwd, p),
    clock: () => performance.now(),
    rowsCache,
  });
  for (const f of r.filesRead) read.add(f);
  const report: TestFileReport = {
    filePath: display(input.cwd, file),
    formulaPath: display(input.cwd, r.formulaFile),
    ...(r.formula !== undefined ? { formula: r.formula } : {}),
    issues: r.issues,
    cases: r.cases,
    // The places of the cases, when they ran.
    ...(r.loaded !== undefined && r.issues.length === 0 ? { positions: r.loaded.positions } : {}),
  };
  return { report, run: r };
}
