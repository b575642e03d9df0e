// The test runner: one test file's cases against a formula, each evaluated on its rows and compared with what it
// expects. Pure: the caller reads the formula, the test file and the data files (rowsFrom), and passes the evaluator.
import { parseFormula, walk, type DatasetColumn, type Range } from '@calckit/formula';
import { EvaluationError, type EvaluateOptions, type EvaluationResult, type InputRow, type OutputValue } from '../api.js';
import { compareResult, resolveTolerance, withInputs, type Comparison, type ResolvedTolerance } from './compare.js';
import { showValue } from './diff.js';
import { EVALUATION_ERROR_CODES, expectsError, type ErrorExpectation, type ExpectedEntry, type RowsSpec, type SchemaOverride, type TestCase, type TestFile } from './spec.js';

/** The evaluator's signature (`evaluateFormula`). */
export type Evaluate = (text: string, rows: readonly InputRow[], options: EvaluateOptions) => EvaluationResult;

/** A data file a case names could not be used: its rows are not tested (the run's exit code says bad input). */
export class TestDataError extends Error {
  override readonly name = 'TestDataError';
}

export interface RunTestFileOptions {
  /** The formula's text (the expression: without a BOM). */
  readonly formula: string;
  readonly evaluate: Evaluate;
  /** The formula's dataset schema (from the project), used when a case and the file override none. */
  readonly schema?: readonly DatasetColumn[];
  /** The rows of `{ csv }` / `{ json }`; throws TestDataError when they cannot be read. */
  readonly rowsFrom?: (spec: Exclude<RowsSpec, readonly unknown[]>) => readonly InputRow[];
  readonly serviceName?: string;
  readonly nestedFormula?: (id: string) => string | undefined;
  readonly collation?: EvaluateOptions['collation'];
  /** The clock when a case and the file set none (default: the real clock). */
  readonly now?: string | Date;
  /** Milliseconds for durations (default: none measured, 0). */
  readonly clock?: () => number;
}

export type CaseStatus = 'passed' | 'failed' | 'skipped' | 'invalid';

export interface CaseEvaluationError {
  readonly code: string;
  readonly message: string;
  readonly range?: Range;
}

export interface TestCaseResult {
  readonly name: string;
  /**
   * `failed`: values differ or the formula could not be evaluated; `invalid`: the case's data could not be read or
   * does not fit (a cell not of its column's type, a groupBy column the rows lack).
   */
  readonly status: CaseStatus;
  readonly comparison?: Comparison;
  readonly tolerance: ResolvedTolerance;
  /** The evaluation error that stopped the case. */
  readonly error?: CaseEvaluationError;
  /** Why an invalid case was not run. */
  readonly problem?: string;
  /**
   * A case that expects an error (`expect: { error }`): what it expects, shown as `unsupported-function` or
   * `an error whose message contains "division"`.
   */
  readonly expectedError?: string;
  /** Why a case that expects an error failed: it gave values, or stopped with another error (then in `error`). */
  readonly mismatch?: string;
  /** The values of a case that evaluated (kept for `calckit test --update`). */
  readonly result?: EvaluationResult;
  readonly durationMs: number;
}

/** How an error expectation reads in messages: `unsupported-function`, `an error whose message contains "x"`. */
export function describeErrorExpectation(expect: ErrorExpectation): string {
  const e = expect.error;
  const { code, message } = typeof e === 'string' ? ((EVALUATION_ERROR_CODES as readonly string[]).includes(e) ? { code: e, message: undefined } : { code: undefined, message: e }) : e;
  const text = message !== undefined ? `message containing ${JSON.stringify(message)}` : '';
  if (code !== undefined) return text ? `the error ${code} with a ${text}` : `the error ${code}`;
  return `an error with a ${text}`;
}

/** Whether an evaluation error is the one a case expects: its code, and/or a part of its message (case-insensitive). */
export function errorMatches(expect: ErrorExpectation, error: { readonly code: string; readonly message: string }): boolean {
  const e = expect.error;
  const contains = (part: string) => error.message.toLowerCase().includes(part.toLowerCase());
  if (typeof e === 'string') return (EVALUATION_ERROR_CODES as readonly string[]).includes(e) ? error.code === e : contains(e);
  return (e.code === undefined || e.code === error.code) && (e.message === undefined || contains(e.message));
}

/** At most this many values are quoted when a case that expects an error gave values. */
const MAX_QUOTED_VALUES = 5;

/** Input columns shown beside a row-level diff: the first few the formula reads. */
const MAX_INPUT_COLUMNS = 4;

/** Runs every case of a test file, in order. */
export function runTestFile(file: TestFile, options: RunTestFileOptions): TestCaseResult[] {
  const inputColumns = columnsRead(options.formula);
  return file.tests.map((testCase) => runTestCase(testCase, file, options, inputColumns));
}

/** The distinct columns a formula reads, in order of appearance (at most MAX_INPUT_COLUMNS). */
export function columnsRead(formula: string): string[] {
  const names: string[] = [];
  walk(parseFormula(formula).formula, {
    enter(node) {
      if (node.kind === 'Column' && !names.includes(node.name) && names.length < MAX_INPUT_COLUMNS) names.push(node.name);
    },
  });
  return names;
}

