// The reports of `calckit test` (`--format`): stylish (a line per test file, the failed cases with a diff of expected
// and actual values, a summary), json and junit. Text from files (names, messages, values) shows control characters
// as escapes, as the lint reporters do; junit is well-formed XML 1.0 whatever a file holds.
import { describeTolerance, diffSummary, formatDiff, type TestCaseResult } from '@calckit/evaluate';
import { codeFrame, escapeForTerminal } from '@calckit/lint';
import type { TestFileReport } from './report.js';

export interface TestReportContext {
  readonly color: boolean;
}

export type TestReporter = (files: readonly TestFileReport[], context: TestReportContext) => string;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const identity = (s: string) => s;
const colours = (on: boolean) =>
  on
    ? { red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), dim: wrap(2, 22), bold: wrap(1, 22), underline: wrap(4, 24) }
    : { red: identity, green: identity, yellow: identity, dim: identity, bold: identity, underline: identity };

/** Counts over every file: cases by status, and test files that could not be run. */
export function totals(files: readonly TestFileReport[]) {
  const t = { passed: 0, failed: 0, skipped: 0, invalid: 0, invalidFiles: 0, files: files.length };
  for (const f of files) {
    if (f.issues.length > 0) t.invalidFiles++;
    for (const c of f.cases) t[c.status]++;
  }
  return t;
}

/** Why a case failed, in one line: the evaluation error, the data problem, or the count of differing values. */
function failureLine(file: TestFileReport, c: TestCaseResult): string {
  if (c.problem !== undefined) return c.problem;
  if (c.mismatch !== undefined) {
    const where = c.error?.range ? ` (${file.formulaPath}:${c.error.range.start.line}:${c.error.range.start.column})` : '';
    return `${c.mismatch}${where}`;
  }
  if (c.error) {
    const where = c.error.range ? `:${c.error.range.start.line}:${c.error.range.start.column}` : '';
    return `${file.formulaPath}${where}: ${c.error.message} (${c.error.code})`;
  }
  const comparison = c.comparison!;
  const numeric = comparison.rows.some((r) => !r.ok && typeof r.expected === 'number' && typeof r.actual === 'number');
  return `${diffSummary(comparison)}${numeric ? `; tolerance: ${describeTolerance(c.tolerance)}` : ''}`;
}

/** What `--update` did to the files: cases updated, not updated, files not written. */
export function updateTotals(files: readonly TestFileReport[]) {
  const t = { updated: 0, files: 0, notUpdated: 0, unwritten: 0 };
  for (const f of files) {
    if (!f.update) continue;
    t.updated += f.update.updated.length;
    if (f.update.updated.length > 0) t.files++;
    t.notUpdated += f.update.notUpdated.length;
    if (f.update.problem !== undefined) t.unwritten++;
  }
  return t;
}

/** The lines of a file's update under its results. */
function updateLines(file: TestFileReport, c: ReturnType<typeof colours>): string[] {
  const u = file.update;
  if (!u) return [];
  const out: string[] = [];
  const names = (list: readonly string[]) => list.map((n) => `"${escapeForTerminal(n)}"`).join(', ');
  if (u.problem !== undefined) out.push(`  ${c.red('✖')} ${escapeForTerminal(u.problem)}`);
  else if (u.updated.length > 0) out.push(`  ${c.green('↻')} updated ${plural(u.updated.length, 'case')}: ${names(u.updated)}`);
  for (const n of u.notUpdated) out.push(`  ${c.yellow('⚠')} not updated "${escapeForTerminal(n.name)}": ${escapeForTerminal(n.reason)}`);
  return out;
}

