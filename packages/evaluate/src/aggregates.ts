// Aggregates as accumulators: one per group (or per window frame), fed values one at a time. `result()` does not
// consume the state, so a window's running frame can ask after each peer group. Tables are data, keyed by name.
import type { ValueType } from '@calckit/formula';
import type { Value } from './api.js';
import { EvaluationError } from './api.js';
import { collationKey, type Collation } from './collation.js';
import { sortCompare } from './compare.js';
import { isDurationValue, isTimeValue, roundHalfAwayFromZero, toNumber, toText, truncateDecimal } from './values.js';

export interface Accumulator {
  /** One row's argument values (`b` only for two-argument aggregates such as CORR). */
  add(a: Value, b: Value): void;
  result(): Value;
}

export interface AggregateSetup {
  readonly collation: Collation;
  /** Static type and scale of the first argument (for exact rounding and for text). */
  readonly argType: ValueType;
  readonly argScale: number;
  /** Decimals exact results are kept with (SUM: the argument's; AVG: a quotient's, see quotientDigits); < 0 when not exact. */
  readonly resultScale: number;
  /** Decimals SUM and AVG's total is exact to (< 0: unknown); AVG reads it so before dividing. */
  readonly totalScale?: number;
  /** ≥ 0: SUM and AVG round their running total to these decimals after each value, as MariaDB's temporary table's
   * DECIMAL field of a grouped query does. */
  readonly runningScale?: number;
  /** Constant arguments after the first (PERCENTILE's fraction, LISTAGG's separator…), already evaluated. */
  readonly constants: readonly Value[];
  readonly star: boolean;
}

export type AggregateFactory = (setup: AggregateSetup) => Accumulator;

const exactResult = (x: number, setup: AggregateSetup) => (setup.resultScale >= 0 && setup.resultScale <= 20 ? roundHalfAwayFromZero(x, setup.resultScale) : x);

/** SUM and AVG: the total and the count of the non-NULL values, finished into the result. */
const totalling =
  (finish: (total: number, count: number, setup: AggregateSetup) => number): AggregateFactory =>
  (setup) => {
    let total = 0;
    let n = 0;
    const running = setup.runningScale ?? -1;
    return {
      add:
        running >= 0
          ? (a) => {
              if (a === null) return;
              total = roundHalfAwayFromZero(total + (typeof a === 'number' ? a : toNumber(a)!), running);
              n++;
            }
          : (a) => {
              if (a === null) return;
              total += typeof a === 'number' ? a : toNumber(a)!;
              n++;
            },
      result: () => (n === 0 ? null : finish(total, n, setup)),
    };
  };

const sum = totalling((total, _n, setup) => exactResult(total, setup));
/** AVG of exact values is a DECIMAL quotient (the exact total by the count), truncated at its decimals as `/` is. */
const avg = totalling((total, n, setup) => {
  const digits = setup.resultScale;
  const totalScale = setup.totalScale ?? -1;
  if (digits < 0 || digits > 15) return exactResult(total / n, setup);
  return truncateDecimal((totalScale >= 0 && totalScale <= 15 ? roundHalfAwayFromZero(total, totalScale) : total) / n, digits);
});

const count: AggregateFactory = (setup) => {
  let n = 0;
  return {
    add(a) {
      if (setup.star || a !== null) n++;
    },
    result: () => n,
  };
};

const extreme =
  (direction: 1 | -1): AggregateFactory =>
  (setup) => {
    let best: Value = null;
    return {
      add(a) {
        if (a === null) return;
        if (best === null || sortCompare(a, best, setup.collation) * direction > 0) best = a;
      },
      result: () => best,
    };
  };

/** Welford's running mean and sum of squared deviations. */
const moments =
  (finish: (n: number, m2: number) => number | null): AggregateFactory =>
  () => {
    let n = 0;
    let mean = 0;
    let m2 = 0;
    return {
      add(a) {
        if (a === null) return;
        const x = typeof a === 'number' ? a : toNumber(a)!;
        n++;
        const d = x - mean;
        mean += d / n;
        m2 += d * (x - mean);
      },
      result: () => finish(n, m2),
    };
  };

const varPop = moments((n, m2) => (n === 0 ? null : m2 / n));
const stddevPop = moments((n, m2) => (n === 0 ? null : Math.sqrt(m2 / n)));
const stddevSamp = moments((n, m2) => (n < 2 ? null : Math.sqrt(m2 / (n - 1))));

