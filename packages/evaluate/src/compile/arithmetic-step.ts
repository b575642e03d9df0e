// One step of arithmetic with MySQL's rules: its result type, decimals and operation on two non-NULL values.
import { arithmeticKeptScale, arithmeticResultType, arithmeticScale, type ArithmeticOperator, type Expression, type ValueType } from '@calckit/formula';
import type { Value } from '../api.js';
import { roundHalfAwayFromZero, toNumber, truncateDecimal, wrapLong } from '../values.js';
import { internalOf, isExact, type Compiled } from './compiled.js';

/** The arithmetic operators of the language (no DIV, no %: MOD is a function). */
export const ARITHMETIC = new Set(['+', '-', '*', '/']);

/** `date ± INTERVAL …` (and `INTERVAL … + date`): date arithmetic (interval.ts), not a number's. */
export const isIntervalArithmetic = (e: Extract<Expression, { kind: 'Binary' }>) =>
  (e.operator === '+' || e.operator === '-') && (e.right.kind === 'Interval' || (e.operator === '+' && e.left.kind === 'Interval'));

interface ArithmeticStep {
  readonly type: ValueType;
  readonly scale: number;
  readonly internal: number;
  /** The operation on two non-NULL values. */
  readonly apply: (a: Value, b: Value) => Value;
}

const num = (v: Value): number => (typeof v === 'number' ? v : toNumber(v)!);

/**
 * One `+ - * /` with MySQL's rules, from the formula package's table (arithmetic-types.ts): LONG results wrap to 64
 * bits; exact (LONG, DECIMAL) results are kept with their internal decimals (a quotient's in 9-digit words) and shown
 * with their scale; anything else is a DOUBLE; division by zero is NULL.
 */
export function arithmeticStep(op: string, l: Compiled, r: Compiled): ArithmeticStep {
  const operator = op as ArithmeticOperator;
  const type = arithmeticResultType(operator, l.type, r.type);
  if (type === 'LONG') {
    const exactOp =
      op === '+' ? (a: number, b: number) => BigInt(a) + BigInt(b) : op === '-' ? (a: number, b: number) => BigInt(a) - BigInt(b) : (a: number, b: number) => BigInt(a) * BigInt(b);
    const f = op === '+' ? (a: number, b: number) => a + b : op === '-' ? (a: number, b: number) => a - b : (a: number, b: number) => a * b;
    return {
      type,
      scale: 0,
      internal: 0,
      apply: (va, vb) => {
        const a = num(va);
        const b = num(vb);
        const x = f(a, b);
        return Number.isSafeInteger(x) || !Number.isInteger(a) || !Number.isInteger(b) ? x : wrapLong(x, () => exactOp(a, b));
      },
    };
  }
  const exact = type === 'DECIMAL' && isExact(l.type) && isExact(r.type) && l.scale >= 0 && r.scale >= 0;
  let scale = -1;
  let internal = -1;
  if (exact) {
    const li = internalOf(l);
    const ri = internalOf(r);
    scale = arithmeticScale(operator, l.scale, r.scale);
    internal = arithmeticKeptScale(operator, li, ri);
  }
  // Doubles hold about 15 significant digits: past that, rounding would change nothing but the noise.
  const round = exact && internal <= 15;
  const s = internal;
  if (op === '/') {
    return {
      type,
      scale,
      internal,
      apply: (va, vb) => {
        const b = num(vb);
        if (b === 0) return null;
        const x = num(va) / b;
        // The quotient's last 9-digit word is truncated, not rounded (decimal division).
        return round ? truncateDecimal(x, s) : x;
      },
    };
  }
  const f = op === '+' ? (a: number, b: number) => a + b : op === '-' ? (a: number, b: number) => a - b : (a: number, b: number) => a * b;
  return {
    type,
    scale,
    internal,
    apply: round ? (va, vb) => roundHalfAwayFromZero(f(num(va), num(vb)), s) : (va, vb) => f(num(va), num(vb)),
  };
}
