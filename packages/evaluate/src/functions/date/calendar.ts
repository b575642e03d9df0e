// The proleptic Gregorian calendar on a zone-free wall clock, as MySQL computes it (day numbers, weekdays, weeks).
// Pure arithmetic: no Date, no time zone.
import type { TimeValue } from '../../api.js';

export const MS_PER_SECOND = 1000;
export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 86_400_000;

/** MySQL's TO_DAYS of 1970-01-01 (day numbers count from year 0). */
export const TO_DAYS_1970 = 719_528;

export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

/** The parts of a wall-clock time; in a date as written (convert.ts's WrittenDateTime), month and day may be 0 and a
 * day past its month's end. */
export interface DateTimeFields {
  readonly year: number;
  readonly month: number; // 1..12
  readonly day: number; // 1..31
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** Microseconds of the second, 0..999999. */
  readonly micro: number;
}

export const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const daysInMonth = (y: number, m: number): number => (m === 2 && isLeapYear(y) ? 29 : (MONTH_DAYS[m - 1] ?? 0));

export const daysInYear = (y: number): number => (isLeapYear(y) ? 366 : 365);

/** Days since 1970-01-01 of a civil date (Howard Hinnant's days_from_civil). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The civil date of a day count since 1970-01-01. */
/**
 * The civil date of a day number packed as `year * 10000 + month * 100 + day`: no object, because YEAR, MONTH and DAY
 * run once per row (years are 1..9999 here, so the packing is exact).
 */
export function civilPacked(z: number): number {
  const zz = z + 719_468;
  const era = Math.floor(zz / 146_097);
  const doe = zz - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return (yoe + era * 400 + (month <= 2 ? 1 : 0)) * 10_000 + month * 100 + day;
}

export function civilFromDays(z: number): { year: number; month: number; day: number } {
  const packed = civilPacked(z);
  return { year: Math.floor(packed / 10_000), month: Math.floor(packed / 100) % 100, day: packed % 100 };
}

/** The fields of a wall-clock time: milliseconds since 1970 plus microseconds past the millisecond (a TimeValue's). */
export function fieldsOf(epochMs: number, micros = 0): DateTimeFields {
  const ms0 = Math.floor(epochMs);
  const days = Math.floor(ms0 / MS_PER_DAY);
  let rest = ms0 - days * MS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  const hour = Math.floor(rest / MS_PER_HOUR);
  rest -= hour * MS_PER_HOUR;
  const minute = Math.floor(rest / MS_PER_MINUTE);
  rest -= minute * MS_PER_MINUTE;
  const second = Math.floor(rest / MS_PER_SECOND);
  return { year, month, day, hour, minute, second, micro: (rest - second * MS_PER_SECOND) * 1000 + micros };
}

export const epochOfDate = (y: number, m: number, d: number): number => daysFromCivil(y, m, d) * MS_PER_DAY;

/** Milliseconds since 1970 of fields (the microseconds past the millisecond dropped: `timeValueOf` keeps them). */
export const epochOf = (f: DateTimeFields): number =>
  epochOfDate(f.year, f.month, f.day) + f.hour * MS_PER_HOUR + f.minute * MS_PER_MINUTE + f.second * MS_PER_SECOND + Math.floor(f.micro / 1000);

/** First and last instants the evaluator's dates may take (0001-01-01 .. 9999-12-31 23:59:59.999). */
export const MIN_EPOCH_MS = epochOfDate(MIN_YEAR, 1, 1);
export const MAX_EPOCH_MS = epochOfDate(MAX_YEAR, 12, 31) + MS_PER_DAY - 1;

/**
 * A time value, or NULL when outside 0001-01-01 .. 9999-12-31: milliseconds since 1970 plus microseconds (any
 * integer: whole milliseconds of it are carried into the epoch). A DATE keeps neither time nor microseconds.
 */
export function timeValue(type: 'DATE' | 'DATETIME', epochMs: number, micros = 0): TimeValue | null {
  if (micros !== 0) {
    const carry = Math.floor(micros / 1000);
    epochMs += carry;
    micros -= carry * 1000;
  }
  if (!Number.isFinite(epochMs) || epochMs < MIN_EPOCH_MS || epochMs > MAX_EPOCH_MS) return null;
  if (type === 'DATE') return { type, epochMs: Math.floor(epochMs / MS_PER_DAY) * MS_PER_DAY };
  return micros === 0 ? { type, epochMs } : { type, epochMs, micros };
}

