// A readable diff of expected and actual values: a table with one line per row (or group), the differing ones marked
// with ✖ and coloured; long tables keep the differing lines (the first 50) and one line of context around each. Values are shown as
// JSON (text quoted, so "1" and 1 differ visibly; NULL as null). Pure text: the reporter adds the indentation.
import type { OutputValue } from '../api.js';
import type { Comparison, DiffRow, ResolvedTolerance } from './compare.js';

export interface DiffPalette {
  red(s: string): string;
  green(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const identity = (s: string): string => s;
const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;

/** ANSI colours, or none. */
export function diffPalette(color: boolean): DiffPalette {
  return color ? { red: wrap(31, 39), green: wrap(32, 39), dim: wrap(2, 22), bold: wrap(1, 22) } : { red: identity, green: identity, dim: identity, bold: identity };
}

/** Tables up to this many lines are shown whole; longer ones show the differing lines with context. */
const SHOW_ALL = 20;
/** At most this many differing lines are shown. */
const MAX_DIFFERENCES = 50;
/** Values are cut to this many characters in the table. */
const MAX_VALUE = 60;

/** A value as the table shows it: JSON (`"East"`, `0.4`, `null`, `true`), cut when long. */
export function showValue(value: OutputValue | undefined): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** A column name cut to the table's width. */
const cut = (text: string): string => (text.length > MAX_VALUE / 2 ? `${text.slice(0, MAX_VALUE / 2 - 1)}…` : text);

/** An input cell as written in the rows: text as it is (a CSV cell is text), null as null, cut when long. */
function showCell(value: unknown): string {
  const text = value === null || value === undefined ? 'null' : typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_VALUE / 2 ? `${text.slice(0, MAX_VALUE / 2 - 1)}…` : text;
}

/** `1e-9 relative`, `0.01 absolute or 0.1% relative`. */
export function describeTolerance(t: ResolvedTolerance): string {
  const parts: string[] = [];
  if (t.absolute > 0) parts.push(`${t.absolute} absolute`);
  if (t.relative > 0) parts.push(`${t.relative} relative`);
  return parts.length === 0 ? 'exact' : parts.join(' or ');
}

/** The summary line of a failed comparison: `2 of 5 rows differ`. */
export function diffSummary(c: Comparison): string {
  const what = c.by === 'groups' ? 'group' : 'row';
  const expected = c.rows.filter((r) => 'expected' in r).length;
  const actual = c.rows.filter((r) => 'actual' in r).length;
  const counts = expected !== actual ? ` (expected ${expected} ${what}${expected === 1 ? '' : 's'}, got ${actual})` : '';
  return `${c.differences} of ${c.rows.length} ${what}${c.rows.length === 1 ? '' : 's'} differ${c.differences === 1 ? 's' : ''}${counts}`;
}

/** The table of a comparison, one string per line, without a trailing newline. */
export function formatDiff(c: Comparison, palette: DiffPalette = diffPalette(false)): string[] {
  const inputs = c.inputColumns ?? [];
  const header = [c.by === 'rows' ? 'row' : '', ...inputs.map((name) => cut(name)), ...c.columns, 'expected', 'actual'];
  const cells = (r: DiffRow): string[] => [
    c.by === 'rows' ? String(r.index) : '',
    ...inputs.map((col) => (r.input === undefined ? '' : showCell(r.input[col]))),
    ...c.columns.map((col) => showValue(r.group?.[col] ?? null)),
    'expected' in r ? showValue(r.expected) : showValue(undefined),
    'actual' in r ? showValue(r.actual) : showValue(undefined),
  ];
  const shown = visibleRows(c.rows);
  const table = shown.map((r) => (typeof r === 'number' ? undefined : cells(r)));
  const keep = header.map((_, i) => i !== 0 || c.by === 'rows');
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => (t ? t[i]!.length : 0))));
  const line = (values: string[]): string =>
    values
      .map((v, i) => (keep[i] ? v.padEnd(widths[i]!) : undefined))
      .filter((v): v is string => v !== undefined)
      .join('  ')
      .trimEnd();
  const out = [`  ${palette.dim(line(header))}`];
  shown.forEach((r, k) => {
    if (typeof r === 'number') {
      out.push(`  ${palette.dim(`… ${r} more ${c.by === 'rows' ? 'row' : 'group'}${r === 1 ? '' : 's'}`)}`);
      return;
    }
    const text = line(table[k]!);
    out.push(r.ok ? `  ${text}` : `${palette.red('✖')} ${palette.red(text)}`);
  });
  return out;
}

/** The rows to show: all of a short table; else each differing row with one row around it, and counts of the others. */
function visibleRows(rows: readonly DiffRow[]): Array<DiffRow | number> {
  if (rows.length <= SHOW_ALL) return [...rows];
  const show = new Array<boolean>(rows.length).fill(false);
  let differences = 0;
  rows.forEach((r, i) => {
    if (r.ok || differences >= MAX_DIFFERENCES) return;
    differences++;
    for (let k = Math.max(0, i - 1); k <= Math.min(rows.length - 1, i + 1); k++) show[k] = true;
  });
  const out: Array<DiffRow | number> = [];
  let skipped = 0;
  rows.forEach((r, i) => {
    if (show[i]) {
      if (skipped > 0) out.push(skipped);
      skipped = 0;
      out.push(r);
    } else skipped++;
  });
  if (skipped > 0) out.push(skipped);
  return out;
}
