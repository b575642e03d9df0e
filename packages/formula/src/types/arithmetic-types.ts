// MySQL's result types of arithmetic and of the numeric aggregates, as MariaDB 10.11 declares them (its column
// metadata: type and decimals): one table, read by the analysis (`dataType`: infer.ts, call-types.ts) and by the
// evaluator (the type and decimals it computes with: @calckit/evaluate's compile/arithmetic-step.ts,
// compile/aggregate-calls.ts and aggregates.ts).
// test/evaluate/differential/types.test.ts holds every formula of the differential suite to MariaDB's declared type.
// Data, not switch statements: a rule that changes is a cell that changes.
import type { ValueType } from './value-type.js';

/**
 * How an operand takes part in arithmetic (MySQL's "result type" of an operand): an exact integer, an exact decimal,
 * an approximate number, or the NULL literal. A BOOLEAN is the integer 1 or 0; a DATE or DATETIME the integer
 * YYYYMMDD[HHMMSS]; text, and a value of unknown type, is read as a floating-point number (MariaDB: `'12.5' + 1` is a
 * DOUBLE; the service answered DOUBLE for `col * -1` with a column of unknown type).
 */
export type NumericClass = 'integer' | 'decimal' | 'double' | 'null';

const CLASS_OF: Readonly<Partial<Record<ValueType, NumericClass>>> = {
  LONG: 'integer',
  BOOLEAN: 'integer',
  DATE: 'integer',
  DATETIME: 'integer',
  DECIMAL: 'decimal',
  DOUBLE: 'double',
  NULL: 'null',
};

/** The class of a value type in arithmetic; any type the table does not list (text, unknown) counts as a DOUBLE. */
export const numericClassOf = (t: ValueType): NumericClass => CLASS_OF[t] ?? 'double';

/** The operators of arithmetic: `+ - * /` and MOD (MySQL's `%`, which the language spells as a function). */
export type ArithmeticOperator = '+' | '-' | '*' | '/' | 'MOD';

type ResultTable = Readonly<Record<NumericClass, Readonly<Record<NumericClass, ValueType>>>>;

/** `+ - *` and MOD: exact stays exact (integer with integer is an integer), anything approximate is a DOUBLE, and so
 * is any operation with the NULL literal (MariaDB declares `x + NULL` a DOUBLE). */
const EXACT_STAYS_EXACT: ResultTable = {
  integer: { integer: 'LONG', decimal: 'DECIMAL', double: 'DOUBLE', null: 'DOUBLE' },
  decimal: { integer: 'DECIMAL', decimal: 'DECIMAL', double: 'DOUBLE', null: 'DOUBLE' },
  double: { integer: 'DOUBLE', decimal: 'DOUBLE', double: 'DOUBLE', null: 'DOUBLE' },
  null: { integer: 'DOUBLE', decimal: 'DOUBLE', double: 'DOUBLE', null: 'DOUBLE' },
};

/** `/`: a quotient of exact values is a DECIMAL, integers too (`7 / 2` is 3.5000). */
const QUOTIENT: ResultTable = {
  integer: { integer: 'DECIMAL', decimal: 'DECIMAL', double: 'DOUBLE', null: 'DOUBLE' },
  decimal: { integer: 'DECIMAL', decimal: 'DECIMAL', double: 'DOUBLE', null: 'DOUBLE' },
  double: { integer: 'DOUBLE', decimal: 'DOUBLE', double: 'DOUBLE', null: 'DOUBLE' },
  null: { integer: 'DOUBLE', decimal: 'DOUBLE', double: 'DOUBLE', null: 'DOUBLE' },
};

const RESULT_TYPE: Readonly<Record<ArithmeticOperator, ResultTable>> = { '+': EXACT_STAYS_EXACT, '-': EXACT_STAYS_EXACT, '*': EXACT_STAYS_EXACT, MOD: EXACT_STAYS_EXACT, '/': QUOTIENT };

/** The result type of `left op right`. */
export function arithmeticResultType(op: ArithmeticOperator, left: ValueType, right: ValueType): ValueType {
  return RESULT_TYPE[op][numericClassOf(left)][numericClassOf(right)];
}

