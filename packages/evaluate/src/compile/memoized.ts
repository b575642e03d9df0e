// An expression of one dictionary-encoded column evaluated once per distinct value of the column in each evaluation.
import type { Value } from '../api.js';
import { dictionaryOf } from '../rows.js';
import type { Compiled, Fn, Frame } from './compiled.js';

/**
 * A row-level expression of one column that may be dictionary-encoded: evaluated once per distinct value of the
 * column in each evaluation, on the first row that has it (so an error shows at the same row as without), and read
 * back by the row's code. Without a dictionary (a table not made by convertRows, a column of too many values), per
 * row as before.
 */
export function memoized(c: Compiled, k: number, frame: Frame): Compiled {
  const f = c.fn;
  let epoch = -1;
  let codes: Uint16Array | undefined;
  let memo: (Value | undefined)[] = [];
  const fn: Fn = (i) => {
    if (epoch !== frame.epoch) {
      const dictionary = dictionaryOf(frame.table, k);
      codes = dictionary?.codes;
      memo = dictionary ? new Array<Value | undefined>(dictionary.values.length).fill(undefined) : [];
      epoch = frame.epoch;
    }
    if (codes === undefined) return f(i);
    const code = codes[i]!;
    let v = memo[code];
    if (v === undefined) memo[code] = v = f(i);
    return v;
  };
  return { fn, type: c.type, scale: c.scale, internal: c.internal };
}
