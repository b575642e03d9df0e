// Formula tests on disk, shared by `calckit test` and the language server: the test files of a formula
// (`<formula>.calc.test.json|yaml|yml` beside it), the formula of a test file, loading a test file (read +
// parseTestFile, with the places of its cases), the rows of its `{ csv }` / `{ json }` data files (relative to the
// test file), the settings a formula is evaluated with in its project (dataset schema, service name, nested
// calculations through ProjectIndex), and running a test file → its cases' results. The evaluator itself is pure
// (@calckit/evaluate); this module does the reading.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { isMap, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import {
  TEST_FILE_SUFFIXES,
  TestDataError,
  CsvSyntaxError,
  readCsvColumns,
  rowsOfColumns,
  columnsRead,
  defaultFormulaPath,
  evaluateFormula,
  isTestFile,
  parseTestFile,
  runTestCase,
  testFileFormat,
  testFilePathsFor,
  updatedExpectation,
  updateTestFileText,
  type CasePosition,
  type CellColumns,
  type ExpectUpdate,
  type EvaluateOptions,
  type EvaluationResult,
  type InputRow,
  type RowsSpec,
  type TestCaseResult,
  type TestFile,
  type TestFileIssue,
} from '@calckit/evaluate';
import { expressionFromFileText, type DatasetColumn } from '@calckit/formula';
import { resolveServiceName } from './connection.js';
import { ProjectError, SettingsError } from './errors.js';
import { FileAccessError, FileEncodingError, readFormulaFile, readRegularFileSync, readSettingsFileText, writeTextFileAtomicSync } from './files.js';
import { findJsonSyntaxError } from './json-text.js';
import { isInside, writesInside, type Project } from './load.js';
import { calculationForId } from './lookup.js';
import type { ProjectIndex } from './project-index.js';

export { TEST_FILE_SUFFIXES, isTestFile };

// ── Which files ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The test files of a formula file that exist beside it (`x.calc.test.json`, `.yaml`, `.yml`, in that order). */
export const testFilesOf = (formulaFile: string): string[] => testFilePathsFor(formulaFile).filter((f) => existsSync(f));

/** The test file names a formula file could have (whether they exist or not). */
export const testFileCandidates = (formulaFile: string): string[] => testFilePathsFor(formulaFile);

/** Test files found by searching: `<formula>.calc.test.json|yaml|yml` (a named file is taken whatever its name). */
export const TEST_GLOB = `**/*.calc.test.{${TEST_FILE_SUFFIXES.map((s) => s.slice('.test.'.length)).join(',')}}`;
const ALWAYS_IGNORED = ['**/node_modules/**', '**/.git/**'];

export interface DiscoverResult {
  /** Absolute paths of test files, sorted, without duplicates. */
  readonly files: string[];
  /** Paths that name nothing, or nothing with tests. */
  readonly unmatched: string[];
  /** The folders searched (what a watcher watches). */
  readonly roots: string[];
}

/**
 * The test files `paths` name (as `calckit test` takes them): for a directory, every `*.calc.test.json|yaml|yml` under
 * it plus the test files beside each formula the project maps there; for a formula file, its test files; a test file
 * as named; a glob, what it matches. Without paths: the project of `cwd` (its root), else `cwd`.
 */