/** The type of `-x`: the operand's, a BOOLEAN an integer, text or unknown a DOUBLE, `-NULL` a DOUBLE. */
export function negationType(operand: ValueType): ValueType {
  return EXACT_STAYS_EXACT[numericClassOf(operand)].integer;
}

/** MySQL's and MariaDB's `div_precision_increment` (its default, 4): the decimals a quotient adds to the dividend's. */
export const DIV_PRECISION_INCREMENT = 4;

/** The most decimals MariaDB gives a DECIMAL (DECIMAL_MAX_SCALE). */
export const DECIMAL_MAX_SCALE = 38;

/** MariaDB's NOT_FIXED_DEC: the decimals of a value whose decimals are not fixed. As the kept decimals of a
 * floating-point value (all a double holds) it is more than any shown scale, so the shown value is rounded to its
 * scale while the value itself flows on unrounded; a time result declaring it prints all six digits of a fraction. */
export const NOT_FIXED_DECIMALS = 39;

type ScaleRule = (left: number, right: number) => number;

/**
 * Decimals of an exact result as MariaDB declares (and shows) them, from the operands' declared decimals: `+ -` and
 * MOD the larger, `*` the sum, `/` the dividend's plus div_precision_increment; at most DECIMAL_MAX_SCALE.
 */
const SHOWN_SCALE: Readonly<Record<ArithmeticOperator, ScaleRule>> = {
  '+': Math.max,
  '-': Math.max,
  MOD: Math.max,
  '*': (l, r) => l + r,
  '/': (l) => l + DIV_PRECISION_INCREMENT,
};

export function arithmeticScale(op: ArithmeticOperator, left: number, right: number): number {
  return Math.min(DECIMAL_MAX_SCALE, SHOWN_SCALE[op](left, right));
}

/** Decimals a quotient's value is kept with at most (MySQL's DECIMAL_MAX_SCALE 30, plus one 9-digit word). */
const MAX_KEPT_DECIMALS = 39;

/**
 * Decimals MariaDB's decimal division keeps inside (decimal_div): the dividend's and the divisor's decimals each
 * rounded up to whole 9-digit words, plus one more word when div_precision_increment is not covered by that rounding
 * (measured: 2/3 has 9, 0.001/7 9, 1.123456/7 18, 1/3.0 9, 1.0/3.0 18); the quotient is truncated there.
 * `1/3` is 0.333333333 inside, shown 0.3333: so `1/3*3` is 0.9999999990, shown 1.0000, and `FLOOR(400/3*3)` is 399.
 */
export function quotientDigits(dividend: number, divisor = 0): number {
  const words = (d: number) => 9 * Math.ceil(Math.max(0, d) / 9);
  const f1 = words(dividend);
  const f2 = words(divisor);
  const increment = DIV_PRECISION_INCREMENT - (f1 - Math.max(0, dividend)) - (f2 - Math.max(0, divisor));
  return Math.min(MAX_KEPT_DECIMALS, f1 + f2 + (increment > 0 ? 9 : 0));
}

/** Decimals an exact result is kept with inside while it flows into other operators (MariaDB's decimal arithmetic:
 * exact, except a quotient, which keeps quotientDigits), from the operands' kept decimals. */
const KEPT_SCALE: Readonly<Record<ArithmeticOperator, ScaleRule>> = {
  '+': Math.max,
  '-': Math.max,
  MOD: Math.max,
  '*': (l, r) => l + r,
  '/': quotientDigits,
};

export function arithmeticKeptScale(op: ArithmeticOperator, left: number, right: number): number {
  return KEPT_SCALE[op](left, right);
}

/** An aggregate's result: a fixed type by the argument's class, or `argument`: the argument's own type (MIN, MAX). */
type AggregateResult = Readonly<Record<NumericClass, ValueType | 'argument'>>;

const ALWAYS = (t: ValueType | 'argument'): AggregateResult => ({ integer: t, decimal: t, double: t, null: t });
/** SUM and AVG: an exact total is a DECIMAL (SUM of integers too), an approximate one (text, DOUBLE, NULL) a DOUBLE. */
const TOTAL: AggregateResult = { integer: 'DECIMAL', decimal: 'DECIMAL', double: 'DOUBLE', null: 'DOUBLE' };