/** The time value of fields (with their microseconds), or NULL when outside 0001-01-01 .. 9999-12-31. */
export const timeValueOf = (type: 'DATE' | 'DATETIME', f: DateTimeFields): TimeValue | null => timeValue(type, epochOf(f), f.micro % 1000);

/** The microseconds past a time value's millisecond (0..999). */
export const microsOf = (t: TimeValue): number => t.micros ?? 0;

/** a − b in microseconds (exact while the difference is under 285 years). */
export const microsBetween = (a: TimeValue, b: TimeValue): number => (a.epochMs - b.epochMs) * 1000 + (microsOf(a) - microsOf(b));

/** A time value plus signed microseconds; NULL when the result leaves 0001..9999. */
export const addMicros = (t: TimeValue, type: 'DATE' | 'DATETIME', us: number): TimeValue | null => {
  const ms = Math.trunc(us / 1000);
  return timeValue(type, t.epochMs + ms, microsOf(t) + (us - ms * 1000));
};

/** Is y-m-d a real calendar day within the supported years (no zero month or day)? */
export const isValidDate = (y: number, m: number, d: number): boolean =>
  Number.isInteger(y) && Number.isInteger(m) && Number.isInteger(d) && y >= MIN_YEAR && y <= MAX_YEAR && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);

/** MySQL's day number (TO_DAYS): 0001-01-01 is 366. */
export const dayNumber = (y: number, m: number, d: number): number => daysFromCivil(y, m, d) + TO_DAYS_1970;

/** MySQL's calc_weekday: 0 = Monday .. 6 = Sunday, or 0 = Sunday .. 6 = Saturday when `sundayFirst`. */
export const calcWeekday = (dayNr: number, sundayFirst: boolean): number => (((dayNr + 5 + (sundayFirst ? 1 : 0)) % 7) + 7) % 7;

export const WEEK_MONDAY_FIRST = 1;
export const WEEK_YEAR = 2;
export const WEEK_FIRST_WEEKDAY = 4;

/** MySQL's week_mode: the behaviour flags of a WEEK() mode (only its three low bits count). */
export function weekMode(mode: number): number {
  let format = mode & 7;
  if (!(format & WEEK_MONDAY_FIRST)) format ^= WEEK_FIRST_WEEKDAY;
  return format;
}

/** MySQL's calc_week: the week of a date under behaviour flags, and the year that week belongs to. */
export function calcWeek(y: number, m: number, d: number, behaviour: number): { week: number; year: number } {
  const dayNr = dayNumber(y, m, d);
  let firstDayNr = dayNumber(y, 1, 1);
  const mondayFirst = (behaviour & WEEK_MONDAY_FIRST) !== 0;
  let weekYear = (behaviour & WEEK_YEAR) !== 0;
  const firstWeekday = (behaviour & WEEK_FIRST_WEEKDAY) !== 0;
  let weekday = calcWeekday(firstDayNr, !mondayFirst);
  let year = y;
  if (m === 1 && d <= 7 - weekday) {
    if (!weekYear && ((firstWeekday && weekday !== 0) || (!firstWeekday && weekday >= 4))) return { week: 0, year };
    weekYear = true;
    year--;
    const days = daysInYear(year);
    firstDayNr -= days;
    weekday = (weekday + 53 * 7 - days) % 7;
  }
  let days: number;
  if ((firstWeekday && weekday !== 0) || (!firstWeekday && weekday >= 4)) days = dayNr - (firstDayNr + (7 - weekday));
  else days = dayNr - (firstDayNr - weekday);
  if (weekYear && days >= 52 * 7) {
    weekday = (weekday + daysInYear(year)) % 7;
    if ((!firstWeekday && weekday < 4) || (firstWeekday && weekday === 0)) return { week: 1, year: year + 1 };
  }
  return { week: Math.floor(days / 7) + 1, year };
}

export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const ABBREVIATED_DAY_NAMES = DAY_NAMES.map((n) => n.slice(0, 3));
export const ABBREVIATED_MONTH_NAMES = MONTH_NAMES.map((n) => n.slice(0, 3));

export const pad = (n: number, width: number): string => String(n).padStart(width, '0');