export async function discoverTestFiles(paths: readonly string[], cwd: string, index: ProjectIndex): Promise<DiscoverResult> {
  const files = new Set<string>();
  const unmatched: string[] = [];
  const roots = new Set<string>();
  let targets = paths;
  if (targets.length === 0) {
    let root = cwd;
    try {
      root = index.projectIn(cwd)?.project.root ?? cwd;
    } catch {
      // A broken project file is reported when a test needs it.
    }
    targets = [root];
  }
  for (const path of targets) {
    const absolute = resolve(cwd, path);
    let stat;
    try {
      stat = statSync(absolute);
    } catch {
      stat = undefined;
    }
    let found: string[] = [];
    if (stat?.isFile()) {
      found = isTestFile(absolute) ? [absolute] : testFilesOf(absolute);
      roots.add(resolve(absolute, '..'));
    } else if (stat?.isDirectory()) {
      roots.add(absolute);
      found = await glob(TEST_GLOB, { cwd: absolute, absolute: true, ignore: ALWAYS_IGNORED, dot: false });
      // Formulas the project maps under this folder whatever their names: their tests too.
      try {
        const project = index.projectIn(absolute)?.project;
        for (const calc of project?.calculations ?? []) {
          if (calc.file === absolute || isInside(absolute, calc.file)) found.push(...testFilesOf(calc.file));
        }
      } catch {
        // As above.
      }
    } else if (isDynamicPattern(path)) {
      roots.add(cwd);
      found = (await glob(path.replace(/\\/g, '/'), { cwd, absolute: true, ignore: ALWAYS_IGNORED, dot: false })).flatMap((f) => (isTestFile(f) ? [f] : testFilesOf(f)));
    }
    // Without paths, an empty project is "no test files", not a path that matched nothing.
    if (found.length === 0 && paths.length > 0) unmatched.push(path);
    for (const f of found) files.add(resolve(f));
  }
  return { files: [...files].sort(), unmatched, roots: [...roots] };
}

/** The formula file a test file tests: its `formula` field (relative to the test file), else its name without `.test.*`. */
export function formulaFileOf(testFile: string, spec?: Pick<TestFile, 'formula'>): string {
  return spec?.formula !== undefined ? resolve(dirname(testFile), spec.formula) : defaultFormulaPath(testFile);
}

// ── Data files ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** Data files may be larger than settings files: 200 MB. */
export const MAX_DATA_BYTES = 200 * 1024 * 1024;

/** A data file that cannot be read or is not rows: one line naming the file and the problem. */
export class DataFileError extends Error {
  override readonly name = 'DataFileError';
}

/**
 * The rows of a `.csv` or `.json` file, or of a file read as `format` (`displayPath` names it in errors). CSV: a
 * header line names the columns; an empty unquoted cell is NULL, `""` is empty text. JSON: an array of row objects.
 * Cells stay as written; the evaluator converts them by the dataset schema. Throws DataFileError.
 */
export function readRowsFile(path: string, displayPath = path, format?: 'csv' | 'json', projectRoot?: string): InputRow[] {
  const data = readDataFile(path, displayPath, format, projectRoot);
  return Array.isArray(data) ? data : rowsOfColumns(data);
}

/**
 * readRowsFile with a CSV file's cells left column by column, as they were read (no object per row): what `calckit
 * eval` converts to the evaluator's table (convertColumns). Throws DataFileError.
 */
export function readDataFile(path: string, displayPath = path, format?: 'csv' | 'json', projectRoot?: string): InputRow[] | CellColumns {
  const kind = format !== undefined ? `.${format}` : extname(path).toLowerCase();
  if (kind !== '.csv' && kind !== '.json') throw new DataFileError(`${displayPath}: rows must be a .csv or .json file`);
  let text: string;
  try {
    text = new TextDecoder('utf-8').decode(readRegularFileSync(path, { maxBytes: MAX_DATA_BYTES, displayPath, ...(projectRoot !== undefined ? { projectRoot } : {}) })).replace(/^\uFEFF/, '');
  } catch (error) {
    if (error instanceof FileAccessError) throw new DataFileError(`cannot read ${displayPath}: ${error.reason}`);
    throw error;
  }
  return kind === '.csv' ? csvColumns(text, displayPath) : jsonRows(text, displayPath);
}

/** Rows of CSV text with a header line. Throws DataFileError. */
export function csvRows(text: string, displayPath: string): InputRow[] {
  return rowsOfColumns(csvColumns(text, displayPath));
}

