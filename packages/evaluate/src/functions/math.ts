// Math functions with MySQL's rules: NULL in, NULL out; exact (LONG, DECIMAL) values round half away from zero and
// DOUBLE values half to even; MOD by zero and logarithms of non-positive numbers are NULL.
import { EvaluationError } from '../api.js';
import { MAX_SCALE, roundHalfAwayFromZero, roundHalfEven, toNumber } from '../values.js';
import type { ArgumentValue, ScalarContext, ScalarFunction, ScalarFunctionTable } from './contract.js';

const num = (v: ArgumentValue | undefined): number | null => (v === undefined ? null : toNumber(v));
const isExactType = (ctx: ScalarContext, i: number) => {
  const t = ctx.argTypes?.[i];
  return t === 'LONG' || t === 'DECIMAL' || t === 'BOOLEAN';
};
const noNegativeZero = (x: number) => (x === 0 ? 0 : x);

/** A one-argument numeric function: NULL stays NULL; a NaN result is NULL. */
const unary =
  (f: (x: number) => number | null): ScalarFunction =>
  (args) => {
    const x = num(args[0]);
    if (x === null) return null;
    const r = f(x);
    return r === null || Number.isNaN(r) ? null : r;
  };

const round: ScalarFunction = (args, ctx) => {
  const x = num(args[0]);
  if (x === null) return null;
  const dv = args.length > 1 ? num(args[1]) : 0;
  if (dv === null) return null;
  const d = Math.max(-MAX_SCALE - 10, Math.min(MAX_SCALE, Math.trunc(dv)));
  return noNegativeZero(isExactType(ctx, 0) ? roundHalfAwayFromZero(x, d) : roundHalfEven(x, d));
};

const mod: ScalarFunction = (args, ctx) => {
  const a = num(args[0]);
  const b = num(args[1]);
  if (a === null || b === null || b === 0) return null;
  // On the decimals the arguments are kept with (MariaDB's MOD of an AVG reads its 9-digit quotient, not 4 decimals).
  const kept = ctx.argKeptScales ?? ctx.argScales;
  const s = Math.max(kept?.[0] ?? -1, kept?.[1] ?? -1);
  if (isExactType(ctx, 0) && isExactType(ctx, 1) && s > 0 && s <= 12) {
    // Exact decimals: MOD on the scaled integers (0.3 MOD 0.1 is 0.0, not 0.09999999999999998).
    const p = 10 ** s;
    const ia = Math.round(a * p);
    const ib = Math.round(b * p);
    if (Number.isSafeInteger(ia) && Number.isSafeInteger(ib)) return noNegativeZero((ia % ib) / p);
  }
  return noNegativeZero(a % b);
};

const power: ScalarFunction = (args, ctx) => {
  const a = num(args[0]);
  const b = num(args[1]);
  if (a === null || b === null) return null;
  const r = a ** b;
  // MariaDB: "DOUBLE value is out of range" for an infinite result and for no real one (POWER(-8, 0.5)).
  if (!Number.isFinite(r)) throw new EvaluationError('runtime', `POWER(${a}, ${b}) is out of the range of a DOUBLE`, ctx.call.range);
  return r;
};

const log: ScalarFunction = (args) => {
  // The catalogue's LOG(x) is base 10; LOG(b, x) is MySQL's two-argument form.
  if (args.length >= 2) {
    const b = num(args[0]);
    const x = num(args[1]);
    if (b === null || x === null || b <= 0 || b === 1 || x <= 0) return null;
    return Math.log(x) / Math.log(b);
  }
  const x = num(args[0]);
  return x === null || x <= 0 ? null : Math.log10(x);
};

const widthBucket: ScalarFunction = (args, ctx) => {
  const x = num(args[0]);
  const lo = num(args[1]);
  const hi = num(args[2]);
  const n = num(args[3]);
  if (x === null || lo === null || hi === null || n === null) return null;
  if (!Number.isInteger(n) || n <= 0) throw new EvaluationError('runtime', 'WIDTH_BUCKET: the bucket count must be a positive integer', ctx.call.range);
  if (lo === hi) throw new EvaluationError('runtime', 'WIDTH_BUCKET: the lower and upper bounds must differ', ctx.call.range);
  if (lo < hi) {
    if (x < lo) return 0;
    if (x >= hi) return n + 1;
    return Math.floor(((x - lo) / (hi - lo)) * n) + 1;
  }
  if (x > lo) return 0;
  if (x <= hi) return n + 1;
  return Math.floor(((lo - x) / (lo - hi)) * n) + 1;
};

export const MATH_FUNCTIONS: ScalarFunctionTable = {
  ABS: unary((x) => Math.abs(x)),
  CEILING: unary((x) => noNegativeZero(Math.ceil(x))),
  FLOOR: unary((x) => noNegativeZero(Math.floor(x))),
  MOD: mod,
  POWER: power,
  ROUND: round,
  LN: unary((x) => (x <= 0 ? null : Math.log(x))),
  LOG: log,
  SQRT: unary((x) => (x < 0 ? null : Math.sqrt(x))),
  WIDTH_BUCKET: widthBucket,
};
