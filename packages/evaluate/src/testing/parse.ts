// Test file text → a validated TestFile, or every problem with its place in the file (line and column). JSON and YAML
// are both read through the `yaml` library's document model (JSON is YAML 1.2), which keeps each node's offsets, so
// a zod issue's path points at the key or value at fault. Pure: the caller reads the file.
import { isMap, LineCounter, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import { testFileSchema, type TestFile } from './spec.js';

/** One problem of a test file: where (1-based line and column, UTF-16 code units) and what. */
export interface TestFileIssue {
  /** Dotted path of the field (`tests[1].expect[0]`); empty for the whole file. */
  readonly field: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** Where a case is in the file (its item under `tests`), for reports and editors: 1-based lines and columns. */
export interface CasePosition {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export type ParseTestFileResult =
  | { readonly ok: true; readonly file: TestFile; /** One per case, in order. */ readonly positions: readonly CasePosition[] }
  | { readonly ok: false; readonly issues: readonly TestFileIssue[] };

/** At most this many problems are listed. */
const MAX_ISSUES = 20;

/** The format of a test file by its name: `.json`, else YAML. */
export const testFileFormat = (fileName: string): 'json' | 'yaml' => (fileName.endsWith('.json') ? 'json' : 'yaml');

/** Where JSON text stops being JSON (the CLI passes @calckit/project's `findJsonSyntaxError`). */
export type JsonErrorLocator = (text: string) => { readonly line: number; readonly column: number; readonly problem: string } | undefined;

export interface ParseTestFileOptions {
  /** Finds a JSON syntax error's place and reason; without it, V8's position is used when its message gives one. */
  readonly locateJsonError?: JsonErrorLocator;
}

/** Parses and validates test file text (`format` by the file's extension: testFileFormat). Never throws. */
export function parseTestFile(text: string, format: 'json' | 'yaml', options: ParseTestFileOptions = {}): ParseTestFileResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = new LineCounter();
  // Positions are in the text after a BOM, as editors count them.
  const at = (offset: number): { line: number; column: number } => {
    const p = lines.linePos(Math.max(0, offset));
    return { line: p.line, column: p.col };
  };
  let value: unknown;
  let doc: Document.Parsed | undefined;
  if (format === 'json') {
    try {
      value = JSON.parse(source);
    } catch (error) {
      const located = options.locateJsonError?.(source);
      if (located) return { ok: false, issues: [{ field: '', message: `not valid JSON: ${located.problem}`, line: located.line, column: located.column }] };
      const offset = jsonErrorOffset(error, source);
      lineStarts(lines, source);
      const { line, column } = at(offset);
      return { ok: false, issues: [{ field: '', message: `not valid JSON: ${jsonProblem(error)}`, line, column }] };
    }
    // The positions of nodes (a JSON text that is no YAML leaves them at the file's start).
    doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
    if (doc.errors.length > 0) doc = undefined;
  } else {
    doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, merge: false });
    const errors = [...doc.errors];
    if (errors.length > 0) {
      return {
        ok: false,
        issues: errors.slice(0, MAX_ISSUES).map((e) => ({ field: '', message: `not valid YAML: ${e.message}`, ...at(e.pos[0]) })),
      };
    }
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (error) {
      return { ok: false, issues: [{ field: '', message: `not valid YAML: ${(error as Error).message}`, line: 1, column: 1 }] };
    }
  }
  if (value === null || value === undefined) {
    return { ok: false, issues: [{ field: '', message: 'the file is empty: it must hold an object with "tests"', line: 1, column: 1 }] };
  }
  const parsed = testFileSchema.safeParse(value);
  if (parsed.success) {
    const positions = parsed.data.tests.map((_, i): CasePosition => {
      const node = doc?.getIn(['tests', i], true) as YamlNode | undefined;
      const [start, end] = node?.range ?? [0, 0];
      const a = at(start);
      const b = at(end);
      return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
    });
    return { ok: true, file: parsed.data, positions };
  }
  const issues = flatten(parsed.error.issues, [])
    .map((issue) => ({ issue, offset: doc ? offsetOf(doc, issue) : 0 }))
    .sort((a, b) => a.offset - b.offset)
    .slice(0, MAX_ISSUES)
    .map(({ issue, offset }): TestFileIssue => ({ field: fieldPath(issue.path), message: issue.message, ...at(offset) }));
  return { ok: false, issues };
}

interface FlatIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
}

/**
 * zod's issues, with a union's issue replaced by the issues of the one alternative whose shape the value has (rows
 * given as an array: the array's problem, not "must be an array or { csv }").
 */
function flatten(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[]): FlatIssue[] {
  const out: FlatIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union') {
      const fitting = issue.errors.filter((branch) => !branch.every((i) => i.code === 'invalid_type' && i.path.length === 0));
      if (fitting.length === 1) {
        out.push(...flatten(fitting[0]!, path));
        continue;
      }
    }
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: [...path, key], message: `unknown field "${key}"`, keys: [key] });
      continue;
    }
    // A missing field: zod says "expected array, received undefined".
    out.push({ path, message: issue.code === 'invalid_type' && /received undefined$/.test(issue.message) ? `is missing (${issue.expected === 'array' ? 'a list' : `a${/^[aeiou]/.test(issue.expected) ? 'n' : ''} ${issue.expected}`} is required)` : issue.message });
  }
  return out;
}

/** Where an issue points: its node (a key for an unknown field), else the nearest ancestor that exists. */
function offsetOf(doc: Document.Parsed, issue: FlatIssue): number {
  if (issue.keys) {
    const parent = doc.getIn(issue.path.slice(0, -1) as unknown[], true) as YamlNode | undefined;
    if (isMap(parent)) {
      const pair = parent.items.find((p) => (p.key as { value?: unknown } | null)?.value === issue.keys![0]);
      const key = pair?.key as YamlNode | undefined;
      if (key?.range) return key.range[0];
    }
  }
  for (let n = issue.path.length; n >= 0; n--) {
    const node = n === 0 ? (doc.contents as YamlNode | null) : (doc.getIn(issue.path.slice(0, n) as unknown[], true) as YamlNode | undefined);
    if (node && typeof node === 'object' && 'range' in node && node.range) return node.range[0];
  }
  return 0;
}

/** `tests[1].expect[0]`, `tests[0].rows.csv`, `a."c/d.calc"`: a path into a validated document, keys that are not plain
 * identifiers quoted so that a path with dots stays readable (also the project file's, in @calckit/project). */
export function fieldPath(path: readonly PropertyKey[]): string {
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

/** V8's offset of a JSON.parse error (`… in JSON at position 12`), or the end of the text when it says none. */
function jsonErrorOffset(error: unknown, text: string): number {
  const message = error instanceof Error ? error.message : '';
  const m = /at position (\d+)/.exec(message);
  if (m) return Number(m[1]);
  return /end of JSON input/i.test(message) ? text.length : 0;
}

/** What V8 says is wrong, without the text it quotes (`Unexpected token ']', "…" is not valid JSON`). */
function jsonProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/end of JSON input/i.test(message)) return 'unexpected end of the file';
  const problem = message
    .replace(/, (?:\.\.\.)?".*$/s, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/ \(line \d+ column \d+\)$/, '');
  return problem.replace(/^Unexpected token/, 'unexpected character').replace(/^Expected/, 'expected').replace(/^Unexpected/, 'unexpected');
}

/** Fills a LineCounter with the line starts of `text` (for a text the YAML parser did not read). */
function lineStarts(lines: LineCounter, text: string): void {
  lines.addNewLine(0);
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 0x0a) lines.addNewLine(i + 1);
}