export const stylish: TestReporter = (files, context) => {
  const c = colours(context.color);
  const out: string[] = [];
  for (const file of files) {
    const name = escapeForTerminal(file.filePath);
    const counts = { passed: 0, failed: 0, skipped: 0, invalid: 0 };
    for (const r of file.cases) counts[r.status]++;
    if (file.issues.length === 0 && counts.failed === 0 && counts.invalid === 0) {
      const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
      out.push(`${c.green('✔')} ${name}  ${c.dim(`${plural(counts.passed, 'test')} passed${skipped}`)}`);
      out.push(...updateLines(file, c));
      continue;
    }
    out.push(`${c.red('✖')} ${c.underline(name)}`);
    for (const issue of file.issues) {
      out.push(`  ${c.dim(`${issue.line}:${issue.column}`)}  ${c.red('error')}  ${escapeForTerminal(issue.field ? `${issue.field}: ${issue.message}` : issue.message)}`);
    }
    for (const r of file.cases) {
      const caseName = escapeForTerminal(r.name);
      if (r.status === 'passed') out.push(`  ${c.green('✔')} ${caseName}`);
      else if (r.status === 'skipped') out.push(`  ${c.yellow('○')} ${caseName} ${c.dim('(skipped)')}`);
      else {
        out.push(`  ${c.red('✖')} ${caseName}: ${escapeForTerminal(failureLine(file, r))}`);
        if (r.error?.range && file.formula !== undefined) {
          out.push(codeFrame(file.formula, r.error.range, c, c.red).replace(/^/gm, '      '));
        } else if (r.comparison) {
          for (const line of formatDiff(r.comparison)) {
            const text = escapeForTerminal(line);
            out.push(`    ${text.startsWith('✖') ? c.red(text) : text.startsWith('  … ') ? c.dim(text) : text}`);
          }
        }
      }
    }
    out.push(...updateLines(file, c));
  }
  const t = totals(files);
  const parts = [
    t.failed > 0 ? c.red(`${t.failed} failed`) : '',
    t.invalid > 0 ? c.red(`${t.invalid} invalid`) : '',
    t.skipped > 0 ? c.yellow(`${t.skipped} skipped`) : '',
    t.passed > 0 ? c.green(`${t.passed} passed`) : '',
  ].filter(Boolean);
  const total = t.passed + t.failed + t.skipped + t.invalid;
  const fileNote = `${plural(t.files, 'test file')}${t.invalidFiles > 0 ? `, ${t.invalidFiles} invalid` : ''}`;
  out.push('');
  out.push(`${c.bold('Tests:')} ${[...parts, `${total} total`].join(', ')} ${c.dim(`(${fileNote})`)}`);
  if (files.some((f) => f.update)) {
    const u = updateTotals(files);
    const notes = [u.notUpdated > 0 ? c.yellow(`${u.notUpdated} not updated`) : '', u.unwritten > 0 ? c.red(`${plural(u.unwritten, 'test file')} not written`) : ''].filter(Boolean);
    out.push(`${c.bold('Updated:')} ${plural(u.updated, 'case')} in ${plural(u.files, 'test file')}${notes.length > 0 ? `, ${notes.join(', ')}` : ''}`);
  }
  return `${out.join('\n')}\n`;
};

