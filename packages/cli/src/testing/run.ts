// `calckit test` as a function: find the test files, read each one with its formula, its project settings and its data
// files, run its cases with the evaluator, and render a report. Exit codes as ESLint's: 0 every test passed, 1 a test
// failed, 2 bad usage, a test file that is invalid (with its line and column) or a data file that cannot be read.
import { dirname, relative, resolve, sep } from 'node:path';
import {
  TestDataError,
  defaultFormulaPath,
  evaluateFormula,
  parseTestFile,
  runTestFile,
  testFileFormat,
  type CasePosition,
  type InputRow,
  type TestCaseResult,
  type TestFileIssue,
} from '@calckit/evaluate';
import { expressionFromFileText } from '@calckit/formula';
import {
  FileAccessError,
  FileEncodingError,
  ProjectError,
  ProjectIndex,
  SettingsError,
  findJsonSyntaxError,
  readFormulaFile,
  readSettingsFileText,
} from '@calckit/project';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { formulaSettings } from './context.js';
import { DataFileError, readRowsFile } from './data.js';
import { discoverTestFiles } from './discover.js';
import { TEST_REPORTERS } from './reporters.js';

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
}

export interface TestCommandInput {
  readonly paths: readonly string[];
  readonly cwd: string;
  readonly format?: string;
  readonly color?: boolean;
  readonly config?: string;
  readonly serviceName?: string;
  readonly passWithNoTests?: boolean;
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
const atStart = (message: string, field = ''): TestFileIssue => ({ field, message, line: 1, column: 1 });

export async function runTests(input: TestCommandInput): Promise<TestCommandResult> {
  const reporter = TEST_REPORTERS[input.format ?? 'stylish'];
  const usage = (error: string, roots: readonly string[] = []): TestCommandResult => ({ exitCode: EXIT_USAGE, report: '', error, files: [], watched: { roots, files: [] } });
  if (!reporter) return usage(`calckit test: unknown format '${input.format}'; use ${Object.keys(TEST_REPORTERS).join(', ')}`);
  const index = new ProjectIndex(input.config !== undefined ? { config: input.config } : {});
  const { files, unmatched, roots } = await discoverTestFiles(input.paths, input.cwd, index);
  if (unmatched.length > 0) return usage(`calckit test: no test files for ${unmatched.map((p) => `'${p}'`).join(', ')} (test files are <formula>.calc.test.json, .yaml or .yml beside the formula)`, roots);
  if (files.length === 0 && input.passWithNoTests !== true) return usage('calckit test: no test files found (test files are <formula>.calc.test.json, .yaml or .yml beside the formula; --pass-with-no-tests allows none)', roots);
  const read = new Set<string>();
  const reports = files.map((file) => runOneFile(file, input, index, read));
  const invalid = reports.some((r) => r.issues.length > 0 || r.cases.some((c) => c.status === 'invalid'));
  const failed = reports.some((r) => r.cases.some((c) => c.status === 'failed'));
  return {
    exitCode: invalid ? EXIT_USAGE : failed ? EXIT_FINDINGS : EXIT_OK,
    report: reporter(reports, { color: input.color === true }),
    files: reports,
    watched: { roots, files: [...read] },
  };
}

function runOneFile(file: string, input: TestCommandInput, index: ProjectIndex, read: Set<string>): TestFileReport {
  const filePath = display(input.cwd, file);
  read.add(file);
  let text: string;
  try {
    text = readSettingsFileText(file, { displayPath: filePath });
  } catch (error) {
    if (!(error instanceof FileAccessError)) throw error;
    return { filePath, formulaPath: display(input.cwd, defaultFormulaPath(file)), issues: [atStart(`cannot read the test file: ${error.reason}`)], cases: [] };
  }
  const parsed = parseTestFile(text, testFileFormat(file), { locateJsonError: findJsonSyntaxError });
  if (!parsed.ok) return { filePath, formulaPath: display(input.cwd, defaultFormulaPath(file)), issues: parsed.issues, cases: [] };
  const spec = parsed.file;
  const formulaFile = spec.formula !== undefined ? resolve(dirname(file), spec.formula) : defaultFormulaPath(file);
  const formulaPath = display(input.cwd, formulaFile);
  read.add(formulaFile);
  let formula: string;
  try {
    formula = expressionFromFileText(readFormulaFile(formulaFile, { displayPath: formulaPath }));
  } catch (error) {
    if (!(error instanceof FileAccessError || error instanceof FileEncodingError)) throw error;
    const reason = error instanceof FileAccessError ? `cannot read the formula ${formulaPath}: ${error.reason}` : error.message;
    return { filePath, formulaPath, issues: [atStart(reason, spec.formula !== undefined ? 'formula' : '')], cases: [] };
  }
  let settings;
  try {
    settings = formulaSettings(index, formulaFile, input.cwd, { serviceName: input.serviceName }, input.env ?? process.env);
  } catch (error) {
    if (error instanceof ProjectError || error instanceof SettingsError) return { filePath, formulaPath, formula, issues: [atStart(error.message)], cases: [] };
    throw error;
  }
  if (settings.project) read.add(settings.project.file);
  if (settings.schemaPath) read.add(settings.schemaPath);
  const rowsCache = new Map<string, readonly InputRow[]>();
  const cases = runTestFile(spec, {
    formula,
    evaluate: evaluateFormula,
    ...(settings.schema !== undefined ? { schema: settings.schema } : {}),
    serviceName: settings.serviceName,
    ...(settings.nestedFormula !== undefined ? { nestedFormula: settings.nestedFormula } : {}),
    rowsFrom: (rows) => {
      const name = (rows.csv ?? rows.json)!;
      const path = resolve(dirname(file), name);
      read.add(path);
      let found = rowsCache.get(path);
      if (found === undefined) {
        try {
          found = readRowsFile(path, display(input.cwd, path), rows.csv !== undefined ? 'csv' : 'json');
        } catch (error) {
          if (error instanceof DataFileError) throw new TestDataError(error.message);
          throw error;
        }
        rowsCache.set(path, found);
      }
      return found;
    },
    clock: () => performance.now(),
  });
  return { filePath, formulaPath, formula, issues: [], cases, positions: parsed.positions };
}