/** The numeric aggregates' result types. Aggregates not listed follow the catalogue (call-types.ts). */
const AGGREGATE_TYPE: Readonly<Record<string, AggregateResult>> = {
  COUNT: ALWAYS('LONG'),
  APPROXIMATE_COUNT_DISTINCT: ALWAYS('LONG'),
  SUM: TOTAL,
  AVG: TOTAL,
  MIN: ALWAYS('argument'),
  MAX: ALWAYS('argument'),
  STDDEV_POP: ALWAYS('DOUBLE'),
  STDDEV: ALWAYS('DOUBLE'),
  VAR_POP: ALWAYS('DOUBLE'),
  // Interpolated between two values in floating point (MariaDB's PERCENTILE_CONT declares a DOUBLE).
  MEDIAN: ALWAYS('DOUBLE'),
  APPROXIMATE_MEDIAN: ALWAYS('DOUBLE'),
  PERCENTILE: ALWAYS('DOUBLE'),
  PERCENTILE_CONT: ALWAYS('DOUBLE'),
  APPROXIMATE_PERCENTILE: ALWAYS('DOUBLE'),
};

/** Decimals of an aggregate's exact result, from its argument's (< 0: not exact): SUM, MIN and MAX keep them, AVG
 * adds div_precision_increment, a count has none. */
const AGGREGATE_SCALE: Readonly<Record<string, (argument: number) => number>> = {
  COUNT: () => 0,
  APPROXIMATE_COUNT_DISTINCT: () => 0,
  SUM: (s) => s,
  MIN: (s) => s,
  MAX: (s) => s,
  AVG: (s) => (s < 0 ? s : s + DIV_PRECISION_INCREMENT),
};

/** The result type of aggregate `name` over an argument of type `argument` (a BOOLEAN kept by MIN/MAX is a LONG);
 * undefined for an aggregate the table does not list. */
export function aggregateResultType(name: string, argument: ValueType): ValueType | undefined {
  const result = AGGREGATE_TYPE[name]?.[numericClassOf(argument)];
  if (result !== 'argument') return result;
  return argument === 'BOOLEAN' ? 'LONG' : argument;
}

/**
 * Decimals of aggregate `name`'s result over an argument of type `argument` with `scale` decimals (< 0: not fixed);
 * < 0 when they are not fixed or the table does not list the aggregate. A DOUBLE with fixed decimals (ROUND(x, -1))
 * keeps them as an exact value does: MariaDB shows AVG of it with 4 more, SUM, MIN and MAX with as many.
 */
export function aggregateResultScale(name: string, argument: ValueType, scale: number): number {
  const rule = AGGREGATE_SCALE[name];
  const type = aggregateResultType(name, argument);
  if (!rule || type === undefined) return -1;
  if (AGGREGATE_TYPE[name]![numericClassOf(argument)] === 'argument') return scale;
  if (type !== 'LONG' && type !== 'DECIMAL' && type !== 'DOUBLE') return -1;
  return Math.min(DECIMAL_MAX_SCALE, rule(scale));
}

/** Kept decimals that differ from the shown ones' rule: an average is a quotient. */
const AGGREGATE_KEPT_SCALE: Readonly<Record<string, (kept: number) => number>> = { AVG: (s) => quotientDigits(s) };

/**
 * Decimals an aggregate's exact result is kept with inside, from the decimals its total (or argument) is kept with:
 * a total and an extreme keep them, a count has none, an average is a quotient (quotientDigits). Never fewer than
 * the shown decimals. < 0 as aggregateResultScale.
 */
export function aggregateKeptScale(name: string, argument: ValueType, scale: number, kept: number): number {
  const shown = aggregateResultScale(name, argument, scale);
  // A DOUBLE is computed in floating point, whatever decimals it is shown with.
  if (shown >= 0 && aggregateResultType(name, argument) === 'DOUBLE') return NOT_FIXED_DECIMALS;
  if (shown < 0 || kept < 0) return shown;
  const rule = AGGREGATE_KEPT_SCALE[name] ?? AGGREGATE_SCALE[name]!;
  return Math.max(shown, rule(kept));
}

