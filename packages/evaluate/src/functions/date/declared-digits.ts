// The digits of a second's fraction MariaDB declares for a time result, known before any row: it prints the result
// with exactly that many (`DATE_ADD('1000-01-01 00:00:00', INTERVAL '0 00:00:01.5' DAY_MICROSECOND)` is
// 1000-01-01 00:00:01.500000, measured in its regression tests). From its Item_date_add_interval / Item_func_add_time /
// Item_func_sec_to_time fix_length_and_dec: the larger of the arguments' own digits, at most 6.
import { NOT_FIXED_DECIMALS, type ValueType } from '@calckit/formula';

/** What the compiler knows of an argument: its static type and decimals, its value when constant. */
export interface StaticArgument {
  readonly type: ValueType;
  readonly scale: number;
  readonly constant?: { readonly value: unknown };
}

const MAX_DIGITS = 6;

/**
 * MariaDB's NOT_FIXED_DEC (the arithmetic table's NOT_FIXED_DECIMALS): a result whose digits are not fixed (ADDTIME of
 * texts, a STRING result of no declared decimals) prints all 6 when it has a fraction, none when not (measured:
 * `ADDTIME("-01:01:01.01", "-23:59:59.1")` is -25:01:00.110000, `SUBTIME("02:01:01.999999", "01:01:01.999999")` 01:00:00).
 */
export const NOT_FIXED_DIGITS = NOT_FIXED_DECIMALS;
const cap = (n: number): number => Math.min(MAX_DIGITS, Math.max(0, n));

/** Digits of the fraction written in a time text (`'10:20:30.50'` has 2). */
const writtenDigits = (text: string): number => cap(/\.(\d*)/.exec(text)?.[1]?.length ?? 0);

/**
 * An argument's digits: text 6 (a constant text its written ones where `literalDigits`: MariaDB reads a constant's
 * precision from its value), a DOUBLE 6, a DECIMAL its scale, a time its declared digits (a column's: 0), else 0.
 */
export function argumentDigits(a: StaticArgument | undefined, literalDigits: boolean): number {
  if (!a) return 0;
  switch (a.type) {
    case 'STRING':
    case 'UNKNOWN':
      if (a.scale >= 0) return cap(a.scale); // a TIME function's result
      return literalDigits && typeof a.constant?.value === 'string' ? writtenDigits(a.constant.value) : MAX_DIGITS;
    case 'DOUBLE':
      return MAX_DIGITS;
    case 'DECIMAL':
      return a.scale < 0 ? MAX_DIGITS : cap(a.scale);
    default:
      return a.scale < 0 ? 0 : cap(a.scale);
  }
}

/** Text, not a time function's result (a TIME is typed STRING, with the digits it declares as its scale). */
const isText = (a: StaticArgument | undefined): boolean => (a?.type === 'STRING' || a?.type === 'UNKNOWN') && a.scale < 0;
const isTime = (a: StaticArgument | undefined): boolean => a?.type === 'DATETIME' || a?.type === 'DATE' || (a?.type === 'STRING' && a.scale >= 0);

/** Units whose amount has microseconds: MariaDB's interval_dec gives them 6 digits; SECOND its amount's decimals. */
const MICROSECOND_UNITS = new Set(['MICROSECOND', 'DAY_MICROSECOND', 'HOUR_MICROSECOND', 'MINUTE_MICROSECOND', 'SECOND_MICROSECOND']);

/** The digits an `INTERVAL amount unit` adds to a date. */
export function intervalDigits(unit: string, amount: StaticArgument): number {
  const u = unit.toUpperCase();
  if (MICROSECOND_UNITS.has(u)) return MAX_DIGITS;
  return u === 'SECOND' ? argumentDigits(amount, false) : 0;
}

/**
 * The declared digits of a time function's result, or -1 when the function is not one that declares them (the value
 * then prints its fraction's significant digits).
 */
export function declaredFractionDigits(name: string, args: readonly StaticArgument[]): number {
  switch (name) {
    case 'DATE_ADD':
    case 'DATE_SUB':
    case 'ADDDATE':
    case 'SUBDATE': {
      // The date's precision (a constant text's written digits) and the interval's; a number of days adds none.
      const interval = args[1];
      const added = interval?.type === 'INTERVAL' ? Math.max(0, interval.scale) : 0;
      return Math.max(argumentDigits(args[0], true), added);
    }
    case 'ADDTIME':
    case 'SUBTIME': {
      // A time first (a column, TIME(…)): the larger of the two's digits, a constant text's written ones
      // (`ADDTIME(TIME('10:10:10.1'), '10:10:10.12')` is TIME(2)). Else MariaDB's result is text, whose digits are
      // not fixed when an argument is text; else the arguments' (`ADDTIME(20010101, 1e0)` has 6, of the DOUBLE).
      const [a, b] = args;
      if (isTime(a)) return Math.max(argumentDigits(a, true), argumentDigits(b, true));
      if (isText(a) || isText(b)) return NOT_FIXED_DIGITS;
      return Math.max(argumentDigits(a, false), argumentDigits(b, false));
    }
    case 'TIME':
      // A TIME of a constant text declares the digits written (`TIME(' 1 02:03:04')` none), as MariaDB.
      return argumentDigits(args[0], true);
    case 'SEC_TO_TIME':
      return argumentDigits(args[0], false);
    default:
      return -1;
  }
}
