// The decimals of a scalar function's result (shown and kept), and which functions pass an argument on.
import { arithmeticScale } from '@calckit/formula';
import type { ArgumentValue } from '../functions/contract.js';
import { declaredFractionDigits } from '../functions/date/declared-digits.js';
import { MAX_SCALE, toNumber } from '../values.js';
import { internalOf, isExact, type Compiled } from './compiled.js';

/**
 * Functions whose result is approximate when their argument is (MySQL: "for string or floating-point arguments, the
 * return value has a floating-point type"): CEILING of a DOUBLE is a DOUBLE, and so rounds half to even afterwards.
 */
export const APPROXIMATE_STAYS_APPROXIMATE = new Set(['CEILING', 'FLOOR']);

/** Functions whose value is one of their arguments, in the arguments' common type. */
export const PASSING = new Set(['IFNULL', 'NVL', 'COALESCE']);

/** Decimals a scalar function's exact result is kept with. */
export function scalarInternal(name: string, args: readonly Compiled[], scale: number): number {
  if (scale < 0) return scale;
  switch (name) {
    case 'ABS':
    case 'NULLIF':
      return args[0] ? internalOf(args[0]) : scale;
    case 'MOD':
    case 'IFNULL':
    case 'NVL':
    case 'COALESCE':
      return args.reduce((m, a) => Math.max(m, internalOf(a)), scale);
    default:
      return scale;
  }
}

/** Static scale of a scalar function's exact result. */
export function scalarScale(name: string, args: readonly Compiled[]): number {
  const a = args[0];
  switch (name) {
    case 'ABS':
    case 'NULLIF':
      // The first argument is the value: its decimals (MariaDB declares NULLIF(`Sales`, 2.255) with 2).
      return a?.scale ?? -1;
    case 'CEILING':
    case 'FLOOR':
      return 0;
    case 'MOD': {
      // MySQL's `%`: the table's decimals when both have fixed ones; a DOUBLE's unfixed decimals leave none fixed.
      const b = args[1];
      return a && b && a.scale >= 0 && b.scale >= 0 ? arithmeticScale('MOD', a.scale, b.scale) : -1;
    }
    case 'ROUND': {
      // ROUND(x, d) with a constant d has d fixed decimals, a DOUBLE too (MariaDB prints ROUND(0e0, 2) as 0.00).
      if (!a) return -1;
      // An integer rounded stays whole, whatever the decimals asked for (MariaDB: ROUND(`Quantity`, 2) has none).
      if (a.type === 'LONG' || a.type === 'BOOLEAN') return 0;
      const d = args[1];
      if (!d) return isExact(a.type) ? 0 : -1;
      if (!d.constant) return isExact(a.type) ? a.scale : -1;
      const n = toNumber(d.constant.value as ArgumentValue);
      return n === null ? -1 : Math.max(0, Math.min(MAX_SCALE, Math.trunc(n)));
    }
    case 'IFNULL':
    case 'NVL':
    case 'COALESCE':
      return args.every((x) => x.scale >= 0 || x.type === 'NULL') ? args.reduce((m, x) => Math.max(m, x.scale), 0) : -1;
    default:
      // A time function's result: the digits of its fraction MariaDB declares (-1 for the others).
      return declaredFractionDigits(name, args);
  }
}