/** The cells of CSV text with a header line, column by column. Throws DataFileError. */
export function csvColumns(text: string, displayPath: string): CellColumns {
  try {
    return readCsvColumns(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new DataFileError(`${displayPath}: line ${error.line}: ${error.inHeader ? '' : 'not valid CSV: '}${error.problem}`);
    throw error;
  }
}

/** Rows of JSON text: an array of objects whose values are text, numbers, true/false or null. Throws DataFileError. */
export function jsonRows(text: string, displayPath: string): InputRow[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const p = findJsonSyntaxError(text);
    throw new DataFileError(`${displayPath}: not valid JSON${p ? ` at line ${p.line}, column ${p.column}: ${p.problem}` : ''}`);
  }
  if (!Array.isArray(value)) throw new DataFileError(`${displayPath}: must hold an array of row objects ([{ "column": value, … }, …])`);
  value.forEach((row, i) => {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) throw new DataFileError(`${displayPath}: row ${i + 1} is not an object of column name → value`);
    for (const [column, cell] of Object.entries(row as Record<string, unknown>)) {
      if (cell !== null && typeof cell === 'object') throw new DataFileError(`${displayPath}: row ${i + 1}, column "${column}": a cell must be text, a number, true/false or null`);
    }
  });
  return value as InputRow[];
}

export interface RowsFromOptions {
  /** How paths are named in messages (default: as resolved). */
  readonly displayPath?: (absolute: string) => string;
  /** Rows already read, by absolute path (shared by the cases of a file, or a whole run). */
  readonly cache?: Map<string, readonly InputRow[]>;
  /** Called with each data file's absolute path as it is read (what a watcher should watch). */
  readonly onRead?: (absolute: string) => void;
  /** The project the test file belongs to: its data files must really be inside it (links followed). */
  readonly projectRoot?: string;
}

/**
 * The `rowsFrom` of runTestFile for a test file: `{ csv }` / `{ json }` resolved relative to the test file, each
 * file read once; a file that cannot be used throws TestDataError (its case is reported invalid, with the reason).
 */
export function rowsFrom(testFile: string, options: RowsFromOptions = {}): (spec: Exclude<RowsSpec, readonly unknown[]>) => readonly InputRow[] {
  const cache = options.cache ?? new Map<string, readonly InputRow[]>();
  const display = options.displayPath ?? ((p: string) => p);
  return (spec) => {
    const name = (spec.csv ?? spec.json)!;
    const path = resolve(dirname(testFile), name);
    options.onRead?.(path);
    let found = cache.get(path);
    if (found === undefined) {
      try {
        found = readRowsFile(path, display(path), spec.csv !== undefined ? 'csv' : 'json', options.projectRoot);
      } catch (error) {
        if (error instanceof DataFileError) throw new TestDataError(error.message);
        throw error;
      }
      cache.set(path, found);
    }
    return found;
  };
}

/** The data files a test file names (absolute), whether they exist or not. */
export function dataFilesOf(testFile: string, spec: TestFile): string[] {
  const out = new Set<string>();
  for (const rows of [spec.rows, ...spec.tests.map((t) => t.rows)]) {
    if (rows !== undefined && !Array.isArray(rows)) {
      const file = rows as Exclude<RowsSpec, readonly unknown[]>;
      out.add(resolve(dirname(testFile), (file.csv ?? file.json)!));
    }
  }
  return [...out];
}

// ── Loading a test file ────────────────────────────────────────────────────────────────────────────────────────────

/** Where a case is in its test file: UTF-16 offsets in the text (after a BOM), for lenses and diagnostics. */
export interface TestCasePlace {
  /** The case's object. */
  readonly start: number;
  readonly end: number;
  /** Its `name` value, when present. */
  readonly name?: { readonly start: number; readonly end: number };
  /** Its `expect` value, when present. */
  readonly expect?: { readonly start: number; readonly end: number };
  /** Each expected entry of `expect`, in order. */
  readonly expectEntries?: ReadonlyArray<{ readonly start: number; readonly end: number }>;
}

export type LoadedTestFile =
  | {
      readonly ok: true;
      readonly path: string;
      /** The text read (after a BOM). */
      readonly text: string;
      readonly file: TestFile;
      /** The formula file it tests (absolute). */
      readonly formulaFile: string;
      /** The place of each case, by index (`tests[i]`). */
      readonly places: readonly TestCasePlace[];
      /** The same places as 1-based lines and columns (for reports). */
      readonly positions: readonly CasePosition[];
    }
  | {
      readonly ok: false;
      readonly path: string;
      /** The text, when it could be read. */
      readonly text?: string;
      /** What is wrong, each with its line and column (1-based). */
      readonly issues: readonly TestFileIssue[];
      /** The formula file it would test by its name. */
      readonly formulaFile: string;
    };

