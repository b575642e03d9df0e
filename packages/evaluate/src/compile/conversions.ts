// Values converted where they meet others: exact values at their shown scale, and the common type of CASE branches
// and of IFNULL's arguments.
import { isNumeric, type ValueType } from '@calckit/formula';
import type { Value } from '../api.js';
import { roundHalfAwayFromZero, toText } from '../values.js';
import { internalOf, isExact, type Compiled, type Fn } from './compiled.js';

const booleanAsNumber = (v: Value): Value => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

/**
 * An exact value as MariaDB compares it, and as grouped SUM/AVG/MIN/MAX read it: kept with more decimals inside, it
 * is rounded (half up) to its shown scale first (`1/3 = 0.3333` is true, `7/999999 > 0` false; measured).
 */
export function shownArgument(c: Compiled): Compiled {
  const internal = internalOf(c);
  if (!isExact(c.type) || c.scale < 0 || internal <= c.scale || c.scale > 15) return c;
  const f = c.fn;
  const scale = c.scale;
  return {
    ...c,
    fn: (i) => {
      const v = f(i);
      return typeof v === 'number' ? roundHalfAwayFromZero(v, scale) : v;
    },
    internal: scale,
  };
}

/**
 * A value in the common type of the places it meets (CASE branches, IFNULL's arguments), as MySQL converts it: to
 * text when the common type is STRING (numbers by their type and scale), a boolean to 1/0 when it is numeric, a DATE
 * to a DATETIME.
 */
export function coerceTo(c: Compiled, type: ValueType): Fn {
  const f = c.fn;
  if (c.type === type || c.type === 'NULL') return f;
  if (type === 'STRING') {
    const from = c.type;
    const scale = c.scale;
    return (i) => {
      const v = f(i);
      return typeof v === 'string' || v === null ? v : toText(v, from, scale);
    };
  }
  if (isNumeric(type) && c.type === 'BOOLEAN') return (i) => booleanAsNumber(f(i));
  if (type === 'DATETIME' && c.type === 'DATE') {
    return (i) => {
      const v = f(i);
      return v !== null && typeof v === 'object' && v.type === 'DATE' ? { type: 'DATETIME', epochMs: v.epochMs } : v;
    };
  }
  return f;
}
