// Implicit conversions of the date functions, as MySQL/MariaDB make them: text and numbers to dates and datetimes,
// and to TIME values (durations). Invalid input gives NULL (never an error). Exported for the core, which compares
// strings with dates. Precision is the microsecond (MariaDB's): digits of a fraction beyond the sixth are dropped.
import type { DurationValue, TimeValue, Value } from '../../api.js';
import { isDurationValue } from '../contract.js';
import { MAX_YEAR, addMicros, civilPacked, type DateTimeFields, daysInMonth, fieldsOf, isValidDate, microsOf, MS_PER_DAY, pad, timeValue, timeValueOf } from './calendar.js';
import { NOT_FIXED_DIGITS } from './declared-digits.js';

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
/** ASCII punctuation, as MySQL's my_ispunct (latin1). */
const isPunct = (c: string | undefined): boolean => c !== undefined && /^[!-/:-@[-`{-~]$/.test(c);

/** Microseconds of a fraction's digits, truncated (`5` → 500000, `1234567` → 123456). */
const fractionMicros = (digits: string): number => (digits === '' ? 0 : Number(digits.slice(0, 6).padEnd(6, '0')));

/**
 * The microseconds of a number's fraction as MariaDB reads a DECIMAL (and a DOUBLE where it converts it to a decimal
 * first: INTERVAL … SECOND): the first six decimals of its shortest decimal writing, truncated (1.005 → 5000;
 * 1.9999999 → 999999, never rounded up to the next second).
 */
export function decimalMicros(n: number): number {
  const a = Math.abs(n);
  if (Number.isInteger(a) || !Number.isFinite(a)) return 0;
  const s = String(a);
  if (s.includes('e')) return 0; // below 1e-6 (or past 1e21, where a double has no fraction)
  return fractionMicros(s.slice(s.indexOf('.') + 1));
}

/**
 * The microseconds of a DOUBLE's fraction as MariaDB reads it everywhere else (FROM_UNIXTIME, SEC_TO_TIME, a number
 * as a date or a TIME): MariaDB's Sec6, `(nr - floor(nr)) * 1e6` in double arithmetic, truncated (1.005, whose double
 * is 1.00499999…, gives 4999; 0.15 gives 150000, the product rounding up).
 */
export const binaryMicros = (n: number): number => {
  const a = Math.abs(n);
  return Number.isFinite(a) ? Math.floor((a - Math.trunc(a)) * 1e6) : 0;
};

/** Two-digit years: 00..69 → 2000..2069, 70..99 → 1970..1999 (MySQL's YY_PART_YEAR rule). */
export const twoDigitYear = (y: number): number => (y < 70 ? y + 2000 : y + 1900);

/** A date and time as written (text or number), before it is checked: parts may be zero or past the month's end. */
interface Written extends WrittenDateTime {
  readonly type: 'DATE' | 'DATETIME';
}

const written = (year: number, month: number, day: number, hour: number, minute: number, second: number, micro: number, type: 'DATE' | 'DATETIME'): Written => ({
  year,
  month,
  day,
  hour,
  minute,
  second,
  micro,
  type,
});

/** A written date as a time value: NULL unless a real day (`lenient`: any day 1..31, counted on past the month's end). */
function build(w: Written | null, lenient = false): TimeValue | null {
  if (w === null) return null;
  const { year, month, day } = w;
  const valid = lenient ? year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= 31 : isValidDate(year, month, day);
  if (!valid || w.hour > 23 || w.minute > 59 || w.second > 59) return null;
  return timeValueOf(w.type, w);
}

/**
 * A written date's civil date packed as `year * 10000 + month * 100 + day`, as MariaDB's date parts see it: zero parts
 * are kept (`2024-00-10`, `2024-01-00`, the zero date 0, year 0), a day past the month's end is not (`2024-02-30`:
 * NULL). YEAR, MONTH, DAY, QUARTER, MONTHNAME and LAST_DAY read their argument so.
 */
function civilOfWritten(w: Written | null): number | null {
  if (w === null) return null;
  const { year, month, day } = w;
  if (year < 0 || year > MAX_YEAR || month > 12 || day > 31 || w.hour > 23 || w.minute > 59 || w.second > 59) return null;
  if (month !== 0 && day !== 0 && day > daysInMonth(year, month)) return null;
  return year * 10_000 + month * 100 + day;
}

/**
 * A string as a DATE or DATETIME, as MySQL reads it: `2024-01-31`, `2024-1-5`, `24-01-31`, any punctuation as the
 * delimiter, `2024-01-31 10:20:30[.ffffff]` (space or `T`), partial times (`2024-01-31 10`), digits only
 * (`20240131`, `240131`, `20240131102030`, `240131102030`); leading spaces skipped, trailing garbage ignored after a
 * complete date (MySQL warns and keeps the value). DATETIME when a time part is written. Invalid or zero dates: NULL;
 * `lenient` accepts any day 1..31 of a month, counted on from the month's first (`2024-04-31` is 2024-05-01), as
 * MariaDB's TIMEDIFF does.
 */
export function parseDateTime(text: string, lenient = false): TimeValue | null {
  return build(parseWritten(text), lenient);
}

/** Text as a date and time as written (parseDateTime's reading), not checked yet. */
function parseWritten(text: string): Written | null {
  let i = 0;
  const n = text.length;
  while (i < n && isSpace(text[i])) i++;
  let j = i;
  while (j < n && isDigit(text[j])) j++;
  if (j === i) return null;
  const rest = text.slice(j);
  if (rest === '' || /^\.\d*\s*$/.test(rest) || (j - i > 4 && !/^(\s+|[!-/:-@[-`{-~]|T)\d/.test(rest))) {
    // Digits only (MySQL's internal format): fixed-width fields, the year 4 digits for 4, 8 or 14+ digits; after
    // more than four digits, garbage is ignored as after any complete date (`20240131x`).
    const digits = text.slice(i, j);
    const fraction = text[j] === '.' ? (/^\d*/.exec(text.slice(j + 1))?.[0] ?? '') : '';
    return parseDigits(digits, fraction);
  }
  // Delimited: year, month, day, then optionally hour, minute, second and a fraction. One punctuation character
  // between fields (`2024--01--31` is not a date); spaces, `T` or one punctuation character between date and time.
  const fields: number[] = [];
  const yearText = text.slice(i, j);
  if (yearText.length > 4) return null;
  fields.push(Number(yearText));
  let pos = j;
  let fraction = '';
  let timeStarted = false;
  while (fields.length < 6) {
    let k = pos;
    if (fields.length === 3) {
      if (isSpace(text[k])) while (k < n && isSpace(text[k])) k++;
      else if (text[k] === 'T' || isPunct(text[k])) k++;
    } else if (isPunct(text[k])) {
      k++;
    }
    if (k === pos || !isDigit(text[k])) break;
    // A field is all its digits, as MariaDB reads them (`00/01/0005` is 2000-01-05; `2024-01-0203` names day 203: NULL).
    let e = k;
    while (e < n && isDigit(text[e])) e++;
    fields.push(Number(text.slice(k, e)));
    if (fields.length === 4) timeStarted = true;
    pos = e;
  }
  if (fields.length < 3) return null;
  if (fields.length === 6 && text[pos] === '.' && isDigit(text[pos + 1])) {
    let e = pos + 1;
    while (e < n && isDigit(text[e])) e++;
    fraction = text.slice(pos + 1, e);
  }
  const [y0 = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = fields;
  const micro = fractionMicros(fraction);
  const year = yearText.length === 2 && !isZeroDate(fields, micro) ? twoDigitYear(y0) : y0;
  return written(year, month, day, hour, minute, second, micro, timeStarted ? 'DATETIME' : 'DATE');
}

