// The hover of a formula that has tests: the first test case's rows and the formula's values on them, as a Markdown
// table, with the test file's counts. Pure: the language server runs the tests and passes their values in.
import { columnRefs } from './columns.js';
import type { IdeDocument } from './document.js';

/** A cell or a value as the evaluator gives it (JSON-ready: text, number, true/false, null). */
type Cell = unknown;

export interface TestValuesInput {
  /** The test file, as shown (its name or a relative path). */
  readonly testFile: string;
  /** The case whose rows are shown. */
  readonly caseName: string;
  /** The input rows of that case. */
  readonly rows: ReadonlyArray<Readonly<Record<string, Cell>>>;
  readonly groupBy: readonly string[];
  /** `rows`: one value per input row; `groups`: one per group. */
  readonly kind: 'rows' | 'groups';
  readonly values: ReadonlyArray<{ readonly group?: Readonly<Record<string, Cell>>; readonly value: Cell }>;
  /** The test file's counts, when it was run. */
  readonly counts?: { readonly passed: number; readonly failed: number; readonly skipped: number; readonly invalid: number };
  /** Why there are no values (an evaluation error, data that cannot be read). */
  readonly problem?: string;
}

export interface TestValuesOptions {
  /** Rows shown (default 10). */
  readonly maxRows?: number;
  /** Input columns shown beside the value (default 5): the formula's columns first. */
  readonly maxColumns?: number;
}

const MAX_CELL = 40;

/** A cell as the table shows it: NULL, numbers and booleans as written, text as is; `|` escaped, cut when long. */
export function showCell(value: Cell): string {
  let text = value === null || value === undefined ? 'NULL' : typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  text = text.replace(/\r?\n|\r/g, ' ');
  if (text.length > MAX_CELL) text = `${text.slice(0, MAX_CELL - 1)}…`;
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/([`*_[\]<>])/g, '\\$1');
}

/** The Markdown of a test case's values (`doc` picks the columns the formula uses). */
export function testValuesHover(doc: IdeDocument | undefined, input: TestValuesInput, options: TestValuesOptions = {}): string {
  const maxRows = options.maxRows ?? 10;
  const maxColumns = options.maxColumns ?? 5;
  const parts: string[] = [];
  const c = input.counts;
  const total = c ? c.passed + c.failed + c.skipped + c.invalid : 0;
  const status = c === undefined ? '' : c.failed + c.invalid > 0 ? ` — ✗ ${c.failed + c.invalid} of ${total} failed` : ` — ✓ ${c.passed} passed${c.skipped > 0 ? `, ${c.skipped} skipped` : ''}`;
  parts.push(`**Tests** ${showCell(input.testFile)}${status}`);
  if (input.problem !== undefined) {
    parts.push(`*${showCell(input.caseName)}*: ${showCell(input.problem)}`);
    return parts.join('\n\n');
  }
  let columns: string[];
  if (input.kind === 'groups') columns = [...input.groupBy];
  else {
    const present: string[] = [];
    const seen = new Set<string>();
    for (const row of input.rows.slice(0, 100)) for (const k of Object.keys(row)) if (!seen.has(k)) (seen.add(k), present.push(k));
    const used = new Set(doc ? columnRefs(doc).map((r) => r.name.toLowerCase()) : []);
    const first = present.filter((k) => used.has(k.toLowerCase()));
    columns = (first.length > 0 ? first : present).slice(0, maxColumns);
  }
  const lines = input.values.slice(0, maxRows).map((v, i) => {
    const source = input.kind === 'groups' ? (v.group ?? {}) : (input.rows[i] ?? {});
    return `| ${[...columns.map((col) => showCell(source[col])), `**${showCell(v.value)}**`].join(' | ')} |`;
  });
  const what = input.kind === 'groups' ? 'group' : 'row';
  const n = input.values.length;
  parts.push(`*${showCell(input.caseName)}* (${n} ${what}${n === 1 ? '' : 's'}):`);
  const header = `| ${[...columns.map(showCell), 'value'].join(' | ')} |`;
  const rule = `|${[...columns, 'value'].map(() => ' --- ').join('|')}|`;
  parts.push([header, rule, ...lines].join('\n'));
  if (n > maxRows) parts.push(`… ${n - maxRows} more ${what}${n - maxRows === 1 ? '' : 's'}`);
  return parts.join('\n\n');
}
