// NULL-handling functions: IFNULL / NVL (the second value when the first is NULL), COALESCE (the first non-NULL),
// NULLIF (NULL when both are equal under the collation, else the first).
import type { Value } from '../api.js';
import { compareValues } from '../compare.js';
import type { ScalarFunction, ScalarFunctionTable } from './contract.js';

const ifnull: ScalarFunction = (args) => (args[0] ?? args[1] ?? null) as Value;

export const LOGICAL_FUNCTIONS: ScalarFunctionTable = {
  IFNULL: ifnull,
  NVL: ifnull,
  COALESCE: (args) => {
    for (const a of args) if (a !== null) return a as Value;
    return null;
  },
  NULLIF: (args, ctx) => {
    const a = (args[0] ?? null) as Value;
    const b = (args[1] ?? null) as Value;
    if (a === null || b === null) return a;
    return compareValues(a, b, ctx.collation) === 0 ? null : a;
  },
};