/** The dataset columns of a schema override (`{ "Revenue": "DECIMAL" }` or a schema file's array). */
export function schemaColumns(override: SchemaOverride): DatasetColumn[] {
  if (Array.isArray(override)) return override.map((c) => ({ ...c }));
  return Object.entries(override).map(([name, type], order) => ({ name, id: name, type, visible: true, order }));
}

export function runTestCase(testCase: TestCase, file: Pick<TestFile, 'rows' | 'now' | 'schema' | 'tolerance' | 'collation'>, options: RunTestFileOptions, inputColumns: readonly string[] = columnsRead(options.formula)): TestCaseResult {
  const tolerance = resolveTolerance(testCase.tolerance ?? file.tolerance);
  const clock = options.clock ?? (() => 0);
  const started = clock();
  const base = { name: testCase.name, tolerance };
  if (testCase.skip === true) return { ...base, status: 'skipped', durationMs: 0 };
  const spec = testCase.rows ?? file.rows;
  let rows: readonly InputRow[];
  try {
    if (spec === undefined) throw new TestDataError('the case has no rows');
    rows = Array.isArray(spec) ? (spec as readonly InputRow[]) : rowsOrThrow(spec as Exclude<RowsSpec, readonly unknown[]>, options);
  } catch (error) {
    if (!(error instanceof TestDataError)) throw error;
    return { ...base, status: 'invalid', problem: error.message, durationMs: clock() - started };
  }
  const override = testCase.schema ?? file.schema;
  const schema = override !== undefined ? schemaColumns(override) : options.schema;
  const groupBy = testCase.groupBy ?? [];
  const now = testCase.now ?? file.now ?? options.now;
  const collation = testCase.collation ?? file.collation ?? options.collation;
  const expectedError = expectsError(testCase.expect) ? testCase.expect : undefined;
  const errorBase = expectedError ? { ...base, expectedError: describeErrorExpectation(expectedError) } : base;
  const evaluateOptions: EvaluateOptions = {
    ...(schema !== undefined ? { schema } : {}),
    ...(groupBy.length > 0 ? { groupBy } : {}),
    ...(now !== undefined ? { now } : {}),
    ...(collation !== undefined ? { collation } : {}),
    ...(options.serviceName !== undefined ? { serviceName: options.serviceName } : {}),
    ...(options.nestedFormula !== undefined ? { nestedFormula: options.nestedFormula } : {}),
  };
  let result: EvaluationResult;
  try {
    result = options.evaluate(options.formula, rows, evaluateOptions);
  } catch (error) {
    if (!(error instanceof EvaluationError)) throw error;
    const evaluationError: CaseEvaluationError = { code: error.code, message: error.message, ...(error.range ? { range: error.range } : {}) };
    // A case that expects an error passes with it (whatever it is: bad input too, when that is the point of the case).
    if (expectedError) {
      const ok = errorMatches(expectedError, error);
      return {
        ...errorBase,
        status: ok ? 'passed' : 'failed',
        error: evaluationError,
        ...(ok ? {} : { mismatch: `expected ${describeErrorExpectation(expectedError)}, but the formula stopped with ${error.code}: ${error.message}` }),
        durationMs: clock() - started,
      };
    }
    // The case's own input at fault — a cell that does not convert to its column's type, a groupBy column the rows
    // lack (an unknown column with no place in the formula) — makes the case invalid, not the formula wrong.
    if (error.code === 'bad-input' || (error.code === 'unknown-column' && error.range === undefined)) {
      return { ...base, status: 'invalid', problem: `${error.message} (${error.code})`, durationMs: clock() - started };
    }
    return { ...base, status: 'failed', error: evaluationError, durationMs: clock() - started };
  }
  if (expectedError) {
    const values = result.rows.slice(0, MAX_QUOTED_VALUES).map((r) => showValue(r.value));
    const more = result.rows.length > MAX_QUOTED_VALUES ? `, … (${result.rows.length} in all)` : '';
    const what = result.kind === 'groups' ? 'group' : 'row';
    return {
      ...errorBase,
      status: 'failed',
      mismatch: `expected ${describeErrorExpectation(expectedError)}, but the formula evaluated: ${result.rows.length} ${what}${result.rows.length === 1 ? '' : 's'} [${values.join(', ')}${more}]`,
      result,
      durationMs: clock() - started,
    };
  }
  const compared = compareResult(testCase.expect as readonly ExpectedEntry[], result, groupBy, tolerance);
  // A row-level diff shows the cells each row's value came from.
  const comparison = result.kind === 'rows' ? withInputs(compared, rows, inputColumns) : compared;
  return { ...base, status: comparison.differences === 0 ? 'passed' : 'failed', comparison, result, durationMs: clock() - started };
}

function rowsOrThrow(spec: Exclude<RowsSpec, readonly unknown[]>, options: RunTestFileOptions): readonly InputRow[] {
  if (!options.rowsFrom) throw new TestDataError(`rows from ${spec.csv ?? spec.json} cannot be read here (no file access)`);
  return options.rowsFrom(spec);
}

/** Counts of a file's or a run's case results. */
export function countResults(results: readonly TestCaseResult[]): Record<CaseStatus, number> {
  const counts: Record<CaseStatus, number> = { passed: 0, failed: 0, skipped: 0, invalid: 0 };
  for (const r of results) counts[r.status]++;
  return counts;
}

export type { OutputValue };
