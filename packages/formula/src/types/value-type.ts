// Value types and how they combine. STRING…DATETIME are the dataset types (the seed's 2.3, facts.md); the rest exist
// only inside a formula.
import type { ColumnType } from '../schema.js';

export type ValueType = ColumnType | 'BOOLEAN' | 'NULL' | 'INTERVAL' | 'SKETCH' | 'UNKNOWN';

/** Broad kinds used where exact types do not matter (type-mismatch rules, column types inferred from usage). */
export type TypeCategory = 'numeric' | 'string' | 'time' | 'boolean' | 'null' | 'other' | 'unknown';

const NUMERIC_RANK: Partial<Record<ValueType, number>> = { LONG: 1, DECIMAL: 2, DOUBLE: 3 };

/** The category of every type: the one table of type families (the linter's families are these). */
const CATEGORY: Readonly<Record<ValueType, TypeCategory>> = {
  STRING: 'string',
  LONG: 'numeric',
  DECIMAL: 'numeric',
  DOUBLE: 'numeric',
  DATE: 'time',
  DATETIME: 'time',
  BOOLEAN: 'boolean',
  NULL: 'null',
  INTERVAL: 'other',
  SKETCH: 'other',
  UNKNOWN: 'unknown',
};

export const categoryOf = (t: ValueType): TypeCategory => CATEGORY[t];
export const isNumeric = (t: ValueType): boolean => CATEGORY[t] === 'numeric';
export const isTime = (t: ValueType): boolean => CATEGORY[t] === 'time';

/** The wider of two numeric types (LONG < DECIMAL < DOUBLE). */
export function widerNumeric(a: ValueType, b: ValueType): ValueType {
  return (NUMERIC_RANK[a] ?? 0) >= (NUMERIC_RANK[b] ?? 0) ? a : b;
}

/**
 * The common type of values that meet in one place (CASE branches, IFNULL, COALESCE), as MySQL unifies them:
 * NULL and UNKNOWN give way to any known type; numbers widen; DATE with DATETIME is DATETIME; a string with anything
 * else is a STRING; BOOLEAN counts as a number.
 */
export function unify(types: readonly ValueType[]): ValueType {
  let result: ValueType = 'NULL';
  let sawUnknown = false;
  for (const raw of types) {
    const t: ValueType = raw === 'BOOLEAN' ? 'LONG' : raw;
    if (t === 'NULL') continue;
    if (t === 'UNKNOWN') {
      sawUnknown = true;
      continue;
    }
    if (result === 'NULL') result = t;
    else if (result === t) continue;
    else if (isNumeric(result) && isNumeric(t)) result = widerNumeric(result, t);
    else if (isTime(result) && isTime(t)) result = 'DATETIME';
    else result = 'STRING';
  }
  return result === 'NULL' && sawUnknown ? 'UNKNOWN' : result;
}
