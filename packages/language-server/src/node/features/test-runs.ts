// Formula tests in the server: runs a formula's test files (`<formula>.calc.test.json|yaml|yml`, read through
// @calckit/project's formula-tests with the editor's unsaved texts), keeps the last results per test file, publishes
// failures and invalid test files as diagnostics on the test file, and answers the lenses and the hover. A result
// counts only for the texts it was computed from: a lens or hover never shows a stale one, and diagnostics are
// published only for the test file's version that was run.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { basename } from 'node:path';
import { DiagnosticSeverity, type Diagnostic, type DiagnosticRelatedInformation, type Range } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { countResults, diffSummary, formatDiff, type CaseStatus, type TestCaseResult, type TestFileIssue } from '@calckit/evaluate';
import { expressionFromFileText } from '@calckit/formula';
import { formulaFileOf, isTestFile, loadTestFile, readSettingsFileText, runFormulaTestFile, testFilesOf, type TestCasePlace, type TestFileRun } from '@calckit/project';
import type { ServerContext } from '../../context.js';
import { describeError } from '../../log.js';
import type { TimerHandle } from '../../scheduling.js';
import { projectIndexOf } from '../project.js';

/** The source of test diagnostics. */
export const TEST_SOURCE = 'calckit test';
/** The server's command: arguments `[uri?]` (a formula or test file; none: every open one). */
export const RUN_TESTS_COMMAND = 'calckit.runTests';
/** Quiet time after a change of a test or formula document before its tests run again. */
const RERUN_DELAY_MS = 150;

export const isTestUri = (uri: string): boolean => isTestFile(uri);
const pathOf = (uri: string): string | undefined => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);
const uriOf = (path: string): string => pathToFileURL(path).href;

export interface TestSummary {
  readonly files: number;
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly invalid: number;
  /** Test files that could not be run (invalid, formula or project unreadable). */
  readonly brokenFiles: number;
}

interface Kept {
  readonly run: TestFileRun;
  /** The test file's open version the run read (undefined: read from disk). */
  readonly version: number | undefined;
}

/** A small file's text on disk, or undefined when it cannot be read. */
function diskText(path: string): string | undefined {
  try {
    return readSettingsFileText(path);
  } catch {
    return undefined;
  }
}

export class TestRuns {
  private readonly results = new Map<string, Kept>();
  /** Runs made for a hover only (not published), by test file. */
  private readonly forHover = new Map<string, Kept>();
  private readonly timers = new Map<string, TimerHandle>();
  /** Test files whose diagnostics are shown (cleared when they go away). */
  private readonly shown = new Set<string>();

  constructor(private readonly ctx: ServerContext) {}

  /** The test files of a formula file beside it. */
  testFilesOf(formulaPath: string): string[] {
    return testFilesOf(formulaPath);
  }

  /** The text of an open document by path (the editor's buffer), else undefined. */
  private openText(path: string): string | undefined {
    return this.ctx.documents.textOf(uriOf(path))?.getText();
  }

  /** Runs one test file now (the editor's texts over the disk), keeps and publishes the result. */
  async run(testFile: string): Promise<TestFileRun> {
    const uri = uriOf(testFile);
    const version = this.ctx.documents.versionOf(uri);
    const text = this.openText(testFile);
    if (text === undefined && !existsSync(testFile)) {
      // Deleted (or renamed away): its results and diagnostics go.
      this.results.delete(testFile);
      this.forHover.delete(testFile);
      if (this.shown.delete(testFile)) await this.ctx.connection.sendDiagnostics({ uri, diagnostics: [] });
      this.refreshLenses();
      return { testFile, formulaFile: formulaFileOf(testFile), issues: [], cases: [], dataFiles: [], filesRead: [testFile] };
    }
    const formulaPathGuess = loadTestFile(testFile, text !== undefined ? { text } : {}).formulaFile;
    const settings = await this.ctx.settings.forDocument(uriOf(formulaPathGuess));
    const run = runFormulaTestFile(testFile, {
      index: projectIndexOf(this.ctx),
      ...(text !== undefined ? { text } : {}),
      formulaText: (path) => this.openText(path),
      ...(settings.serviceName !== undefined ? { serviceName: settings.serviceName } : {}),
      keepValues: true,
    });
    // The document changed while settings were read: its newer version runs when its change is handled.
    if (this.ctx.documents.versionOf(uri) !== version) return run;
    this.results.set(testFile, { run, version });
    await this.publish(testFile, run, version);
    this.refreshLenses();
    return run;
  }