export interface LoadTestFileOptions {
  /** The file's text when the caller has it (an editor's unsaved buffer); else it is read from disk. */
  readonly text?: string;
  /** How the file is named in messages (default: its path). */
  readonly displayPath?: string;
  /** The project the file belongs to: read from disk, it must really be inside it (links followed). */
  readonly projectRoot?: string;
}

/** Reads and validates a test file. Never throws for a bad file: `ok: false` with the problems and their places. */
export function loadTestFile(path: string, options: LoadTestFileOptions = {}): LoadedTestFile {
  let text = options.text;
  if (text === undefined) {
    try {
      text = readSettingsFileText(path, { displayPath: options.displayPath ?? path, ...(options.projectRoot !== undefined ? { projectRoot: options.projectRoot } : {}) });
    } catch (error) {
      if (!(error instanceof FileAccessError)) throw error;
      return { ok: false, path, issues: [issueAtStart(`cannot read the test file: ${error.reason}`)], formulaFile: defaultFormulaPath(path) };
    }
  }
  text = text.replace(/^\uFEFF/, '');
  const format = testFileFormat(path);
  const parsed = parseTestFile(text, format, { locateJsonError: findJsonSyntaxError });
  if (!parsed.ok) return { ok: false, path, text, issues: parsed.issues, formulaFile: defaultFormulaPath(path) };
  return { ok: true, path, text, file: parsed.file, formulaFile: formulaFileOf(path, parsed.file), places: testCasePlaces(text), positions: parsed.positions };
}

/** The places of `tests[i]` in a test file's text (JSON is YAML 1.2: one reader for both). Empty when unreadable. */
export function testCasePlaces(text: string): TestCasePlace[] {
  const source = text.replace(/^\uFEFF/, '');
  const offset = source.length === text.length ? 0 : 1;
  let doc;
  try {
    doc = parseDocument(source, { lineCounter: new LineCounter(), prettyErrors: false, uniqueKeys: false });
  } catch {
    return [];
  }
  const tests = doc.get('tests', true) as YamlNode | undefined;
  if (!isSeq(tests)) return [];
  const span = (node: unknown): { start: number; end: number } | undefined => {
    const range = (node as YamlNode | null | undefined)?.range;
    return range ? { start: range[0] + offset, end: range[1] + offset } : undefined;
  };
  return tests.items.map((item): TestCasePlace => {
    const whole = span(item) ?? { start: 0, end: 0 };
    if (!isMap(item)) return whole;
    const name = span(item.get('name', true));
    const expectNode = item.get('expect', true) as YamlNode | undefined;
    const expect = span(expectNode);
    const entries = isSeq(expectNode) ? expectNode.items.map((e) => span(e) ?? expect!) : undefined;
    return { ...whole, ...(name ? { name } : {}), ...(expect ? { expect } : {}), ...(entries ? { expectEntries: entries } : {}) };
  });
}

const issueAtStart = (message: string, field = ''): TestFileIssue => ({ field, message, line: 1, column: 1 });

// ── What a formula is evaluated with ───────────────────────────────────────────────────────────────────────────────

export interface FormulaSettings {
  readonly serviceName: string;
  /** The dataset schema of the file's calculation, when the project declares one. */
  readonly schema?: readonly DatasetColumn[];
  readonly nestedFormula?: (id: string) => string | undefined;
  /** The project governing the file. */
  readonly project?: Project;
  /** The dataset schema file the schema came from. */
  readonly schemaPath?: string;
}

/**
 * The settings of a formula file in its project (file undefined: standard input, whose project is `cwd`'s): its dataset
 * schema, the service's name (flag > CALCKIT_SERVICE_NAME > the project's > SVC), and the formula of each nested
 * calculation `<SERVICE>_BEAST_MODE(id)`. Throws ProjectError for a broken project or schema file, SettingsError for a
 * bad service name.
 */
