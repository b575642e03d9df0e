// Result types of function calls: the catalogue's `returns` column, refined where it says NUMERIC, TIME or ANY.
// Each refinement is our choice modelled on MySQL unless facts.md says otherwise; the table is data, keyed by name.
import type { CallExpression, Expression } from '../syntax/ast.js';
import { lookupFunction } from '../catalogue/index.js';
import { COLUMN_TYPES } from '../vocabulary.js';
import { aggregateResultType, arithmeticResultType, numericClassOf } from './arithmetic-types.js';
import { isNumeric, isTime, unify, type ValueType } from './value-type.js';

type TypeOf = (e: Expression) => ValueType;
type ReturnRule = (call: CallExpression, typeOf: TypeOf) => ValueType;

const argType = (call: CallExpression, i: number, typeOf: TypeOf): ValueType => {
  const a = call.args[i];
  return a ? typeOf(a) : 'UNKNOWN';
};

/** The numeric aggregates (COUNT, SUM, AVG, MIN, MAX, the statistics) by MySQL's table (arithmetic-types.ts). A
 * column of unknown type is read as a DOUBLE there; the service, though, returned DECIMAL for a ratio of sums of
 * columns it typed (verified: `sum(a) / sum(b)` → DECIMAL), so SUM and AVG of an unknown argument are DECIMAL. */
const aggregateRule: ReturnRule = (call, typeOf) => {
  const argument = call.star ? 'LONG' : argType(call, 0, typeOf);
  if (argument === 'UNKNOWN' && (call.upperName === 'SUM' || call.upperName === 'AVG')) return 'DECIMAL';
  return aggregateResultType(call.upperName, argument) ?? 'UNKNOWN';
};

/** Same type as the numeric argument; unknown → DOUBLE (the service's answer for `col * -1` with an unknown column). */
const sameNumeric: ReturnRule = (call, typeOf) => {
  const t = argType(call, 0, typeOf);
  return isNumeric(t) ? t : 'DOUBLE';
};

/** MOD: MySQL's `%`, typed as the other arithmetic operators (arithmetic-types.ts). */
const modRule: ReturnRule = (call, typeOf) => arithmeticResultType('MOD', argType(call, 0, typeOf), argType(call, 1, typeOf));

/**
 * ROUND(x[, d]) as MariaDB declares it (measured): of a DECIMAL a DECIMAL; of a DOUBLE or text a DOUBLE; of an integer
 * an integer, except with decimals that are negative or not a constant (then a DECIMAL: the rounded BIGINT may not fit).
 */
const roundRule: ReturnRule = (call, typeOf) => {
  const t = argType(call, 0, typeOf);
  const numeric = numericClassOf(t);
  if (numeric === 'decimal') return 'DECIMAL';
  if (numeric !== 'integer') return 'DOUBLE';
  const d = call.args[1];
  if (!d) return 'LONG';
  const decimals = constantNumber(d);
  return decimals !== undefined && decimals >= 0 ? 'LONG' : 'DECIMAL';
};

/** The value of a number literal, negated or not; undefined for anything else. */
function constantNumber(e: Expression): number | undefined {
  if (e.kind === 'Number') return e.value;
  if (e.kind === 'Unary' && e.operator === '-' && e.operand.kind === 'Number') return -e.operand.value;
  return undefined;
}

/** Value-passing functions: the type of the value they pass on. */
const firstArg: ReturnRule = (call, typeOf) => argType(call, 0, typeOf);
const unifyArgs: ReturnRule = (call, typeOf) => unify(call.args.map(typeOf));
const nullifRule: ReturnRule = firstArg;

/** Date arithmetic: "a number means days; DATE in, unit >= day: DATE out" (the catalogue's note). */
const SUB_DAY_UNITS = new Set(['MICROSECOND', 'SECOND', 'MINUTE', 'HOUR', 'SECOND_MICROSECOND', 'MINUTE_MICROSECOND', 'MINUTE_SECOND', 'HOUR_MICROSECOND', 'HOUR_SECOND', 'HOUR_MINUTE', 'DAY_MICROSECOND', 'DAY_SECOND', 'DAY_MINUTE', 'DAY_HOUR']);
const dateArithmetic: ReturnRule = (call, typeOf) => {
  const delta = call.args[1];
  return intervalArithmeticType(argType(call, 0, typeOf), delta?.kind === 'Interval' ? delta.unit : undefined);
};

/** `date ± INTERVAL n UNIT` and DATE_ADD/DATE_SUB: a DATETIME, or a DATE from a DATE moved by whole days or more. */
export function intervalArithmeticType(base: ValueType, unit: string | undefined): ValueType {
  const subDay = unit !== undefined && SUB_DAY_UNITS.has(unit);
  if (base === 'DATETIME' || subDay) return 'DATETIME';
  if (base === 'DATE') return 'DATE';
  return base === 'STRING' ? 'DATETIME' : 'DATE';
}

/** STR_TO_DATE: "STRING if the format is '%T' or starts with '%H'; DATETIME if the format is longer than 10
 * characters; else DATE" (the catalogue's note). A format that is not a literal gives DATETIME. */
const strToDateRule: ReturnRule = (call) => {
  const format = call.args[1];
  if (!format || format.kind !== 'String') return 'DATETIME';
  if (format.value === '%T' || format.value.startsWith('%H')) return 'STRING';
  return format.value.length > 10 ? 'DATETIME' : 'DATE';
};

const timeOfSecond: ReturnRule = (call, typeOf) => {
  const t = argType(call, 1, typeOf);
  return isTime(t) ? t : 'DATETIME';
};

const RETURN_RULES: Readonly<Record<string, ReturnRule>> = {
  SUM: aggregateRule,
  AVG: aggregateRule,
  COUNT: aggregateRule,
  APPROXIMATE_COUNT_DISTINCT: aggregateRule,
  STDDEV_POP: aggregateRule,
  STDDEV: aggregateRule,
  VAR_POP: aggregateRule,
  ABS: sameNumeric,
  MEDIAN: aggregateRule,
  MOD: modRule,
  ROUND: roundRule,
  FROM_UNIXTIME: (call) => (call.args.length > 1 ? 'STRING' : 'DATETIME'),
  TO_NUMBER: () => 'DECIMAL',
  MIN: aggregateRule,
  MAX: aggregateRule,
  LAG: firstArg,
  LEAD: firstArg,
  FIRST_VALUE: firstArg,
  LAST_VALUE: firstArg,
  IFNULL: unifyArgs,
  NVL: unifyArgs,
  COALESCE: unifyArgs,
  NULLIF: nullifRule,
  ADDDATE: dateArithmetic,
  DATE_ADD: dateArithmetic,
  SUBDATE: dateArithmetic,
  DATE_SUB: dateArithmetic,
  ADDTIME: firstArg,
  STR_TO_DATE: strToDateRule,
  DATE_TRUNC: timeOfSecond,
};

const DIRECT: ReadonlySet<string> = new Set([...COLUMN_TYPES, 'SKETCH', 'BOOLEAN']);

/** The result type of a call; UNKNOWN for functions the catalogue does not know. */
export function callType(call: CallExpression, typeOf: TypeOf): ValueType {
  const rule = RETURN_RULES[call.upperName];
  if (rule) return rule(call, typeOf);
  const entry = lookupFunction(call.upperName);
  if (!entry) return 'UNKNOWN';
  if (DIRECT.has(entry.returns)) return entry.returns as ValueType;
  if (entry.returns === 'NUMERIC') return sameNumeric(call, typeOf);
  if (entry.returns === 'TIME') return firstArg(call, typeOf);
  return unifyArgs(call, typeOf);
}