/** All fields zero: the zero date, whose two-digit year stays 0 (`00/00/0000` is 0000-00-00, not 2000-00-00), as
 * MariaDB's str_to_datetime applies the two-digit year rule only to a date that is not zero. */
const isZeroDate = (fields: readonly number[], micro: number): boolean => micro === 0 && fields.every((f) => f === 0);

function parseDigits(digits: string, fraction: string): Written | null {
  const len = digits.length;
  const yearLength = len === 4 || len === 8 || len >= 14 ? 4 : 2;
  if (len > 14 || len < 5) return null;
  const widths = [yearLength, 2, 2, 2, 2, 2];
  const values: number[] = [];
  let p = 0;
  for (const w of widths) {
    if (p >= len) break;
    values.push(Number(digits.slice(p, p + w)));
    p += w;
  }
  if (values.length < 3) return null;
  const [y0 = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = values;
  const micro = fractionMicros(fraction);
  const year = yearLength === 2 && !isZeroDate(values, micro) ? twoDigitYear(y0) : y0;
  return written(year, month, day, hour, minute, second, micro, values.length > 3 ? 'DATETIME' : 'DATE');
}

/**
 * A number as a DATE or DATETIME, as MySQL's number_to_datetime: YYMMDD, YYYYMMDD, YYMMDDhhmmss, YYYYMMDDhhmmss
 * (two-digit years 00..69 → 20xx, 70..99 → 19xx), a fraction giving microseconds (its decimals, truncated) to a
 * datetime. Anything else: NULL; so is the zero date (whole part 0), which is not a value here.
 */
export function numberToDateTime(value: number, double = false): TimeValue | null {
  return build(numberToWritten(value, double));
}

/** A number as a date and time as written (numberToDateTime's reading; whole part 0: the zero date), not checked yet. */
function numberToWritten(value: number, double = false): Written | null {
  if (!Number.isFinite(value) || value < 0) return null;
  let nr = Math.trunc(value);
  const micro = double ? binaryMicros(value) : decimalMicros(value);
  let datePart: boolean;
  if (nr === 0) return written(0, 0, 0, 0, 0, 0, micro, 'DATETIME');
  if (nr >= 10_000_101_000_000) datePart = false;
  else if (nr < 101) return null;
  else if (nr <= 691_231) {
    nr = (nr + 20_000_000) * 1_000_000;
    datePart = true;
  } else if (nr < 700_101) return null;
  else if (nr <= 991_231) {
    nr = (nr + 19_000_000) * 1_000_000;
    datePart = true;
  } else if (nr < 10_000_101) return null;
  else if (nr <= 99_991_231) {
    nr = nr * 1_000_000;
    datePart = true;
  } else if (nr < 101_000_000) return null;
  else if (nr <= 691_231_235_959) {
    nr += 20_000_000_000_000;
    datePart = false;
  } else if (nr < 700_101_000_000) return null;
  else if (nr <= 991_231_235_959) {
    nr += 19_000_000_000_000;
    datePart = false;
  } else if (nr < 10_000_101_000_000) return null;
  else datePart = false;
  const date = Math.floor(nr / 1_000_000);
  const time = nr - date * 1_000_000;
  return written(
    Math.floor(date / 10_000),
    Math.floor(date / 100) % 100,
    date % 100,
    Math.floor(time / 10_000),
    Math.floor(time / 100) % 100,
    time % 100,
    datePart ? 0 : micro,
    datePart ? 'DATE' : 'DATETIME',
  );
}

/**
 * Any value's civil date packed as `year * 10000 + month * 100 + day` as MariaDB's date parts read it (YEAR, MONTH,
 * DAY, QUARTER, MONTHNAME, LAST_DAY): text and numbers as written, zero parts kept (0 is the zero date, whose parts
 * are 0); NULL when it does not read as a date or names a day past its month's end.
 */
export function toCivil(value: Value | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (isDurationValue(value)) return null; // the caller puts a TIME on the current date (it knows the clock)
  if (typeof value === 'object') return civilPacked(Math.floor(value.epochMs / MS_PER_DAY));
  if (typeof value === 'string') return civilOfWritten(parseWritten(value));
  return civilOfWritten(numberToWritten(typeof value === 'number' ? value : value ? 1 : 0));
}

/** A date and time as written, zero parts kept (`writtenDateTime`). */
export type WrittenDateTime = DateTimeFields;

/**
 * Text or a number as a date and time as written, as DATE_FORMAT prints it: zero parts kept (the zero date 0 or
 * `'0000-00-00'`, `2024-00-10`, `2024-01-00`, year 0), as `toCivil` reads them; NULL when it does not read as a date,
 * names a day past its month's end or a time past 23:59:59. A time value is not read here (`toDateTime`).
 * `double`: a number is a DOUBLE (its fraction read by its binary value).
 */
export function writtenDateTime(value: Value | undefined, double = false): WrittenDateTime | null {
  if (value === null || value === undefined || typeof value === 'object') return null;
  const w = typeof value === 'string' ? parseWritten(value) : numberToWritten(typeof value === 'number' ? value : value ? 1 : 0, double);
  return civilOfWritten(w) === null ? null : w;
}

/** Any value as a DATE or DATETIME (the argument conversion of the date functions); NULL when it does not convert.
 * `double`: a number is a DOUBLE (its fraction read by its binary value). A TIME gives NULL here: the date functions
 * put it on the current date first (`timeOnDate`, with the evaluation's clock). */
export function toDateTime(value: Value | undefined, double = false): TimeValue | null {
  if (value === null || value === undefined) return null;
  if (isDurationValue(value)) return null;
  if (typeof value === 'object') return value;
  if (typeof value === 'string') return parseDateTime(value);
  if (typeof value === 'number') return numberToDateTime(value, double);
  return numberToDateTime(value ? 1 : 0);
}

/** Any value as a DATE (the date part); NULL when it does not convert. */
export function toDate(value: Value | undefined): TimeValue | null {
  const t = toDateTime(value);
  return t === null || t.type === 'DATE' ? t : timeValue('DATE', t.epochMs);
}

// ── TIME values (durations) ────────────────────────────────────────────────────────────────────────────────────────

// A TIME is held as signed microseconds (±838:59:59 is 3.0e12: exact in a double).

export const US_PER_SECOND = 1_000_000;
export const US_PER_MINUTE = 60_000_000;
export const US_PER_HOUR = 3_600_000_000;
export const US_PER_DAY = 86_400_000_000;

/** MySQL's TIME range: ±838:59:59. */
export const MAX_TIME_US = (838 * 3600 + 59 * 60 + 59) * US_PER_SECOND;

/** Clipped to ±838:59:59 and, as MariaDB clips a TIME declared with `decimals` digits of fraction, that many nines
 * (`838:59:59.999999` for 6, `838:59:59.9` for 1). */
export const clipTime = (us: number, decimals = 0): number => {
  const max = decimals <= 0 ? MAX_TIME_US : MAX_TIME_US + US_PER_SECOND - 10 ** (6 - Math.min(6, decimals));
  return Math.max(-max, Math.min(max, us));
};

/** A TIME value of signed microseconds, clipped to ±838:59:59 (with `decimals` nines, `clipTime`) as MariaDB clips it. */
export const durationValue = (us: number, decimals = 0): DurationValue => ({ type: 'TIME', us: clipTime(us, decimals) });

/** A TIME where a date is needed (DAY, DATEDIFF, comparison with a datetime…): the DATETIME that many microseconds
 * after midnight of the current date (`today`, the evaluation's clock), as MariaDB converts it. */
export const timeOnDate = (t: DurationValue, today: TimeValue): TimeValue | null =>
  addMicros(timeValue('DATE', today.epochMs)!, 'DATETIME', t.us);

/** A TIME as a number, as MariaDB's TIME + 0: [-]HHMMSS with the fraction as decimals (`10:00:00.5` is 100000.5). */
export function durationToNumber(us: number): number {
  const abs = Math.abs(us);
  const seconds = Math.floor(abs / US_PER_SECOND);
  const hhmmss = Math.floor(seconds / 3600) * 10_000 + (Math.floor(seconds / 60) % 60) * 100 + (seconds % 60);
  const fraction = abs % US_PER_SECOND;
  const n = fraction === 0 ? hhmmss : hhmmss + fraction / US_PER_SECOND;
  return us < 0 ? -n : n;
}

/**
 * A string as a TIME (signed microseconds), as MariaDB's str_to_time: spaces, then one sign (`-` or `+`, spaces may
 * follow it: `- 01:00:00`), then `[D ]HH:MM[:SS][.ffffff]` (`1 02:03:04` is 26:03:04; `D HH` too when HH has two
 * digits) or digits `HHMMSS` read from the right (`1030` = 00:10:30; `1 2` is 1 second, the rest ignored);
 * trailing garbage ignored; beyond ±838:59:59 clipped unless `unclipped` (an amount ADDTIME or TIMESTAMP adds).
 * Invalid: NULL.
 */
export function parseTime(text: string, unclipped = false): number | null {
  const signed = /^\s*([+-]?)\s*/.exec(text)!;
  const negative = signed[1] === '-';
  const s = text.slice(signed[0].length);
  // Days come before hours of two digits or more, or before hours with a colon (`1 10` is 34:00:00, `1 2` 1 second).
  const m = /^(?:(\d+)\s+(?=\d\d|\d+:))?(\d+)(?::(\d{1,2})(?::(\d{1,2}))?)?(?:\.(\d*))?/.exec(s);
  if (!m) return null;
  const fraction = fractionMicros(m[5] ?? '');
  let us: number | null;
  if (m[1] === undefined && m[3] === undefined) {
    // A number with an exponent is no time (`1e3`, `1.5e3`: NULL, measured; `1e` is 1 second).
    if (/^[eE][+-]?\d/.test(s.slice(m[0].length))) return null;
    us = hhmmss(Number(m[2]), fraction);
  } else {
    const minutes = Number(m[3] ?? 0);
    const seconds = Number(m[4] ?? 0);
    if (minutes > 59 || seconds > 59) return null;
    us = ((Number(m[1] ?? 0) * 24 + Number(m[2])) * 3600 + minutes * 60 + seconds) * US_PER_SECOND + fraction;
  }
  if (us === null || us >= MAX_READ_HOURS * US_PER_HOUR) return null;
  const signedUs = negative ? -us : us;
  return unclipped ? signedUs : clipTime(signedUs);
}

/** Hours MariaDB's str_to_time reads into 32 bits: from 2^32 - 1 on, the text is no time (`TIME('4294967295:00:00')`
 * is NULL, `TIME('4294967294:00:00')` 838:59:59, measured). */
const MAX_READ_HOURS = 2 ** 32 - 1;

/** HHMMSS digits (read from the right) and microseconds as a TIME in microseconds; NULL when minutes or seconds exceed 59. */
function hhmmss(n: number, micro: number): number | null {
  const seconds = n % 100;
  const minutes = Math.floor(n / 100) % 100;
  const hours = Math.floor(n / 10_000);
  if (minutes > 59 || seconds > 59) return null;
  return (hours * 3600 + minutes * 60 + seconds) * US_PER_SECOND + micro;
}

/** A number as a TIME (MySQL reads 3600 as 00:36:00, 103000 as 10:30:00), signed microseconds; invalid: NULL.
 * `unclipped`: an amount to add, not clipped to ±838:59:59 (`TIMESTAMP('2001-01-01', 8395959)` adds 839:59:59). */
export function numberToTime(value: number, double = false, unclipped = false): number | null {
  if (!Number.isFinite(value)) return null;
  const negative = value < 0;
  const us = hhmmss(Math.trunc(Math.abs(value)), double ? binaryMicros(value) : decimalMicros(value));
  if (us === null) return null;
  const signedUs = negative ? -us : us;
  return unclipped ? signedUs : clipTime(signedUs);
}

/**
 * A positive number of 8 to 14 digits is a date (YYYYMMDD) or a datetime (YYMMDDhhmmss, YYYYMMDDhhmmss) where a TIME
 * is read, as MariaDB's number_to_time: `TIME(99991231235957)` is 23:59:57, `TIME(20010101)` 00:00:00; one that
 * names no date is NULL (`TIME(12345678)`). Smaller and larger numbers are HHMMSS.
 */
const DATE_NUMBER_IN_TIME = { min: 10_000_000, max: 99_999_999_999_999 };
const isDateNumberInTime = (value: number): boolean => {
  const whole = Math.trunc(value);
  return whole >= DATE_NUMBER_IN_TIME.min && whole <= DATE_NUMBER_IN_TIME.max;
};

/** The largest amount of hours ADDTIME, SUBTIME and TIMESTAMP add (MariaDB's TIME_MAX_INTERVAL_HOUR); past it: NULL. */
const MAX_AMOUNT_HOURS = 87_649_415;

/**
 * The second argument of ADDTIME, SUBTIME (text) and TIMESTAMP: a time to add, read as MariaDB reads an interval of
 * DAY TO SECOND: not clipped to 838:59:59 and a number always HHMMSS (`TIMESTAMP('2001-01-01', 20010101)` adds
 * 2001:01:01); a datetime there gives NULL, as MariaDB.
 */
export function timeAmount(value: Value | undefined, double = false): number | null {
  if (value === null || value === undefined) return null;
  let us: number | null;
  if (isDurationValue(value)) us = value.us;
  else if (typeof value === 'object') return null;
  else if (typeof value === 'string') {
    if (toTemporal(value)?.kind !== 'time') return null;
    us = parseTime(value, true);
  } else us = numberToTime(typeof value === 'number' ? value : value ? 1 : 0, double, true);
  return us === null || Math.abs(us) >= (MAX_AMOUNT_HOURS + 1) * US_PER_HOUR ? null : us;
}

/** The time of day of a DATE or DATETIME, in microseconds. */
export const timeOfDay = (t: TimeValue): number => {
  const dayMs = t.epochMs - Math.floor(t.epochMs / MS_PER_DAY) * MS_PER_DAY;
  return dayMs * 1000 + microsOf(t);
};

/** A date-and-time or a time, as the TIME-taking functions (HOUR, TIME, ADDTIME, TIMEDIFF…) see their argument. */
export type Temporal = { readonly kind: 'datetime'; readonly value: TimeValue } | { readonly kind: 'time'; readonly us: number };

/**
 * Any value as a datetime or a time, as MySQL's str_to_time: a DATE/DATETIME stays one; a string of 12 characters or
 * more that reads as a datetime is one; any other string is a time (`10:20:30`, `-01:00`, `102030`; MariaDB reads
 * `'2024-01-31'` as the time 00:20:24, its digits before the first `-`); a number is a time (HHMMSS).
 */
export function toTemporal(value: Value | undefined, lenient = false, double = false, unclipped = false): Temporal | null {
  if (value === null || value === undefined) return null;
  if (isDurationValue(value)) return { kind: 'time', us: value.us };
  if (typeof value === 'object') return { kind: 'datetime', value };
  if (typeof value === 'string') {
    if (isDateTimeText(value)) {
      const dt = parseDateTime(value, lenient);
      if (dt !== null) return { kind: 'datetime', value: dt };
      // The zero date with a time (`0000-00-00 10:20:30`): MariaDB reads its time (measured).
      const w = parseWritten(value);
      if (w !== null && w.year === 0 && w.month === 0 && w.day === 0 && w.hour <= 23 && w.minute <= 59 && w.second <= 59) {
        return { kind: 'time', us: ((w.hour * 60 + w.minute) * 60 + w.second) * US_PER_SECOND + w.micro };
      }
      // Written as a date and time but none (`2023-02-29 10:00:00`, `-2001-01-01 10:20:30`, `42949672955959`): NULL,
      // not a TIME read from its first digits.
      return null;
    }
    const us = parseTime(value, unclipped);
    return us === null ? null : { kind: 'time', us };
  }
  const n = typeof value === 'number' ? value : value ? 1 : 0;
  if (isDateNumberInTime(n)) {
    const dt = numberToDateTime(n, double);
    return dt === null ? null : { kind: 'datetime', value: dt };
  }
  const us = numberToTime(n, double, unclipped);
  return us === null ? null : { kind: 'time', us };
}

/**
 * Does text read where a TIME is expected stand for a date and time (MariaDB's is_datetime_body_candidate, as
 * measured)? After the sign: a `T` (`2001-01-01T` and `2001:01:01T` are midnight); a space after two punctuation
 * characters or more, colons too, then a digit (`2001-1-1 1:2`, `2000:01:01 00:00:00`, `1:1:1 1`, `10:20:30 10:20:30`,
 * which names no datetime: NULL); or 12 characters or more without punctuation (`20010101102030`). Not `1 02:03:04`
 * (days), `10:20 10`, `10:20:30 PM`, `2001-01-01` alone (the TIME 00:20:01) nor `0001:01:01xx` (01:01:01).
 */
function isDateTimeText(value: string): boolean {
  const body = value.trim().replace(/^[+-]\s*/, '');
  if (body.length < 5) return false;
  let punctuation = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === 'T') return true;
    if (isSpace(c)) return punctuation >= 2 && isDigit(body.slice(i).trimStart()[0]);
    if (isPunct(c)) punctuation++;
  }
  return punctuation === 0 && body.length >= 12;
}

