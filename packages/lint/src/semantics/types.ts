// Value types as the language core defines them, and the small predicates rules use on them.
import type { TypeCategory, ValueType } from '@calckit/formula';
import type { Expression } from '@calckit/formula';

export type { TypeCategory, ValueType };

export type TypeFamily = 'string' | 'numeric' | 'time' | 'boolean' | 'other';

const FAMILY: Readonly<Record<ValueType, TypeFamily>> = {
  STRING: 'string',
  LONG: 'numeric',
  DECIMAL: 'numeric',
  DOUBLE: 'numeric',
  DATE: 'time',
  DATETIME: 'time',
  BOOLEAN: 'boolean',
  NULL: 'other',
  INTERVAL: 'other',
  SKETCH: 'other',
  UNKNOWN: 'other',
};

export const typeFamily = (t: ValueType): TypeFamily => FAMILY[t];
export const isNumericType = (t: ValueType): boolean => FAMILY[t] === 'numeric';
export const isTimeType = (t: ValueType): boolean => FAMILY[t] === 'time';

const COMPARISONS = new Set(['=', '!=', '<>', '<', '>', '<=', '>=']);
export const isComparisonOperator = (op: string): boolean => COMPARISONS.has(op);

/** Strips parentheses: `((x))` → `x`. */
export function unparen(expr: Expression): Expression {
  let e = expr;
  while (e.kind === 'Paren') e = e.expression;
  return e;
}