/** One object per test file; per case its status, why it failed and every row compared. */
export const json: TestReporter = (files) => {
  const doc = files.map((f) => ({
    filePath: f.filePath,
    formulaPath: f.formulaPath,
    issues: f.issues.map((i) => ({ line: i.line, column: i.column, field: i.field, message: i.message })),
    tests: f.cases.map((r, i) => ({
      name: r.name,
      ...(f.positions?.[i] ? { line: f.positions[i].line, column: f.positions[i].column } : {}),
      status: r.status,
      ...(r.status === 'failed' || r.status === 'invalid' ? { message: failureLine(f, r) } : {}),
      ...(r.expectedError !== undefined ? { expectedError: r.expectedError } : {}),
      ...(f.update ? { updated: f.update.updated.includes(r.name) } : {}),
      ...(r.error
        ? {
            error: {
              code: r.error.code,
              message: r.error.message,
              ...(r.error.range ? { line: r.error.range.start.line, column: r.error.range.start.column, endLine: r.error.range.end.line, endColumn: r.error.range.end.column } : {}),
            },
          }
        : {}),
      ...(r.comparison
        ? {
            by: r.comparison.by,
            rows: r.comparison.rows.map((row) => ({
              ...(r.comparison!.by === 'rows' ? { row: row.index } : {}),
              ...(row.group !== undefined ? { group: row.group } : {}),
              ...(row.input !== undefined ? { input: row.input } : {}),
              ...('expected' in row ? { expected: row.expected } : {}),
              ...('actual' in row ? { actual: row.actual } : {}),
              ok: row.ok,
            })),
          }
        : {}),
      tolerance: r.tolerance,
    })),
    passCount: f.cases.filter((r) => r.status === 'passed').length,
    failCount: f.cases.filter((r) => r.status === 'failed').length,
    skipCount: f.cases.filter((r) => r.status === 'skipped').length,
    invalidCount: f.cases.filter((r) => r.status === 'invalid').length + (f.issues.length > 0 ? 1 : 0),
    ...(f.update ? { update: f.update } : {}),
  }));
  return `${JSON.stringify(doc, null, 2)}\n`;
};

/** What XML 1.0 does not allow or discourages, lone surrogates included. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udfff]/gu;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };
const xml = (s: string): string => s.replace(NOT_XML, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(/[&<>"'\t\n\r]/g, (ch) => ENTITIES[ch]!);
const xmlText = (s: string): string => xml(s).replace(/&#10;/g, '\n');

/** One <testsuite> per test file, one <testcase> per case: failures carry the diff, an invalid file is one error. */
export const junit: TestReporter = (files) => {
  const t = totals(files);
  const out = ['<?xml version="1.0" encoding="utf-8"?>'];
  const tests = t.passed + t.failed + t.skipped + t.invalid + t.invalidFiles;
  out.push(`<testsuites name="calckit test" tests="${tests}" failures="${t.failed}" errors="${t.invalid + t.invalidFiles}" skipped="${t.skipped}">`);
  for (const f of files) {
    const name = xml(f.filePath);
    const failures = f.cases.filter((r) => r.status === 'failed').length;
    const errors = f.cases.filter((r) => r.status === 'invalid').length + (f.issues.length > 0 ? 1 : 0);
    const skipped = f.cases.filter((r) => r.status === 'skipped').length;
    out.push(`  <testsuite name="${name}" tests="${f.cases.length + (f.issues.length > 0 ? 1 : 0)}" failures="${failures}" errors="${errors}" skipped="${skipped}">`);
    if (f.issues.length > 0) {
      const text = f.issues.map((i) => `${f.filePath}:${i.line}:${i.column}: ${i.field ? `${i.field}: ` : ''}${i.message}`).join('\n');
      out.push(`    <testcase name="${name}" classname="${name}" time="0">`);
      out.push(`      <error message="${xml(`invalid test file: ${f.issues[0]!.message}`)}" type="invalid">${xmlText(text)}</error>`);
      out.push('    </testcase>');
    }
    for (const r of f.cases) {
      const open = `    <testcase name="${xml(r.name)}" classname="${name}" time="${(r.durationMs / 1000).toFixed(3)}"`;
      if (r.status === 'passed') {
        out.push(`${open} />`);
        continue;
      }
      out.push(`${open}>`);
      if (r.status === 'skipped') out.push('      <skipped />');
      else {
        const tag = r.status === 'invalid' ? 'error' : 'failure';
        const detail = r.comparison && r.status === 'failed' ? `\n${formatDiff(r.comparison).join('\n')}` : '';
        out.push(`      <${tag} message="${xml(failureLine(f, r))}" type="${r.error ? r.error.code : r.status === 'invalid' ? 'invalid' : 'values'}">${xmlText(`${failureLine(f, r)}${detail}`)}</${tag}>`);
      }
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
};

export const TEST_REPORTERS: Readonly<Record<string, TestReporter>> = { stylish, json, junit };
