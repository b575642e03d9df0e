// Value types as the language core defines them, and the small predicates rules use on them.
import { categoryOf, isNumeric, isTime, type Expression, type TypeCategory, type ValueType } from '@calckit/formula';

export type { TypeCategory, ValueType };

export type TypeFamily = 'string' | 'numeric' | 'time' | 'boolean' | 'other';

/** The language core's category, with NULL and UNKNOWN counted as `other` (rules compare known kinds only). */
export function typeFamily(t: ValueType): TypeFamily {
  const category = categoryOf(t);
  return category === 'null' || category === 'unknown' ? 'other' : category;
}
export const isNumericType = isNumeric;
export const isTimeType = isTime;

export { isComparisonOperator } from '@calckit/formula';

/** Strips parentheses: `((x))` → `x`. */
export function unparen(expr: Expression): Expression {
  let e = expr;
  while (e.kind === 'Paren') e = e.expression;
  return e;
}
