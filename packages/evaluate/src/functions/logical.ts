// NULL-handling functions: IFNULL / NVL (the second value when the first is NULL), COALESCE (the first non-NULL),
// NULLIF (NULL when both are equal under the collation, else the first).
import type { Value } from '../api.js';
import { compareValues } from '../compare.js';
import { isDurationValue, roundHalfAwayFromZero } from '../values.js';
import { timeOnDate } from './date/convert.js';
import type { ScalarContext, ScalarFunction, ScalarFunctionTable } from './contract.js';

/** A DECIMAL argument rounded to its shown scale, as MariaDB compares it; anything else as it is. */
function shownDecimal(v: Value, k: number, ctx: ScalarContext): Value {
  const scale = ctx.argScales?.[k] ?? -1;
  return typeof v === 'number' && ctx.argTypes?.[k] === 'DECIMAL' && scale >= 0 && scale <= 15 ? roundHalfAwayFromZero(v, scale) : v;
}

/**
 * The value chosen, in the common type of the arguments where it is a TIME among dates: MariaDB's common type of a
 * TIME and a DATE or DATETIME is DATETIME, so the TIME becomes that time on the current date (the `now` option):
 * `COALESCE(CURRENT_TIME, CURRENT_DATE)` is `2010-01-01 01:02:03` (measured, func_hybrid_type.test).
 */
function inCommonType(v: Value, ctx: ScalarContext): Value {
  if (!isDurationValue(v) || !ctx.argTypes?.some((t) => t === 'DATE' || t === 'DATETIME')) return v;
  return timeOnDate(v, ctx.now);
}

const ifnull: ScalarFunction = (args, ctx) => inCommonType((args[0] ?? args[1] ?? null) as Value, ctx);

export const LOGICAL_FUNCTIONS: ScalarFunctionTable = {
  IFNULL: ifnull,
  NVL: ifnull,
  COALESCE: (args, ctx) => {
    for (const a of args) if (a !== null) return inCommonType(a as Value, ctx);
    return null;
  },
  // MariaDB compares as `=` does, a DECIMAL at its shown scale (NULLIF(1/3*3, 1) is NULL), and returns the first
  // argument as it is: a quotient with its inside decimals (NULLIF(2/7, 7) + 0e0 is 0.285714285).
  NULLIF: (args, ctx) => {
    const a = (args[0] ?? null) as Value;
    const b = (args[1] ?? null) as Value;
    if (a === null || b === null) return a;
    return compareValues(shownDecimal(a, 0, ctx), shownDecimal(b, 1, ctx), ctx.collation) === 0 ? null : a;
  },
};
