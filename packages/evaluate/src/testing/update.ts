// `calckit test --update`: the expected values of failed cases replaced by the actual ones, in the test file's text.
// Only what changes is rewritten: a value that differs is replaced where it stands (the rest of the file — comments,
// layout, indentation, quoting — stays as written); an `expect` whose shape changes (rows added or gone, groups
// renamed, `{ error }` → values) is rewritten whole in the style it had (one line, one entry per line, flow or block
// YAML). The new text is parsed again and must read back as the intended file, else nothing is written. Pure.
import { isMap, isPair, isScalar, isSeq, parse as parseYaml, parseDocument, type Node as YamlNode, type Pair } from 'yaml';
import type { EvaluationResult, OutputValue } from '../api.js';
import { parseTestFile } from './parse.js';
import type { TestCaseResult } from './run.js';
import { expectsError, type ExpectedEntry, type TestCase } from './spec.js';

/** The new `expect` of a case, by its index in `tests`. */
export interface ExpectUpdate {
  readonly index: number;
  readonly expect: readonly ExpectedEntry[];
}

export type UpdatedExpectation =
  /** Nothing to update: the case passed or was skipped. */
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'update'; readonly expect: ExpectedEntry[] }
  /** A failed or invalid case that cannot be updated: the formula stopped with an error, its data cannot be read. */
  | { readonly kind: 'not-updated'; readonly reason: string };

const isObject = (e: ExpectedEntry | undefined): e is Readonly<Record<string, OutputValue>> => e !== null && typeof e === 'object';

/** Every value of a result as expected entries: `{ <group-by columns>, value }` per group, else one value per row. */
export function expectationOf(result: EvaluationResult): ExpectedEntry[] {
  const grouped = result.rows.some((r) => r.group !== undefined && Object.keys(r.group).length > 0);
  return result.rows.map((r) => (grouped ? { ...r.group, value: r.value } : r.value));
}

/**
 * What `--update` writes for a case: the entries that passed as they are written, the differing ones with the actual
 * value, missing ones dropped and extra ones added (values of rows in order; groups after the expected ones). A case
 * that expected an error and evaluated gets all its values. A case stopped by an error or invalid data is not updated.
 */
export function updatedExpectation(testCase: TestCase, r: TestCaseResult): UpdatedExpectation {
  if (r.status === 'passed' || r.status === 'skipped') return { kind: 'unchanged' };
  if (r.status === 'invalid') return { kind: 'not-updated', reason: `not run: ${r.problem ?? 'its data cannot be read'}` };
  if (r.error) return { kind: 'not-updated', reason: `the formula stopped with ${r.error.code}: ${r.error.message}` };
  if (expectsError(testCase.expect)) {
    if (!r.result) return { kind: 'not-updated', reason: 'no values to write' };
    return { kind: 'update', expect: expectationOf(r.result) };
  }
  const c = r.comparison;
  if (!c) return { kind: 'not-updated', reason: 'no values to write' };
  const expected = testCase.expect;
  const objects = c.by === 'groups' || (expected.length > 0 && expected.every(isObject));
  const byEntry = new Map(c.rows.filter((row) => row.entry !== undefined).map((row) => [row.entry!, row]));
  const out: ExpectedEntry[] = [];
  expected.forEach((entry, i) => {
    const row = byEntry.get(i);
    if (row === undefined || row.ok) out.push(entry);
    else if ('actual' in row) out.push(isObject(entry) ? { ...entry, value: row.actual! } : row.actual!);
  });
  for (const row of c.rows) {
    if (row.entry !== undefined || !('actual' in row)) continue;
    out.push(objects ? { ...(row.group ?? {}), value: row.actual! } : row.actual!);
  }
  return { kind: 'update', expect: out };
}

export type UpdateTextResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly problem: string };

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Lines longer than this are not written on one line. */
const MAX_LINE = 120;

/**
 * The test file's text with each update's `expect` in place (`format` by its name: testFileFormat). Keeps a BOM, the
 * line endings, comments and everything not updated. Checks that the result parses to the intended file.
 */