export function formulaSettings(
  index: ProjectIndex,
  file: string | undefined,
  cwd: string,
  flags: { readonly serviceName?: string | undefined } = {},
  env: Readonly<Record<string, string | undefined>> = process.env,
): FormulaSettings {
  let project: Project | undefined;
  let schema: readonly DatasetColumn[] | undefined;
  let schemaPath: string | undefined;
  if (file !== undefined) {
    const info = index.fileInfo(resolve(cwd, file));
    if (info?.schemaError) throw info.schemaError;
    project = info?.project;
    schema = info?.schema;
    schemaPath = info?.dataset?.schemaPath;
  } else project = index.projectIn(cwd)?.project;
  const serviceName = resolveServiceName({ project, env, flag: flags.serviceName }).value;
  return {
    serviceName,
    ...(schema !== undefined ? { schema, ...(schemaPath !== undefined ? { schemaPath } : {}) } : {}),
    ...(project !== undefined ? { project, nestedFormula: nestedFormulas(project) } : {}),
  };
}

/** A nested calculation's formula by id, read from the file the project maps it to (once per call of this). */
export function nestedFormulas(project: Project): (id: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (id) => {
    if (!cache.has(id)) {
      const calc = /^\d+$/.test(id) ? calculationForId(project, Number(id)) : undefined;
      let text: string | undefined;
      if (calc !== undefined) {
        try {
          text = expressionFromFileText(readFormulaFile(calc.file, { projectRoot: project.root }));
        } catch (error) {
          if (!(error instanceof FileAccessError || error instanceof FileEncodingError)) throw error;
        }
      }
      cache.set(id, text);
    }
    return cache.get(id);
  };
}

// ── Running a test file ────────────────────────────────────────────────────────────────────────────────────────────

/** What a case was evaluated on, and the values (kept with `keepValues`: the editor's hover shows them). */
export interface CaseValues {
  readonly rows: readonly InputRow[];
  readonly groupBy: readonly string[];
  readonly result: EvaluationResult;
}

/** The result of one test file. */
export interface TestFileRun {
  /** The test file (absolute). */
  readonly testFile: string;
  /** The formula it tests (absolute). */
  readonly formulaFile: string;
  /** The formula's expression, when it could be read. */
  readonly formula?: string;
  /** The loaded test file (its text, spec and case places), when it is valid. */
  readonly loaded?: Extract<LoadedTestFile, { ok: true }>;
  /** Why the file could not be run (invalid, its formula or project unreadable): each with its place in the test file. */
  readonly issues: readonly TestFileIssue[];
  /** One per case of the file, in order (empty when `issues` stopped the run). */
  readonly cases: readonly TestCaseResult[];
  /** With `keepValues`: per case index, the rows and values it was evaluated with (absent for skipped/invalid ones). */
  readonly values?: ReadonlyArray<CaseValues | undefined>;
  /** The data files the test file names (absolute). */
  readonly dataFiles: readonly string[];
  /**
   * Every file the run read or tried to read, in order (absolute): the test file, its formula, the project file, the
   * dataset schema file, the data files. What `calckit test --watch` watches.
   */
  readonly filesRead: readonly string[];
}

export interface RunFormulaTestsOptions {
  readonly index: ProjectIndex;
  /** Relative paths in the test file resolve against the test file; this is for the project of a formula without a file. */
  readonly cwd?: string;
  /** The test file's text (an editor's buffer); default: read from disk. */
  readonly text?: string;
  /** The formula file's text for a given path (an editor's buffer), or undefined to read it from disk. */
  readonly formulaText?: (formulaFile: string) => string | undefined;
  /** The service name flag (over CALCKIT_SERVICE_NAME and the project's). */
  readonly serviceName?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** How files are named in messages (default: absolute). */
  readonly displayPath?: (absolute: string) => string;
  /** Data files read by earlier test files of the same run. */
  readonly rowsCache?: Map<string, readonly InputRow[]>;
  /** Keep each case's rows and evaluation result (for the editor's hover). */
  readonly keepValues?: boolean;
  /** Milliseconds for durations (default: none measured). */
  readonly clock?: () => number;
  /** The clock when a case and the file set none (default: the real clock). */
  readonly now?: string | Date;
}

/**
 * Runs one test file: reads it (or takes `text`), its formula (or `formulaText`), the formula's project settings and
 * its data files, and runs its cases with the evaluator. Never throws for bad input: problems are `issues` (with
 * places in the test file) or invalid cases.
 */
