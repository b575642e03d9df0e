// Value types of expressions: literal and function types from the catalogue, arithmetic and CASE merging, and the
// hints that infer a column's type from its use (`x >= 600` makes `x` numeric). Memoised per expression.
import { lookupFunction, walk, type Expression, type Formula } from '@calckit/formula';

export type ValueType =
  | 'STRING'
  | 'LONG'
  | 'DECIMAL'
  | 'DOUBLE'
  | 'DATE'
  | 'DATETIME'
  | 'BOOLEAN'
  | 'NULL'
  | 'INTERVAL'
  | 'SKETCH'
  | 'UNKNOWN';

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
export const sameFamily = (a: ValueType, b: ValueType): boolean => FAMILY[a] === FAMILY[b];

/** Catalogue signature types that name one concrete value type. */
const CONCRETE: Readonly<Record<string, ValueType>> = {
  STRING: 'STRING',
  LONG: 'LONG',
  DECIMAL: 'DECIMAL',
  DOUBLE: 'DOUBLE',
  DATE: 'DATE',
  DATETIME: 'DATETIME',
  SKETCH: 'SKETCH',
  INTERVAL: 'INTERVAL',
};

const COMPARISONS = new Set(['=', '!=', '<>', '<', '>', '<=', '>=']);
export const isComparisonOperator = (op: string): boolean => COMPARISONS.has(op);

/** Widest numeric type of two: LONG < DECIMAL < DOUBLE. */
function widenNumeric(a: ValueType, b: ValueType): ValueType {
  if (a === 'DOUBLE' || b === 'DOUBLE') return 'DOUBLE';
  if (a === 'DECIMAL' || b === 'DECIMAL') return 'DECIMAL';
  return 'LONG';
}

/** The one type a set of types agrees on (numeric types widen); NULL and UNKNOWN are ignored; UNKNOWN on conflict. */
export function commonType(types: readonly ValueType[]): ValueType {
  let out: ValueType | undefined;
  for (const t of types) {
    if (t === 'NULL' || t === 'UNKNOWN') continue;
    if (out === undefined) out = t;
    else if (out === t) continue;
    else if (isNumericType(out) && isNumericType(t)) out = widenNumeric(out, t);
    else if (isTimeType(out) && isTimeType(t)) out = 'DATETIME';
    else return 'UNKNOWN';
  }
  return out ?? (types.includes('NULL') ? 'NULL' : 'UNKNOWN');
}

/** Strips parentheses: `((x))` → `x`. */
export function unparen(expr: Expression): Expression {
  let e = expr;
  while (e.kind === 'Paren') e = e.expression;
  return e;
}

type ColumnTyper = (name: string) => ValueType | undefined;

function callType(expr: Extract<Expression, { kind: 'Call' }>, typeOf: (e: Expression) => ValueType): ValueType {
  const entry = lookupFunction(expr.upperName);
  if (!entry) return 'UNKNOWN';
  const concrete = CONCRETE[entry.returns];
  if (concrete) return concrete;
  const argTypes = expr.args.map(typeOf);
  switch (entry.returns) {
    case 'NUMERIC': {
      const t = commonType(argTypes.filter(isNumericType));
      return t === 'UNKNOWN' || t === 'NULL' ? 'DECIMAL' : t;
    }
    case 'TIME': {
      const first = argTypes[0];
      return first !== undefined && isTimeType(first) ? first : 'DATETIME';
    }
    case 'ANY':
      // MIN/MAX/IFNULL/COALESCE/LAG…: the type of the value arguments.
      return commonType(entry.kind === 'window' ? argTypes.slice(0, 1) : argTypes);
    default:
      return 'UNKNOWN';
  }
}