/** Continuous percentile: linear interpolation between the two nearest ranks (PERCENTILE_CONT). */
function percentileOf(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const pos = p * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

const percentile =
  (fixed?: number): AggregateFactory =>
  (setup) => {
    const p = fixed ?? toNumber(setup.constants[0] ?? null);
    if (p === null || !(p >= 0 && p <= 1)) throw new EvaluationError('runtime', `the percentile must be a number from 0 to 1 (got ${String(setup.constants[0])})`);
    const values: number[] = [];
    return {
      add(a) {
        if (a !== null) values.push(typeof a === 'number' ? a : toNumber(a)!);
      },
      result: () => percentileOf(values, p),
    };
  };

/** Exact count of distinct non-NULL values (texts equal under the collation count once). */
const countDistinct: AggregateFactory = (setup) => distinctOf(count({ ...setup, star: false }), setup.collation);

/** LISTAGG(x [, max bytes [, separator [, on overflow 'ERROR' | 'TRUNCATE']]]): texts in row order, NULLs skipped. */
const listagg: AggregateFactory = (setup) => {
  const max = setup.constants[0] === undefined || setup.constants[0] === null ? Infinity : toNumber(setup.constants[0])!;
  const separator = setup.constants[1] === undefined || setup.constants[1] === null ? ',' : toText(setup.constants[1])!;
  const truncate = typeof setup.constants[2] === 'string' && setup.constants[2].toUpperCase() === 'TRUNCATE';
  const parts: string[] = [];
  return {
    add(a) {
      if (a !== null) parts.push(toText(a, setup.argType, setup.argScale)!);
    },
    result() {
      if (parts.length === 0) return null;
      const text = parts.join(separator);
      if (utf8Length(text) <= max) return text;
      if (!truncate) throw new EvaluationError('runtime', `LISTAGG's result is longer than ${max} bytes`);
      let out = '';
      for (const ch of text) {
        if (utf8Length(out + ch) > max) break;
        out += ch;
      }
      return out;
    },
  };
};

const corr: AggregateFactory = () => {
  let n = 0;
  let mx = 0;
  let my = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  return {
    add(a, b) {
      if (a === null || b === null) return;
      const x = toNumber(a)!;
      const y = toNumber(b)!;
      n++;
      const dx = x - mx;
      mx += dx / n;
      const dy = y - my;
      my += dy / n;
      sxx += dx * (x - mx);
      syy += dy * (y - my);
      sxy += dx * (y - my);
    },
    result: () => (n === 0 || sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy)),
  };
};

export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * A key equal for values DISTINCT treats as one. A time is its milliseconds, and its microseconds too when it has
 * some (`t<ms>.<µs>`: datetimes that differ only in microseconds are distinct, as in MariaDB); a DATE and the
 * DATETIME at its midnight are one value (MariaDB compares them equal).
 */
export function distinctKey(v: Value, collation: Collation): unknown {
  if (typeof v === 'string') return `s${collationKey(v, collation)}`;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v !== null && isTimeValue(v)) return v.micros === undefined ? v.epochMs : `t${v.epochMs}.${v.micros}`;
  if (isDurationValue(v)) return `d${v.us}`; // a TIME: by its duration (each is a new object)
  return v;
}

/** Dense codes of a column's cells: equal codes for cells equal under the collation, numbered in order of first
 * appearance. A cell seen before finds its code without computing its collation key again. */
export function codesOf(cells: readonly Value[], collation: Collation): { codes: Int32Array; count: number } {
  const n = cells.length;
  const codes = new Int32Array(n);
  const byCell = new Map<unknown, number>();
  const byKey = new Map<unknown, number>();
  for (let r = 0; r < n; r++) {
    const cell = cells[r]!;
    const primitive = typeof cell !== 'object' || cell === null;
    let code = primitive ? byCell.get(cell) : undefined;
    if (code === undefined) {
      const key = distinctKey(cell, collation);
      code = byKey.get(key);
      if (code === undefined) {
        code = byKey.size;
        byKey.set(key, code);
      }
      if (primitive) byCell.set(cell, code);
    }
    codes[r] = code;
  }
  return { codes, count: byKey.size };
}

/** Dense ids of items by several columns at once: (id so far, next column's code) pairs renumbered densely, so
 * that keys stay numbers (id × count + code < 2^53 for any table that fits in memory). */
export function combinedCodes(columns: readonly (readonly Value[])[], collation: Collation): { codes: Int32Array; count: number } {
  let { codes, count } = codesOf(columns[0]!, collation);
  for (let c = 1; c < columns.length; c++) {
    const next = codesOf(columns[c]!, collation);
    const ids = new Map<number, number>();
    const combined = new Int32Array(codes.length);
    for (let r = 0; r < codes.length; r++) {
      const key = codes[r]! * next.count + next.codes[r]!;
      let g = ids.get(key);
      if (g === undefined) {
        g = ids.size;
        ids.set(key, g);
      }
      combined[r] = g;
    }
    codes = combined;
    count = ids.size;
  }
  return { codes, count };
}

/** Wraps an accumulator so each distinct value is added once. */
export function distinctOf(inner: Accumulator, collation: Collation): Accumulator {
  const seen = new Set<unknown>();
  // Cells seen as they are (numbers, text) are skipped before their key is computed.
  const seenCells = new Set<unknown>();
  return {
    add(a, b) {
      if (a === null) return;
      const primitive = typeof a !== 'object';
      if (primitive && seenCells.has(a)) return;
      const key = distinctKey(a, collation);
      if (primitive) seenCells.add(a);
      if (seen.has(key)) return;
      seen.add(key);
      inner.add(a, b);
    },
    result: () => inner.result(),
  };
}

/** Aggregates the evaluator implements, by catalogue name. HLL_SKETCH_* (sketch values) are not implemented. */
export const AGGREGATES: Readonly<Record<string, AggregateFactory>> = {
  SUM: sum,
  AVG: avg,
  COUNT: count,
  MIN: extreme(-1),
  MAX: extreme(1),
  VAR_POP: varPop,
  STDDEV_POP: stddevPop,
  STDDEV: stddevSamp,
  MEDIAN: percentile(0.5),
  APPROXIMATE_MEDIAN: percentile(0.5),
  PERCENTILE: percentile(),
  PERCENTILE_CONT: percentile(),
  APPROXIMATE_PERCENTILE: percentile(),
  APPROXIMATE_COUNT_DISTINCT: countDistinct,
  LISTAGG: listagg,
  CORR: corr,
};