/**
 * Any value as a TIME (microseconds): a datetime gives its time of day. `lenient` (HOUR, MINUTE, SECOND, TIME,
 * TIME_TO_SEC, as MariaDB) also takes the time of a datetime whose date does not exist (`2023-02-31 10:20:30`).
 */
export function toTime(value: Value | undefined, lenient = false, double = false, unclipped = false): number | null {
  const t = toTemporal(value, false, double, unclipped);
  if (t === null) {
    if (!lenient || typeof value !== 'string') return null;
    const m = /^\s*\d{1,4}[^\d\s:](\d{1,2})[^\d\s:](\d{1,2})[T\s]+(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d*))?/.exec(value);
    if (!m) return null;
    const [month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
    return ((hour * 60 + minute) * 60 + second) * US_PER_SECOND + fractionMicros(m[6] ?? '');
  }
  return t.kind === 'time' ? t.us : timeOfDay(t.value);
}

/** Microseconds as a fraction: its significant digits (`.5`, `.123`, `.000001`; nothing for zero), padded to the
 * `digits` the expression declares where known (MariaDB prints `.500000` for a DATETIME(6), `.0` for a DATETIME(1)). */
const fractionText = (micro: number, digits = 0): string => {
  if (digits >= NOT_FIXED_DIGITS) return micro ? `.${pad(micro, 6)}` : '';
  const significant = micro ? pad(micro, 6).replace(/0+$/, '') : '';
  const text = significant.length >= digits ? significant : pad(micro, 6).slice(0, digits);
  return text ? `.${text}` : '';
};