  /** Runs the test files of formulas or test files (paths), in order; the counts of the whole run. */
  async runAll(paths: readonly string[]): Promise<TestSummary> {
    const files = [...new Set(paths.flatMap((p) => (isTestFile(p) ? [p] : this.testFilesOf(p))))];
    const counts = { files: files.length, passed: 0, failed: 0, skipped: 0, invalid: 0, brokenFiles: 0 };
    for (const file of files) {
      const run = await this.run(file);
      if (run.issues.length > 0) counts.brokenFiles++;
      const c = countResults(run.cases);
      counts.passed += c.passed;
      counts.failed += c.failed;
      counts.skipped += c.skipped;
      counts.invalid += c.invalid;
    }
    return counts;
  }

  /** The kept result of a test file if it was computed from the texts open now (the formula's and the test's). */
  fresh(testFile: string, kept = this.results.get(testFile)): TestFileRun | undefined {
    if (!kept) return undefined;
    const uri = uriOf(testFile);
    if (this.ctx.documents.versionOf(uri) !== kept.version) return undefined;
    // The texts as they are now (the editor's, else the disk's: a client without file watching changes them unseen).
    if (kept.version === undefined && kept.run.loaded && diskText(testFile) !== kept.run.loaded.text) return undefined;
    const formula = this.openText(kept.run.formulaFile) ?? diskText(kept.run.formulaFile);
    if (kept.run.formula !== undefined && (formula === undefined || expressionFromFileText(formula) !== kept.run.formula)) return undefined;
    return kept.run;
  }

  /** Runs a test file again after a quiet time (a change of it, its formula or its data). */
  schedule(testFile: string, delay = RERUN_DELAY_MS): void {
    clearTimeout(this.timers.get(testFile));
    this.timers.set(
      testFile,
      setTimeout(() => {
        this.timers.delete(testFile);
        this.run(testFile).catch((error: unknown) => this.ctx.log.error(`tests of ${testFile} failed to run: ${describeError(error)}`));
      }, delay).unref(),
    );
  }

  /** Test files worth running again: open ones and those already run. */
  private watchedTestFiles(): Set<string> {
    const out = new Set(this.results.keys());
    for (const uri of this.ctx.documents.uris()) {
      const path = pathOf(uri);
      if (path && isTestFile(path)) out.add(path);
    }
    return out;
  }

  /** A document changed (or opened, or closed): run what it can change. */
  documentChanged(uri: string): void {
    const path = pathOf(uri);
    if (!path) return;
    if (isTestFile(path)) {
      this.forHover.delete(path);
      this.schedule(path);
      return;
    }
    for (const testFile of this.watchedTestFiles()) {
      const kept = this.results.get(testFile);
      const formula = kept?.run.formulaFile ?? loadTestFile(testFile, this.openTextOption(testFile)).formulaFile;
      if (formula === path) this.schedule(testFile);
    }
  }

  private openTextOption(path: string): { text?: string } {
    const text = this.openText(path);
    return text !== undefined ? { text } : {};
  }

