// INTERVAL arithmetic (DATE_ADD, ADDDATE, DATE_SUB, SUBDATE), as MySQL's get_interval_value and date_add_interval:
// month units clamp the day to the month's end; compound units read their amount as text (`'1 2'` DAY_HOUR).
import type { TimeValue, Value } from '../../api.js';
import { INTERVAL_UNITS } from '@calckit/formula';
import { addMicros, daysInMonth, fieldsOf, timeValueOf } from './calendar.js';
import { US_PER_DAY, US_PER_HOUR, US_PER_MINUTE, US_PER_SECOND, decimalMicros, toInteger, toIntegerHalfEven, toNumber } from './convert.js';

/** An interval as months plus microseconds (one of them zero), signed. */
export interface Delta {
  readonly months: number;
  readonly us: number;
}

/** The fields of each compound unit, most significant first; the multiplier of each in microseconds (or months). */
const COMPOUND: Readonly<Record<string, readonly number[]>> = {
  YEAR_MONTH: [12, 1],
  DAY_HOUR: [US_PER_DAY, US_PER_HOUR],
  DAY_MINUTE: [US_PER_DAY, US_PER_HOUR, US_PER_MINUTE],
  DAY_SECOND: [US_PER_DAY, US_PER_HOUR, US_PER_MINUTE, US_PER_SECOND],
  DAY_MICROSECOND: [US_PER_DAY, US_PER_HOUR, US_PER_MINUTE, US_PER_SECOND, 1],
  HOUR_MINUTE: [US_PER_HOUR, US_PER_MINUTE],
  HOUR_SECOND: [US_PER_HOUR, US_PER_MINUTE, US_PER_SECOND],
  HOUR_MICROSECOND: [US_PER_HOUR, US_PER_MINUTE, US_PER_SECOND, 1],
  MINUTE_SECOND: [US_PER_MINUTE, US_PER_SECOND],
  MINUTE_MICROSECOND: [US_PER_MINUTE, US_PER_SECOND, 1],
  SECOND_MICROSECOND: [US_PER_SECOND, 1],
};

const SIMPLE_US: Readonly<Record<string, number>> = {
  MICROSECOND: 1,
  SECOND: US_PER_SECOND,
  MINUTE: US_PER_MINUTE,
  HOUR: US_PER_HOUR,
  DAY: US_PER_DAY,
  WEEK: 7 * US_PER_DAY,
};
const SIMPLE_MONTHS: Readonly<Record<string, number>> = { MONTH: 1, QUARTER: 3, YEAR: 12 };

/** Units whose arithmetic keeps a DATE a DATE (no time part). */
export const DATE_ONLY_UNITS: ReadonlySet<string> = new Set(['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR', 'YEAR_MONTH']);

export const isIntervalUnit = (unit: string): boolean => INTERVAL_UNITS.includes(unit.toUpperCase());

/** The value of `INTERVAL amount unit` as a delta; NULL for a NULL or malformed amount. */
export function intervalDelta(amount: Value, unit: string, approximate = false): Delta | null {
  const toWhole = approximate ? toIntegerHalfEven : toInteger;
  const u = unit.toUpperCase();
  if (!isIntervalUnit(u)) return null;
  if (amount === null) return null;
  const months = SIMPLE_MONTHS[u];
  if (months !== undefined) {
    const n = toWhole(amount);
    return n === null ? null : { months: n * months, us: 0 };
  }
  const us = SIMPLE_US[u];
  if (us !== undefined) {
    if (u === 'SECOND') {
      // SECOND keeps a fraction: MySQL reads it as a decimal, six decimals truncated (a DOUBLE by its shortest writing).
      const n = toNumber(amount);
      return n === null || !Number.isFinite(n) ? null : { months: 0, us: Math.sign(n) * (Math.trunc(Math.abs(n)) * US_PER_SECOND + decimalMicros(n)) };
    }
    const n = toWhole(amount);
    if (n === null) return null;
    return { months: 0, us: n * us };
  }
  const parts = COMPOUND[u];
  if (parts === undefined) return null;
  const values = compoundValues(amount, parts.length, u.endsWith('_MICROSECOND'));
  if (values === null) return null;
  const sign = values.negative ? -1 : 1;
  if (u === 'YEAR_MONTH') return { months: sign * ((values.values[0] ?? 0) * 12 + (values.values[1] ?? 0)), us: 0 };
  let total = 0;
  parts.forEach((mult, i) => {
    total += (values.values[i] ?? 0) * mult;
  });
  return { months: 0, us: sign * total };
}

/**
 * MySQL's get_interval_info: the digit groups of the amount's text, right-aligned to the unit's fields when fewer
 * are written (`'5'` HOUR_MINUTE is 5 minutes); more groups than fields is an error. With a microsecond field, the
 * last group is read as a fraction (`'1.5'` SECOND_MICROSECOND is 1.5 s).
 */
function compoundValues(amount: Value, count: number, microLast: boolean): { negative: boolean; values: number[] } | null {
  let text = typeof amount === 'string' ? amount : typeof amount === 'number' ? numberText(amount) : String(toNumber(amount) ?? '');
  text = text.trimStart();
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  const groups = text.match(/\d+/g) ?? [];
  // Leading non-digits are skipped; anything after the last group other than non-digits is impossible with \d+.
  if (groups.length > count || groups.some(overflows)) return null;
  const lastLength = groups.length > 0 ? (groups[groups.length - 1] ?? '').length : 0;
  const values = groups.map(Number);
  while (values.length < count) values.unshift(0);
  if (microLast && groups.length > 0) {
    const last = values[count - 1] ?? 0;
    values[count - 1] = lastLength < 6 ? last * 10 ** (6 - lastLength) : Math.trunc(last / 10 ** (lastLength - 6));
  }
  return { negative, values };
}

/** A digit group past MariaDB's get_interval_info reading (a signed 64-bit value, checked before each digit):
 * the interval is NULL (`'0 00:00:01.50000000000000000000'` DAY_MICROSECOND, MariaDB's func_date_add test). */
const LAST_SAFE_GROUP = (2n ** 63n - 1n - 10n) / 10n;
const overflows = (group: string): boolean => {
  const digits = group.replace(/^0+/, '');
  return digits.length > 19 || (digits.length > 17 && BigInt(digits.slice(0, -1)) > LAST_SAFE_GROUP);
};

const numberText = (n: number): string => (Number.isInteger(n) ? String(n) : String(n));

/** Adds a delta to a time value; `type` is the result's type. NULL when the result leaves 0001..9999. */
export function addDelta(t: TimeValue, delta: Delta, type: 'DATE' | 'DATETIME'): TimeValue | null {
  if (delta.months !== 0) {
    const f = fieldsOf(t.epochMs, t.micros);
    const total = f.year * 12 + (f.month - 1) + delta.months;
    const year = Math.floor(total / 12);
    const month = total - year * 12 + 1;
    if (year < 1 || year > 9999) return null;
    const day = Math.min(f.day, daysInMonth(year, month));
    return timeValueOf(type, { ...f, year, month, day });
  }
  return addMicros(t, type, delta.us);
}
