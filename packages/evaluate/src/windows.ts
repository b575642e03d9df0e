// Window functions over the items of a level (input rows, or the groups of an aggregated formula): items sorted by
// partition then ORDER BY (NULL first ascending, last descending), with MySQL's default frame: from the partition's
// start to the current row's last peer with ORDER BY, the whole partition without. FIXED uses the same partitioning.
import type { Range } from '@calckit/formula';
import type { Value } from './api.js';
import { EvaluationError } from './api.js';
import { combinedCodes, type Accumulator } from './aggregates.js';
import type { Collation } from './collation.js';
import { sortCompare } from './compare.js';
import { toNumber } from './values.js';

type Fn = (i: number) => Value;

export interface WindowFunctionInput {
  /** Items of the partition in window order, and the current item's position and peer group. */
  readonly items: Int32Array;
  readonly start: number;
  readonly end: number;
  /** The position in `items` (within [start, end)), and the current peer group [peerStart, peerEnd). */
  readonly position: number;
  readonly peerStart: number;
  readonly peerEnd: number;
  /** 1-based number of the peer group in the partition. */
  readonly peerNumber: number;
}

export type WindowFunction = (input: WindowFunctionInput, value: Fn | undefined, constants: readonly Value[], fallback: Fn | undefined, range: Range) => Value;

function positiveInteger(v: Value, what: string, range: Range, allowZero: boolean): number {
  const n = v === null ? null : toNumber(v);
  if (n === null || !Number.isInteger(n) || n < (allowZero ? 0 : 1)) throw new EvaluationError('runtime', `${what} must be a ${allowZero ? 'non-negative' : 'positive'} integer constant`, range);
  return n;
}

const shifted =
  (direction: 1 | -1): WindowFunction =>
  (w, value, constants, fallback, range) => {
    const offset = constants[0] === null || constants[0] === undefined ? 1 : positiveInteger(constants[0], 'the offset', range, true);
    const target = w.position + direction * offset;
    if (target < w.start || target >= w.end) return fallback ? fallback(w.items[w.position]!) : null;
    return value!(w.items[target]!);
  };

/** Window-only functions by catalogue name. PERCENT_RANK is refused by the service and not here. */
export const WINDOW_FUNCTIONS: Readonly<Record<string, WindowFunction>> = {
  ROW_NUMBER: (w) => w.position - w.start + 1,
  RANK: (w) => w.peerStart - w.start + 1,
  DENSE_RANK: (w) => w.peerNumber,
  NTILE: (w, _value, constants, _fallback, range) => {
    const buckets = positiveInteger(constants[0] ?? null, "NTILE's bucket count", range, false);
    const size = w.end - w.start;
    const index = w.position - w.start;
    const small = Math.floor(size / buckets);
    const big = size % buckets;
    // The first `big` buckets hold one row more.
    if (index < big * (small + 1)) return Math.floor(index / (small + 1)) + 1;
    return big + Math.floor((index - big * (small + 1)) / Math.max(small, 1)) + 1;
  },
  LAG: shifted(-1),
  LEAD: shifted(1),
  FIRST_VALUE: (w, value) => value!(w.items[w.start]!),
  LAST_VALUE: (w, value) => value!(w.items[w.peerEnd - 1]!),
};

export type WindowSpecCompiled =
  | { readonly kind: 'aggregate'; readonly make: () => Accumulator; readonly arg: Fn; readonly second: Fn | undefined }
  | {
      readonly kind: 'function';
      readonly name: string;
      readonly impl: WindowFunction;
      readonly value: Fn | undefined;
      readonly constants: readonly Value[];
      readonly fallback: Fn | undefined;
      readonly range: Range;
    };

/** The window's value for each of `n` items. */
export function computeWindow(
  n: number,
  partition: readonly Fn[],
  orderBy: readonly { readonly fn: Fn; readonly descending: boolean }[],
  collation: Collation,
  spec: WindowSpecCompiled,
): Value[] {
  const out: Value[] = new Array(n);
  if (n === 0) return out;
  const pv = partition.map((f) => {
    const a: Value[] = new Array(n);
    for (let i = 0; i < n; i++) a[i] = f(i);
    return a;
  });
  const ov = orderBy.map((o) => {
    const a: Value[] = new Array(n);
    for (let i = 0; i < n; i++) a[i] = o.fn(i);
    return a;
  });
  // Items bucketed by partition (dense codes of the partition values, equal under the collation), each partition's
  // items in item order, then sorted by ORDER BY within it (ties keep item order).
  const items = new Int32Array(n);
  const bounds: number[] = [0];
  if (pv.length === 0) {
    for (let i = 0; i < n; i++) items[i] = i;
    bounds.push(n);
  } else {
    const { codes, count } = combinedCodes(pv, collation);
    const offsets = new Int32Array(count + 1);
    for (let i = 0; i < n; i++) offsets[codes[i]! + 1]!++;
    for (let p = 0; p < count; p++) offsets[p + 1]! += offsets[p]!;
    const fill = offsets.slice(0, count);
    for (let i = 0; i < n; i++) items[fill[codes[i]!]!++] = i;
    for (let p = 1; p <= count; p++) bounds.push(offsets[p]!);
  }
  // An ORDER BY key of numbers (and NULLs, first as −∞) compares as a Float64Array, without the general comparison.
  const numeric = ov.map((col) => {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = col[i]!;
      if (v === null) keys[i] = -Infinity;
      else if (typeof v === 'number') keys[i] = v;
      else return undefined;
    }
    return keys;
  });
  const compareOrder = (a: number, b: number) => {
    for (let k = 0; k < ov.length; k++) {
      const keys = numeric[k];
      let c: number;
      if (keys) {
        const x = keys[a]!;
        const y = keys[b]!;
        c = x < y ? -1 : x > y ? 1 : 0;
      } else {
        const col = ov[k]!;
        c = sortCompare(col[a]!, col[b]!, collation);
      }
      if (c !== 0) return orderBy[k]!.descending ? -c : c;
    }
    return 0;
  };
  if (ov.length > 0) {
    const byOrder = (a: number, b: number) => compareOrder(a, b) || a - b;
    for (let p = 0; p + 1 < bounds.length; p++) items.subarray(bounds[p]!, bounds[p + 1]!).sort(byOrder);
  }
  for (let part = 0; part + 1 < bounds.length; part++) {
    const start = bounds[part]!;
    const end = bounds[part + 1]!;
    let acc: Accumulator | undefined = spec.kind === 'aggregate' ? spec.make() : undefined;
    let peerStart = start;
    let peerNumber = 0;
    while (peerStart < end) {
      let peerEnd = peerStart + 1;
      if (ov.length === 0) peerEnd = end;
      else while (peerEnd < end && compareOrder(items[peerStart]!, items[peerEnd]!) === 0) peerEnd++;
      peerNumber++;
      if (spec.kind === 'aggregate') {
        acc ??= spec.make();
        for (let p = peerStart; p < peerEnd; p++) {
          const item = items[p]!;
          acc.add(spec.arg(item), spec.second ? spec.second(item) : null);
        }
        const v = acc.result();
        for (let p = peerStart; p < peerEnd; p++) out[items[p]!] = v;
      } else {
        for (let p = peerStart; p < peerEnd; p++) {
          out[items[p]!] = spec.impl({ items, start, end, position: p, peerStart, peerEnd, peerNumber }, spec.value, spec.constants, spec.fallback, spec.range);
        }
      }
      peerStart = peerEnd;
    }
    acc = undefined;
  }
  return out;
}