export function runFormulaTestFile(testFile: string, options: RunFormulaTestsOptions): TestFileRun {
  const display = options.displayPath ?? ((p: string) => p);
  const read = new Set<string>([testFile]);
  const filesRead = (): string[] => [...read];
  // A test file in a project reads only inside it (itself, its formula, its data files): links out are refused.
  const projectRoot = projectRootOf(options.index, testFile);
  const within = projectRoot !== undefined ? { projectRoot } : {};
  const loaded = loadTestFile(testFile, { ...(options.text !== undefined ? { text: options.text } : {}), displayPath: display(testFile), ...within });
  if (!loaded.ok) return { testFile, formulaFile: loaded.formulaFile, issues: loaded.issues, cases: [], dataFiles: [], filesRead: filesRead() };
  const spec = loaded.file;
  const formulaFile = loaded.formulaFile;
  read.add(formulaFile);
  const fail = (issue: TestFileIssue, formula?: string): TestFileRun => ({
    testFile,
    formulaFile,
    ...(formula !== undefined ? { formula } : {}),
    loaded,
    issues: [issue],
    cases: [],
    dataFiles: dataFilesOf(testFile, spec),
    filesRead: filesRead(),
  });
  let formula: string;
  try {
    const buffer = options.formulaText?.(formulaFile);
    formula = expressionFromFileText(buffer ?? readFormulaFile(formulaFile, { displayPath: display(formulaFile), ...within }));
  } catch (error) {
    if (!(error instanceof FileAccessError || error instanceof FileEncodingError)) throw error;
    const reason = error instanceof FileAccessError ? `cannot read the formula ${display(formulaFile)}: ${error.reason}` : error.message;
    return fail(issueAtStart(reason, spec.formula !== undefined ? 'formula' : ''));
  }
  let settings: FormulaSettings;
  try {
    settings = formulaSettings(options.index, formulaFile, options.cwd ?? dirname(formulaFile), { serviceName: options.serviceName }, options.env ?? process.env);
  } catch (error) {
    if (error instanceof ProjectError || error instanceof SettingsError) return fail(issueAtStart(error.message), formula);
    throw error;
  }
  if (settings.project) read.add(settings.project.file);
  if (settings.schemaPath) read.add(settings.schemaPath);
  const values: Array<CaseValues | undefined> = [];
  let current = -1;
  let currentRows: readonly InputRow[] = [];
  const evaluate = (text: string, rows: readonly InputRow[], evaluateOptions: EvaluateOptions): EvaluationResult => {
    currentRows = rows;
    const result = evaluateFormula(text, rows, evaluateOptions);
    if (options.keepValues) values[current] = { rows: currentRows, groupBy: evaluateOptions.groupBy ?? [], result };
    return result;
  };
  const runOptions = {
    formula,
    evaluate,
    ...(settings.schema !== undefined ? { schema: settings.schema } : {}),
    serviceName: settings.serviceName,
    ...(settings.nestedFormula !== undefined ? { nestedFormula: settings.nestedFormula } : {}),
    rowsFrom: rowsFrom(testFile, { displayPath: display, onRead: (path) => read.add(path), ...(options.rowsCache ? { cache: options.rowsCache } : {}), ...within }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.now !== undefined ? { now: options.now } : {}),
  };
  const inputColumns = columnsRead(formula);
  const cases = spec.tests.map((testCase, i): TestCaseResult => {
    current = i;
    return runTestCase(testCase, spec, runOptions, inputColumns);
  });
  return {
    testFile,
    formulaFile,
    formula,
    loaded,
    issues: [],
    cases,
    ...(options.keepValues ? { values } : {}),
    dataFiles: dataFilesOf(testFile, spec),
    filesRead: filesRead(),
  };
}

// ── Updating a test file (`calckit test --update`) ─────────────────────────────────────────────────────────────────

/** What `--update` did to one test file. */
export interface TestFileUpdate {
  readonly testFile: string;
  /** The cases whose `expect` was rewritten with the actual values (names, in file order). */
  readonly updated: readonly string[];
  /** Failed or invalid cases left as they were, and why (the formula stopped with an error, data unreadable). */
  readonly notUpdated: ReadonlyArray<{ readonly name: string; readonly reason: string }>;
  /** Why nothing was written although cases failed (outside the project, changed since the run, unwritable). */
  readonly problem?: string;
}