function binaryType(expr: Extract<Expression, { kind: 'Binary' }>, typeOf: (e: Expression) => ValueType): ValueType {
  if (expr.operator === 'AND' || expr.operator === 'OR' || isComparisonOperator(expr.operator)) return 'BOOLEAN';
  const l = typeOf(expr.left);
  const r = typeOf(expr.right);
  if (expr.operator === '-' && isTimeType(l) && isTimeType(r)) return 'LONG';
  if ((expr.operator === '+' || expr.operator === '-') && isTimeType(l) && (isNumericType(r) || r === 'INTERVAL')) return l;
  if (expr.operator === '/') return l === 'DOUBLE' || r === 'DOUBLE' ? 'DOUBLE' : 'DECIMAL';
  if (isNumericType(l) && isNumericType(r)) return widenNumeric(l, r);
  // A side of unknown type: the service answers DOUBLE (facts: `col` * -1 gave DOUBLE).
  return 'DOUBLE';
}

/** The type of an expression, memoised in `memo`; columns typed by `columnType`. */
export function typeOfExpression(expr: Expression, memo: Map<Expression, ValueType>, columnType: ColumnTyper): ValueType {
  const cached = memo.get(expr);
  if (cached !== undefined) return cached;
  // Mark before recursing so that a cycle through column inference ends as UNKNOWN.
  memo.set(expr, 'UNKNOWN');
  const typeOf = (e: Expression): ValueType => typeOfExpression(e, memo, columnType);
  let t: ValueType;
  switch (expr.kind) {
    case 'String':
      t = 'STRING';
      break;
    case 'Number':
      t = expr.integer ? 'LONG' : 'DECIMAL';
      break;
    case 'Boolean':
      t = 'BOOLEAN';
      break;
    case 'Null':
      t = 'NULL';
      break;
    case 'Column':
      t = columnType(expr.name) ?? 'UNKNOWN';
      break;
    case 'Paren':
      t = typeOf(expr.expression);
      break;
    case 'Unary':
      t = expr.operator === 'NOT' ? 'BOOLEAN' : isNumericType(typeOf(expr.operand)) ? typeOf(expr.operand) : 'DOUBLE';
      break;
    case 'Binary':
      t = binaryType(expr, typeOf);
      break;
    case 'Case':
      t = commonType([...expr.whens.map((w) => typeOf(w.result)), ...(expr.elseResult ? [typeOf(expr.elseResult)] : [])]);
      break;
    case 'Call':
      t = callType(expr, typeOf);
      break;
    case 'In':
    case 'Like':
    case 'Between':
    case 'IsNull':
      t = 'BOOLEAN';
      break;
    case 'Interval':
      t = 'INTERVAL';
      break;
    default:
      // DoubleQuoted (column or string: ambiguous), NestedCalculation, Error.
      t = 'UNKNOWN';
  }
  memo.set(expr, t);
  return t;
}

/** Hints about columns' types from their use: compared with a typed value, or an operand of arithmetic. */
export function inferColumnHints(formula: Formula, typeOf: (e: Expression) => ValueType): Map<string, ValueType[]> {
  const hints = new Map<string, ValueType[]>();
  const hint = (e: Expression, other: Expression | ValueType): void => {
    const col = unparen(e);
    if (col.kind !== 'Column') return;
    const t = typeof other === 'string' ? other : unparen(other).kind === 'Column' ? 'UNKNOWN' : typeOf(other);
    if (t === 'UNKNOWN' || t === 'NULL') return;
    const list = hints.get(col.name) ?? [];
    list.push(t);
    hints.set(col.name, list);
  };
  walk(formula, {
    enter(node) {
      switch (node.kind) {
        case 'Binary':
          if (isComparisonOperator(node.operator)) {
            hint(node.left, node.right);
            hint(node.right, node.left);
          } else if (node.operator === '*' || node.operator === '/') {
            hint(node.left, 'DOUBLE');
            hint(node.right, 'DOUBLE');
          }
          break;
        case 'In':
          for (const item of node.list) hint(node.expression, item);
          break;
        case 'Between':
          hint(node.expression, node.low);
          hint(node.expression, node.high);
          break;
        case 'Case':
          if (node.operand) for (const w of node.whens) hint(node.operand, w.condition);
          break;
        default:
          break;
      }
    },
  });
  return hints;
}