export function updateTestFileText(text: string, format: 'json' | 'yaml', updates: readonly ExpectUpdate[]): UpdateTextResult {
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const source = bom ? text.slice(1) : text;
  const before = parseTestFile(source, format);
  if (!before.ok) return { ok: false, problem: `the test file is not valid: ${before.issues[0]?.message ?? 'unknown problem'}` };
  const doc = parseDocument(source, { prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) return { ok: false, problem: `the test file cannot be read: ${doc.errors[0]!.message}` };
  const crlf = /\r\n/.test(source);
  const edits: Edit[] = [];
  for (const update of updates) {
    const node = doc.getIn(['tests', update.index, 'expect'], true) as YamlNode | undefined;
    if (!node?.range) return { ok: false, problem: `tests[${update.index}].expect is not in the file` };
    const old = before.file.tests[update.index]?.expect;
    if (old === undefined) return { ok: false, problem: `tests[${update.index}] is not in the file` };
    const inPlace = Array.isArray(old) && isSeq(node) ? valueEdits(node, old, update.expect, format) : undefined;
    if (inPlace) edits.push(...inPlace);
    else {
      const start = node.range[0];
      const end = start + source.slice(start, node.range[1]).trimEnd().length;
      let replacement = format === 'json' ? jsonExpect(source, start, end, update.expect) : yamlExpect(source, node, start, update.expect);
      if (crlf) replacement = replacement.replace(/\r?\n/g, '\r\n');
      edits.push({ start, end, text: replacement });
    }
  }
  let out = source;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  // The new text must read as the old file with the new `expect`s, nothing else changed.
  const after = parseTestFile(out, format);
  if (!after.ok) return { ok: false, problem: `the updated file would not be valid (${after.issues[0]?.message ?? 'unknown problem'}); it was left as it was` };
  const intended = { ...before.file, tests: before.file.tests.map((t, i) => ({ ...t, expect: updates.find((u) => u.index === i)?.expect ?? t.expect })) };
  if (!sameJson(after.file, intended)) return { ok: false, problem: 'the updated file would not read back as intended; it was left as it was' };
  return { ok: true, text: bom + out };
}

/** Deep equality of JSON values (key order ignored). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => sameJson(x, (b as unknown[])[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Edits of the values only, when the shape stays (as many entries; values stay values, groups keep their columns):
 * each differing value is replaced where it stands. Undefined when the shape changes.
 */
function valueEdits(node: YamlNode, old: readonly ExpectedEntry[], next: readonly ExpectedEntry[], format: 'json' | 'yaml'): Edit[] | undefined {
  if (!isSeq(node) || node.items.length !== old.length || old.length !== next.length) return undefined;
  const edits: Edit[] = [];
  for (let i = 0; i < old.length; i++) {
    const a = old[i]!;
    const b = next[i]!;
    if (sameJson(a, b)) continue;
    const item = node.items[i] as YamlNode;
    let target: YamlNode | undefined;
    let value: OutputValue;
    if (!isObject(a) && !isObject(b)) {
      target = item;
      value = b;
    } else if (isObject(a) && isObject(b)) {
      const keys = (o: Readonly<Record<string, OutputValue>>) => Object.keys(o).filter((k) => k !== 'value').sort();
      if (!sameJson(keys(a), keys(b)) || keys(a).some((k) => !sameJson(a[k], b[k]))) return undefined;
      if (!isMap(item)) return undefined;
      const pair = item.items.find((p: Pair) => isPair(p) && isScalar(p.key) && p.key.value === 'value');
      target = pair?.value as YamlNode | undefined;
      value = b['value'] ?? null;
    } else return undefined;
    if (!isScalar(target) || !target.range) return undefined;
    const quoted = target.type === 'QUOTE_DOUBLE' || target.type === 'QUOTE_SINGLE';
    edits.push({ start: target.range[0], end: target.range[1], text: format === 'json' ? JSON.stringify(value) : yamlScalar(value, quoted) });
  }
  return edits;
}

// ── JSON ───────────────────────────────────────────────────────────────────────────────────────────────────────────

/** The indentation of the line holding `offset`. */
const lineIndent = (source: string, offset: number): string => /^[ \t]*/.exec(source.slice(source.lastIndexOf('\n', offset - 1) + 1))![0];
/** The column of `offset` on its line (0-based). */
const columnOf = (source: string, offset: number): number => offset - (source.lastIndexOf('\n', offset - 1) + 1);

/** The file's indentation step: the first indented line's indentation (a tab, or spaces), else two spaces. */
function indentUnit(source: string): string {
  const m = /\n([ \t]+)\S/.exec(source);
  if (!m) return '  ';
  return m[1]!.startsWith('\t') ? '\t' : m[1]!;
}

/** A JSON value on one line: `{ "Region": "East", "value": 0.4 }`. */
const jsonInline = (e: ExpectedEntry): string =>
  isObject(e) ? `{ ${Object.entries(e).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')} }` : JSON.stringify(e);

/** A JSON `expect` array in the style of the one it replaces: on one line if it was (and fits), else one entry per line. */
function jsonExpect(source: string, start: number, end: number, entries: readonly ExpectedEntry[]): string {
  const indent = lineIndent(source, start);
  const unit = indentUnit(source);
  const items = entries.map(jsonInline);
  const inline = `[${items.join(', ')}]`;
  const wasInline = !source.slice(start, end).includes('\n');
  if (entries.length === 0 || (wasInline && columnOf(source, start) + inline.length <= MAX_LINE)) return inline;
  const inner = indent + unit;
  const lines = entries.map((e, i) =>
    inner.length + items[i]!.length <= MAX_LINE ? items[i]! : JSON.stringify(e, null, unit).split('\n').join(`\n${inner}`),
  );
  return `[\n${lines.map((l) => inner + l).join(',\n')}\n${indent}]`;
}

// ── YAML ───────────────────────────────────────────────────────────────────────────────────────────────────────────

const YAML_PLAIN = /^[A-Za-z_][A-Za-z0-9_ ./()-]*$/;
/** Words YAML 1.1 readers take for booleans or null: quoted, though YAML 1.2 reads them as text. */
const YAML_11_WORDS = /^(y|n|yes|no|on|off|true|false|null|~)$/i;

/** A string as a YAML scalar: plain when it reads back as the same text, else double-quoted (JSON's escapes are YAML's). */
function yamlString(s: string, quoted = false): string {
  if (!quoted && YAML_PLAIN.test(s) && !s.endsWith(' ') && !YAML_11_WORDS.test(s)) {
    try {
      if (parseYaml(s) === s) return s;
    } catch {
      // Quoted below.
    }
  }
  return JSON.stringify(s);
}

/** A value as a YAML scalar (numbers, true/false and null as JSON writes them, which YAML 1.2 reads alike). */
const yamlScalar = (v: OutputValue, quoted = false): string => (typeof v === 'string' ? yamlString(v, quoted) : JSON.stringify(v));

/** A YAML `expect` in the style of the node it replaces: a flow sequence for a flow node, else a block sequence. */
function yamlExpect(source: string, node: YamlNode, start: number, entries: readonly ExpectedEntry[]): string {
  const flowMap = (e: Readonly<Record<string, OutputValue>>) => `{ ${Object.entries(e).map(([k, v]) => `${yamlString(k)}: ${yamlScalar(v)}`).join(', ')} }`;
  const flow = (isSeq(node) || isMap(node)) && (node as { flow?: boolean }).flow === true;
  const column = columnOf(source, start);
  const inline = `[${entries.map((e) => (isObject(e) ? flowMap(e) : yamlScalar(e))).join(', ')}]`;
  if (entries.length === 0 || (flow && column + inline.length <= MAX_LINE)) return inline;
  // A block node starts on a line of its own: later lines are indented as far as it is.
  const blockStart = /^[ \t]*$/.test(source.slice(source.lastIndexOf('\n', start - 1) + 1, start));
  if (!blockStart) return inline;
  const pad = ' '.repeat(column);
  // Group entries as the old ones were written: flow maps (`- { Region: East, value: 0.4 }`) or block maps.
  const flowItems = isSeq(node) && node.items.some((i) => isMap(i) && i.flow === true);
  const lines = entries.map((e) => {
    if (!isObject(e)) return `- ${yamlScalar(e)}`;
    if (flowItems) return `- ${flowMap(e)}`;
    return Object.entries(e)
      .map(([k, v], i) => `${i === 0 ? '- ' : `${pad}  `}${yamlString(k)}: ${yamlScalar(v)}`)
      .join('\n');
  });
  return lines.join(`\n${pad}`);
}
