// Expected against actual values: numbers within a tolerance, everything else exactly (a DATETIME may be written
// with `T` or a space). Row-level results compare by position; grouped ones by their group-by values.
import type { EvaluationResult, OutputValue } from '../api.js';
import { DEFAULT_TOLERANCE, type ExpectedEntry, type Tolerance } from './spec.js';

/** A tolerance with both parts set. */
export interface ResolvedTolerance {
  readonly absolute: number;
  readonly relative: number;
}

export function resolveTolerance(t: Tolerance | undefined): ResolvedTolerance {
  if (t === undefined) return DEFAULT_TOLERANCE;
  if (typeof t === 'number') return { absolute: t, relative: 0 };
  return { absolute: t.absolute ?? 0, relative: t.relative ?? 0 };
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$/;
const sameTime = (a: string, b: string): boolean => {
  const x = DATE_TIME.exec(a);
  const y = DATE_TIME.exec(b);
  return x !== null && y !== null && x[1] === y[1] && x[2] === y[2];
};

/** Whether an actual value passes for the expected one. */
export function valuesMatch(expected: OutputValue, actual: OutputValue, tolerance: ResolvedTolerance): boolean {
  if (expected === actual) return true;
  if (typeof expected === 'number' && typeof actual === 'number') {
    const distance = Math.abs(actual - expected);
    // The distance itself is computed in doubles: 0.31 - 0.3 is 0.010000000000000009, within 0.01.
    const rounding = 4 * Number.EPSILON * Math.max(Math.abs(actual), Math.abs(expected));
    return distance <= tolerance.absolute + rounding || distance <= tolerance.relative * Math.abs(expected) + rounding;
  }
  if (typeof expected === 'string' && typeof actual === 'string') return sameTime(expected, actual);
  return false;
}

/** One line of a comparison: a row (by its number) or a group (by its group-by values). */
export interface DiffRow {
  /** 1-based: the input row's number (row-level), or the group's place in the result. */
  readonly index: number;
  /** The group-by values, for a grouped comparison. */
  readonly group?: Readonly<Record<string, OutputValue>>;
  /** Absent when nothing was expected here (an extra row or group). */
  readonly expected?: OutputValue;
  /** Absent when the result has no such row or group. */
  readonly actual?: OutputValue;
  readonly ok: boolean;
  /** The input row's cells of the columns the formula reads (row-level comparisons made by the runner). */
  readonly input?: Readonly<Record<string, unknown>>;
  /** The index in `expect` of the entry compared here (absent for an extra row or group). */
  readonly entry?: number;
}

export interface Comparison {
  /** `rows`: by position; `groups`: by the group-by columns. */
  readonly by: 'rows' | 'groups';
  /** The group-by columns shown (grouped comparisons). */
  readonly columns: readonly string[];
  /** The input columns shown beside each row (row-level comparisons made by the runner): those the formula reads. */
  readonly inputColumns?: readonly string[];
  readonly rows: readonly DiffRow[];
  readonly differences: number;
}

const isGroupEntry = (e: ExpectedEntry): e is Readonly<Record<string, OutputValue>> => e !== null && typeof e === 'object';

/** Compares a result with the expected entries (values, or `{ <group-by columns>, value }` objects). */
export function compareResult(expected: readonly ExpectedEntry[], result: EvaluationResult, groupBy: readonly string[], tolerance: ResolvedTolerance): Comparison {
  const grouped = expected.length > 0 ? expected.every(isGroupEntry) : result.rows.some((r) => r.group !== undefined && Object.keys(r.group).length > 0);
  if (!grouped) {
    const rows: DiffRow[] = [];
    const n = Math.max(expected.length, result.rows.length);
    for (let i = 0; i < n; i++) {
      const e = expected[i];
      const a = result.rows[i];
      const row: DiffRow = {
        index: i + 1,
        ...(i < expected.length ? { entry: i } : {}),
        ...(a?.group !== undefined && Object.keys(a.group).length > 0 ? { group: a.group } : {}),
        ...(i < expected.length ? { expected: isGroupEntry(e!) ? (e['value'] ?? null) : (e as OutputValue) } : {}),
        ...(a !== undefined ? { actual: a.value } : {}),
        ok: i < expected.length && a !== undefined && valuesMatch(isGroupEntry(e!) ? (e['value'] ?? null) : (e as OutputValue), a.value, tolerance),
      };
      rows.push(row);
    }
    const columns = groupBy.length > 0 && rows.some((r) => r.group) ? groupBy : [];
    return { by: 'rows', columns, rows, differences: rows.filter((r) => !r.ok).length };
  }
  const entries = expected.filter(isGroupEntry);
  const columns = groupBy.length > 0 ? groupBy : [...new Set(entries.flatMap((e) => Object.keys(e).filter((k) => k !== 'value')))];
  const keyOf = (values: Readonly<Record<string, unknown>> | undefined): string => JSON.stringify(columns.map((c) => normaliseKey(values?.[c])));
  const wanted = new Map<string, number[]>();
  entries.forEach((e, i) => {
    const key = keyOf(e);
    const list = wanted.get(key);
    if (list) list.push(i);
    else wanted.set(key, [i]);
  });
  const used = new Set<number>();
  const rows: DiffRow[] = [];
  result.rows.forEach((a, i) => {
    const group = Object.fromEntries(columns.map((c) => [c, a.group?.[c] ?? null]));
    const match = wanted.get(keyOf(a.group))?.find((k) => !used.has(k));
    if (match === undefined) {
      rows.push({ index: i + 1, group, actual: a.value, ok: false });
      return;
    }
    used.add(match);
    const e = entries[match]!['value'] ?? null;
    rows.push({ index: i + 1, group, expected: e, actual: a.value, ok: valuesMatch(e, a.value, tolerance), entry: match });
  });
  entries.forEach((e, i) => {
    if (used.has(i)) return;
    rows.push({ index: result.rows.length + 1 + i, group: Object.fromEntries(columns.map((c) => [c, e[c] ?? null])), expected: e['value'] ?? null, ok: false, entry: i });
  });
  return { by: 'groups', columns, rows, differences: rows.filter((r) => !r.ok).length };
}

/** Group values compare as the evaluator prints them: a date-time with `T` or a space is the same group. */
function normaliseKey(v: unknown): unknown {
  if (typeof v === 'string') {
    const m = DATE_TIME.exec(v);
    return m ? `${m[1]} ${m[2]}` : v;
  }
  return v === undefined ? null : v;
}

/** A row-level comparison with each row's input cells of `columns` beside it. */
export function withInputs(c: Comparison, rows: readonly Readonly<Record<string, unknown>>[], columns: readonly string[]): Comparison {
  if (c.by !== 'rows' || columns.length === 0) return c;
  return {
    ...c,
    inputColumns: columns,
    rows: c.rows.map((r) => {
      const input = rows[r.index - 1];
      return input === undefined ? r : { ...r, input: Object.fromEntries(columns.map((col) => [col, input[col] ?? null])) };
    }),
  };
}