  /** Files changed on disk: run again the test files they can change (all of them when the project changed). */
  filesChanged(paths: readonly string[]): void {
    // Data, nested formulas or the project may have changed: hover values are computed again.
    this.forHover.clear();
    const changed = new Set(paths);
    // A project file that appears or goes, or a nested calculation's formula, can change any result.
    const everything = paths.some((p) => basename(p) === 'calckit.json' || p.endsWith('.calc'));
    for (const testFile of this.watchedTestFiles()) {
      const run = this.results.get(testFile)?.run;
      // What the run read: the test file, its formula, the project and schema files, the data files.
      if (everything || changed.has(testFile) || !run || run.filesRead.some((f) => changed.has(f)) || run.dataFiles.some((d) => changed.has(d))) {
        this.schedule(testFile);
      }
    }
    // A test file deleted: its diagnostics go.
    for (const p of paths) if (isTestFile(p) && this.shown.has(p)) this.schedule(p);
  }

  /** The lens counts of a formula: its test files and their cases (fresh results, or what would run). */
  formulaStatus(formulaPath: string): { total: number; counts?: Record<CaseStatus, number>; broken: number; files: number } | undefined {
    const files = this.testFilesOf(formulaPath);
    if (files.length === 0) return undefined;
    let total = 0;
    let broken = 0;
    let allFresh = true;
    const counts: Record<CaseStatus, number> = { passed: 0, failed: 0, skipped: 0, invalid: 0 };
    for (const file of files) {
      const run = this.fresh(file);
      if (run && run.formulaFile === formulaPath) {
        if (run.issues.length > 0) broken++;
        total += run.loaded?.file.tests.length ?? 0;
        const c = countResults(run.cases);
        for (const k of Object.keys(counts) as CaseStatus[]) counts[k] += c[k];
        continue;
      }
      allFresh = false;
      const loaded = loadTestFile(file, this.openTextOption(file));
      if (loaded.ok) total += loaded.file.tests.length;
      else broken++;
    }
    return { total, broken, files: files.length, ...(allFresh ? { counts } : {}) };
  }

  /** Publishes a run's diagnostics on its test file (only for the version that was run). */
  private async publish(testFile: string, run: TestFileRun, version: number | undefined): Promise<void> {
    const uri = uriOf(testFile);
    if (this.ctx.documents.versionOf(uri) !== version) return;
    const diagnostics = testDiagnostics(run, this.ctx.documents.textOf(uri)?.getText());
    if (diagnostics.length === 0 && !this.shown.has(testFile)) return;
    if (diagnostics.length > 0) this.shown.add(testFile);
    else this.shown.delete(testFile);
    await this.ctx.connection.sendDiagnostics({ uri, ...(version !== undefined ? { version } : {}), diagnostics });
  }

  /** Asks the client to ask for lenses again (when it can be asked). */
  refreshLenses(): void {
    if (this.ctx.client().workspace?.codeLens?.refreshSupport) void this.ctx.connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
  }