export interface UpdateTestFileOptions {
  readonly index: ProjectIndex;
  /** The folder a test file outside any project must be under to be written (the working directory). */
  readonly cwd: string;
  /** How files are named in messages (default: absolute). */
  readonly displayPath?: (absolute: string) => string;
}

/**
 * `calckit test --update` for one run test file: each failed case's `expect` replaced by the values it gave (the
 * passing entries as written: see updatedExpectation), written atomically in the file's own format and layout. A
 * case stopped by an evaluation error or by data that cannot be read is left as it is (in `notUpdated`). Nothing is
 * written outside the project holding the test file (outside any project: outside `cwd`), through a symbolic link
 * leading out of it, or when the file changed on disk since it was run. Never throws for a file it cannot write.
 */
export function updateFormulaTestFile(run: TestFileRun, options: UpdateTestFileOptions): TestFileUpdate {
  const display = options.displayPath ?? ((p: string) => p);
  const testFile = run.testFile;
  const none: TestFileUpdate = { testFile, updated: [], notUpdated: [] };
  const loaded = run.loaded;
  if (!loaded || run.issues.length > 0) return none;
  const updates: ExpectUpdate[] = [];
  const updated: string[] = [];
  const notUpdated: Array<{ name: string; reason: string }> = [];
  run.cases.forEach((result, i) => {
    const testCase = loaded.file.tests[i];
    if (!testCase) return;
    const next = updatedExpectation(testCase, result);
    if (next.kind === 'update') {
      updates.push({ index: i, expect: next.expect });
      updated.push(result.name);
    } else if (next.kind === 'not-updated') notUpdated.push({ name: result.name, reason: next.reason });
  });
  if (updates.length === 0) return { testFile, updated: [], notUpdated };
  const refuse = (problem: string): TestFileUpdate => ({ testFile, updated: [], notUpdated, problem });
  let projectRoot: string | undefined;
  try {
    projectRoot = options.index.projectIn(dirname(testFile))?.project.root;
  } catch {
    // A broken project file: the working directory bounds the write.
  }
  const root = projectRoot ?? options.cwd;
  if (!insideForWriting(root, testFile)) {
    return refuse(`not updated: ${display(testFile)} leads outside ${projectRoot !== undefined ? `the project (${root})` : `the working directory (${root}), and no calckit.json holds it`}`);
  }
  let raw: string;
  try {
    raw = new TextDecoder('utf-8').decode(readRegularFileSync(testFile, { displayPath: display(testFile), ...(projectRoot !== undefined ? { projectRoot } : {}) }));
  } catch (error) {
    if (error instanceof FileAccessError) return refuse(`not updated: cannot read ${display(testFile)} again: ${error.reason}`);
    throw error;
  }
  if (raw.replace(/^\uFEFF/, '') !== loaded.text) return refuse(`not updated: ${display(testFile)} changed since it was run; run the tests again`);
  const edited = updateTestFileText(raw, testFileFormat(testFile), updates);
  if (!edited.ok) return refuse(`not updated: ${edited.problem}`);
  try {
    writeTextFileAtomicSync(testFile, edited.text, { displayPath: display(testFile), projectRoot: root });
  } catch (error) {
    if (error instanceof FileAccessError) return refuse(`not updated: ${error.message}`);
    throw error;
  }
  return { testFile, updated, notUpdated };
}

/** The folder of the project holding `file`, or undefined (none, or a broken project file: reported elsewhere). */
function projectRootOf(index: ProjectIndex, file: string): string | undefined {
  try {
    return index.projectIn(dirname(file))?.project.root;
  } catch {
    return undefined;
  }
}

/** Whether writing `file` stays inside `root`: its folder, and the file itself when it is a symbolic link. */
function insideForWriting(root: string, file: string): boolean {
  if (!writesInside(root, file)) return false;
  try {
    const real = realpathSync(file);
    const realRoot = realpathSync(root);
    return isInside(realRoot, real);
  } catch {
    // A file that does not exist (any more): its folder was checked.
    return true;
  }
}