/** A TIME (microseconds) as MySQL prints it: `[-]HH:MM:SS`, hours with two digits or more, the fraction's significant digits when it has one. */
export function formatTime(us: number, digits = 0): string {
  const negative = us < 0;
  let rest = Math.abs(Math.trunc(us));
  const fraction = rest % US_PER_SECOND;
  rest = (rest - fraction) / US_PER_SECOND;
  const seconds = rest % 60;
  const minutes = Math.floor(rest / 60) % 60;
  const hours = Math.floor(rest / 3600);
  return `${negative ? '-' : ''}${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${fractionText(fraction, digits)}`;
}

/** A DATE or DATETIME as ISO text (`2024-01-31`, `2024-01-31 10:20:30`, the fraction's significant digits when it has one). */
export function formatDateTime(t: TimeValue, digits = 0): string {
  const f = fieldsOf(t.epochMs, t.micros);
  const date = `${pad(f.year, 4)}-${pad(f.month, 2)}-${pad(f.day, 2)}`;
  if (t.type === 'DATE') return date;
  return `${date} ${pad(f.hour, 2)}:${pad(f.minute, 2)}:${pad(f.second, 2)}${fractionText(f.micro, digits)}`;
}

// ── Numbers ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A value as a number (MySQL: a string's numeric prefix, `'12abc'` → 12, `'abc'` → 0); NULL stays NULL. */
export function toNumber(value: Value | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const m = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(value);
    return m ? Number(m[0]) : 0;
  }
  if (isDurationValue(value)) return durationToNumber(value.us);
  const f = fieldsOf(value.epochMs, value.micros);
  const date = f.year * 10_000 + f.month * 100 + f.day;
  return value.type === 'DATE' ? date : date * 1_000_000 + f.hour * 10_000 + f.minute * 100 + f.second + f.micro / 1e6;
}

/** A value as an integer as MySQL's val_int: numbers rounded half away from zero, a string's integer prefix. */
/** A DOUBLE as a whole number the way MySQL rounds an approximate value: halves to even (0.5 → 0, -2.5 → -2). */
export function toIntegerHalfEven(value: Value | undefined): number | null {
  if (typeof value !== 'number') return toInteger(value);
  if (!Number.isFinite(value)) return null;
  const floor = Math.floor(value);
  const rest = value - floor;
  return rest > 0.5 || (rest === 0.5 && floor % 2 !== 0) ? floor + 1 : floor;
}

export function toInteger(value: Value | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const m = /^\s*[+-]?\d+/.exec(value);
    return m ? Number(m[0]) : 0;
  }
  const n = toNumber(value);
  if (n === null || !Number.isFinite(n)) return null;
  return Math.sign(n) * Math.round(Math.abs(n));
}