  /** The hover input of a formula: the first test file's first case that ran (run now when no fresh result). */
  valuesFor(formulaPath: string): { run: TestFileRun; index: number } | undefined {
    const file = this.testFilesOf(formulaPath)[0];
    if (file === undefined) return undefined;
    let run = this.fresh(file) ?? this.fresh(file, this.forHover.get(file));
    if (!run) {
      // Synchronous and kept only for the hover: the diagnostics follow the commands and changes.
      const text = this.openText(file);
      const version = this.ctx.documents.versionOf(uriOf(file));
      run = runFormulaTestFile(file, {
        index: projectIndexOf(this.ctx),
        ...(text !== undefined ? { text } : {}),
        formulaText: (path) => this.openText(path),
        keepValues: true,
      });
      this.forHover.set(file, { run, version });
    }
    if (run.issues.length > 0 || run.cases.length === 0) return { run, index: -1 };
    const index = run.cases.findIndex((c, i) => c.status !== 'skipped' && (run!.values?.[i] !== undefined || c.error !== undefined || c.problem !== undefined));
    return { run, index: index < 0 ? 0 : index };
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}

/** One TestRuns per server. */
const instances = new WeakMap<ServerContext, TestRuns>();
export function testRunsOf(ctx: ServerContext): TestRuns {
  let runs = instances.get(ctx);
  if (!runs) {
    runs = new TestRuns(ctx);
    instances.set(ctx, runs);
  }
  return runs;
}

// ── Diagnostics of a run ───────────────────────────────────────────────────────────────────────────────────────────

/** The diagnostics of a test file's run: its issues, and each failed or invalid case at its `expect` or name. */
export function testDiagnostics(run: TestFileRun, openText: string | undefined): Diagnostic[] {
  const text = run.loaded?.text ?? openText ?? '';
  const doc = TextDocument.create('file:///test', 'json', 0, text);
  const out: Diagnostic[] = [];
  for (const issue of run.issues) out.push(issueDiagnostic(doc, issue));
  if (!run.loaded) return out;
  const formulaUri = uriOf(run.formulaFile);
  const formulaDoc = run.formula !== undefined ? TextDocument.create(formulaUri, 'calc', 0, run.formula) : undefined;
  const wholeFormula: Range = formulaDoc ? { start: { line: 0, character: 0 }, end: formulaDoc.positionAt(run.formula!.length) } : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  run.cases.forEach((result, i) => {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const place = run.loaded!.places[i];
    const span = caseSpan(result, place);
    const range = span ? { start: doc.positionAt(span.start), end: doc.positionAt(span.end) } : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const related: DiagnosticRelatedInformation[] = [];
    let message: string;
    if (result.status === 'invalid') message = `"${result.name}" was not run: ${result.problem ?? 'its data cannot be read'}`;
    else if (result.error || result.mismatch !== undefined) {
      message = `"${result.name}" failed: ${result.mismatch ?? `the formula stopped with an error: ${result.error!.message}`}`;
      const r = result.error?.range;
      related.push({
        location: { uri: formulaUri, range: r && formulaDoc ? { start: formulaDoc.positionAt(r.start.offset), end: formulaDoc.positionAt(r.end.offset) } : wholeFormula },
        message: result.error?.message ?? `the formula tested (${basename(run.formulaFile)})`,
      });
    } else {
      const c = result.comparison!;
      message = `"${result.name}" failed: ${diffSummary(c)}\n${formatDiff(c).join('\n')}`;
      related.push({ location: { uri: formulaUri, range: wholeFormula }, message: `the formula tested (${basename(run.formulaFile)})` });
    }
    out.push({
      range,
      severity: DiagnosticSeverity.Error,
      source: TEST_SOURCE,
      code: result.status === 'invalid' ? 'test-invalid' : 'test-failed',
      message,
      ...(related.length > 0 ? { relatedInformation: related } : {}),
    });
  });
  return out;
}

/** Where a failed case is shown: its first differing expected value, else its `expect`, else its name. */
function caseSpan(result: TestCaseResult, place: TestCasePlace | undefined): { start: number; end: number } | undefined {
  if (!place) return undefined;
  if (result.status === 'invalid') return place.name ?? place.expect ?? place;
  const c = result.comparison;
  if (c && c.by === 'rows') {
    const first = c.rows.find((r) => !r.ok);
    const entry = first ? place.expectEntries?.[first.index - 1] : undefined;
    if (entry) return entry;
  }
  return place.expect ?? place.name ?? place;
}

/** A test file problem at its line and column, over the token there. */
function issueDiagnostic(doc: TextDocument, issue: TestFileIssue): Diagnostic {
  const start = { line: Math.max(0, issue.line - 1), character: Math.max(0, issue.column - 1) };
  const offset = doc.offsetAt(start);
  const token = /^("(?:[^"\\\n]|\\.)*"|[^\s,:\]}]+)/.exec(doc.getText().slice(offset, offset + 200));
  const end = doc.positionAt(offset + Math.max(1, token?.[0].length ?? 1));
  return {
    range: { start, end: end.line === start.line ? end : start },
    severity: DiagnosticSeverity.Error,
    source: TEST_SOURCE,
    code: 'invalid-test-file',
    message: issue.field ? `${issue.field}: ${issue.message}` : issue.message,
  };
}
