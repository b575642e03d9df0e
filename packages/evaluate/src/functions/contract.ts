// What a scalar function implementation is: the evaluator evaluates the arguments (NULL included; each function
// decides how NULL propagates) and calls the implementation by the catalogue's upper-case name. Tables of these are
// data (one file per family under functions/), merged by functions/index.ts.
import type { CallExpression, ValueType } from '@calckit/formula';
import type { DurationValue, TimeValue, Value } from '../api.js';

export interface ScalarContext {
  /** The evaluation's clock (the `now` option, fixed for the whole evaluation, as the service fixes it per query). */
  readonly now: TimeValue;
  readonly collation: 'utf8mb4_general_ci' | 'binary';
  /** The call being evaluated, for error ranges and for INTERVAL units (an INTERVAL argument arrives as `IntervalValue`). */
  readonly call: CallExpression;
  /** Static types of the arguments (as the formula's type inference gives them), when the evaluator knows them. */
  readonly argTypes?: readonly ValueType[];
  /** Static decimals of exact (LONG, DECIMAL) arguments; < 0 when unknown. Numbers print with them (CONCAT(1/3) → '0.3333'). */
  readonly argScales?: readonly number[];
  /** Decimals exact arguments are kept with inside (a quotient's 9-digit words: `1/3` is 0.333333333); < 0 when unknown.
   * Arithmetic (MOD) computes with them, as MariaDB does. */
  readonly argKeptScales?: readonly number[];
}

/** `INTERVAL n UNIT` as an argument value (only the date arithmetic functions accept it). */
export interface IntervalValue {
  readonly type: 'INTERVAL';
  readonly amount: Value;
  /** Upper-case unit as written (`DAY`, `MONTH`, `DAY_HOUR`, …). */
  readonly unit: string;
  /** The amount is a DOUBLE: MySQL rounds it to whole units half to even (0.5 DAY is 0 days), a DECIMAL half up. */
  readonly approximate?: boolean;
}

export type ArgumentValue = Value | IntervalValue;

export type ScalarFunction = (args: readonly ArgumentValue[], ctx: ScalarContext) => Value;

/** Upper-case catalogue name → implementation. */
export type ScalarFunctionTable = Readonly<Record<string, ScalarFunction>>;

export const isTimeValue = (v: unknown): v is TimeValue =>
  typeof v === 'object' && v !== null && ((v as TimeValue).type === 'DATE' || (v as TimeValue).type === 'DATETIME');

/** A TIME (MariaDB's duration type, api.ts's DurationValue). */
export const isDurationValue = (v: unknown): v is DurationValue => typeof v === 'object' && v !== null && (v as DurationValue).type === 'TIME';

export const isIntervalValue = (v: unknown): v is IntervalValue => typeof v === 'object' && v !== null && (v as IntervalValue).type === 'INTERVAL';
