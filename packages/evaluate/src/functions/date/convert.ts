// Implicit conversions of the date functions, as MySQL/MariaDB make them: text and numbers to dates and datetimes,
// and to TIME values (durations). Invalid input gives NULL (never an error). Exported for the core, which compares
// strings with dates. Precision is the millisecond (TimeValue's): digits of a fraction beyond the third are dropped.
import type { TimeValue, Value } from '../../api.js';
import {
  MS_PER_HOUR,
  MS_PER_MINUTE,
  MS_PER_SECOND,
  epochOf,
  fieldsOf,
  isValidDate,
  pad,
  timeValue,
} from './calendar.js';

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
/** ASCII punctuation, as MySQL's my_ispunct (latin1). */
const isPunct = (c: string | undefined): boolean => c !== undefined && /^[!-/:-@[-`{-~]$/.test(c);

/** Milliseconds of a fraction's digits (`5` → 500, `123456` → 123). */
const fractionMs = (digits: string): number => (digits === '' ? 0 : Number(digits.slice(0, 3).padEnd(3, '0')));

/** Two-digit years: 00..69 → 2000..2069, 70..99 → 1970..1999 (MySQL's YY_PART_YEAR rule). */
export const twoDigitYear = (y: number): number => (y < 70 ? y + 2000 : y + 1900);

function build(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number, type: 'DATE' | 'DATETIME', lenient = false): TimeValue | null {
  const valid = lenient ? year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= 31 : isValidDate(year, month, day);
  if (!valid || hour > 23 || minute > 59 || second > 59) return null;
  return timeValue(type, epochOf({ year, month, day, hour, minute, second, ms }));
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
    return parseDigits(digits, fraction, lenient);
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
    let e = k;
    while (e < n && isDigit(text[e]) && e - k < 2) e++;
    if (isDigit(text[e])) return null; // a field of more than two digits
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
  const year = yearText.length === 2 ? twoDigitYear(y0) : y0;
  return build(year, month, day, hour, minute, second, fractionMs(fraction), timeStarted ? 'DATETIME' : 'DATE', lenient);
}

function parseDigits(digits: string, fraction: string, lenient: boolean): TimeValue | null {
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
  const year = yearLength === 2 ? twoDigitYear(y0) : y0;
  return build(year, month, day, hour, minute, second, fractionMs(fraction), values.length > 3 ? 'DATETIME' : 'DATE', lenient);
}

/**
 * A number as a DATE or DATETIME, as MySQL's number_to_datetime: YYMMDD, YYYYMMDD, YYMMDDhhmmss, YYYYMMDDhhmmss
 * (two-digit years 00..69 → 20xx, 70..99 → 19xx), a fraction giving sub-seconds. Anything else: NULL.
 */
export function numberToDateTime(value: number): TimeValue | null {
  if (!Number.isFinite(value) || value < 0) return null;
  let nr = Math.trunc(value);
  const ms = Math.floor(Math.round((value - nr) * 1e6) / 1000);
  let datePart: boolean;
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
  return build(
    Math.floor(date / 10_000),
    Math.floor(date / 100) % 100,
    date % 100,
    Math.floor(time / 10_000),
    Math.floor(time / 100) % 100,
    time % 100,
    ms,
    datePart ? 'DATE' : 'DATETIME',
  );
}

/** Any value as a DATE or DATETIME (the argument conversion of the date functions); NULL when it does not convert. */
export function toDateTime(value: Value | undefined): TimeValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return value;
  if (typeof value === 'string') return parseDateTime(value);
  if (typeof value === 'number') return numberToDateTime(value);
  return numberToDateTime(value ? 1 : 0);
}

/** Any value as a DATE (the date part); NULL when it does not convert. */
export function toDate(value: Value | undefined): TimeValue | null {
  const t = toDateTime(value);
  return t === null ? null : timeValue('DATE', t.epochMs);
}

// ── TIME values (durations) ────────────────────────────────────────────────────────────────────────────────────────

/** MySQL's TIME range: ±838:59:59. */
export const MAX_TIME_MS = (838 * 3600 + 59 * 60 + 59) * 1000;

const clipTime = (ms: number): number => Math.max(-MAX_TIME_MS, Math.min(MAX_TIME_MS, ms));

/**
 * A string as a TIME (signed milliseconds), as MySQL's str_to_time: `[-][D ]HH:MM[:SS][.ffffff]`, digits `[-]HHMMSS`
 * read from the right (`1030` = 00:10:30), trailing garbage ignored; beyond ±838:59:59 clipped. Invalid: NULL.
 */
export function parseTime(text: string): number | null {
  let s = text.trim();
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1);
  }
  let ms: number | null;
  const digitsOnly = /^(\d+)(?:\.(\d*))?/.exec(s);
  if (digitsOnly && !/^\d+[:\s]/.test(s)) {
    ms = hhmmss(Number(digitsOnly[1]), digitsOnly[2] ?? '');
  } else {
    const m = /^(?:(\d+)\s+)?(\d+)(?::(\d{1,2})(?::(\d{1,2})(?:\.(\d*))?)?)?/.exec(s);
    if (!m) return null;
    const days = Number(m[1] ?? 0);
    const hours = Number(m[2]);
    const minutes = Number(m[3] ?? 0);
    const seconds = Number(m[4] ?? 0);
    if (m[1] === undefined && m[3] === undefined) return null; // a bare number followed by garbage and no colon
    if (minutes > 59 || seconds > 59) return null;
    ms = ((days * 24 + hours) * 3600 + minutes * 60 + seconds) * 1000 + fractionMs(m[5] ?? '');
  }
  if (ms === null) return null;
  return clipTime(negative ? -ms : ms);
}

/** HHMMSS digits (read from the right) and a fraction as milliseconds; NULL when minutes or seconds exceed 59. */
function hhmmss(n: number, fraction: string): number | null {
  const seconds = n % 100;
  const minutes = Math.floor(n / 100) % 100;
  const hours = Math.floor(n / 10_000);
  if (minutes > 59 || seconds > 59) return null;
  return (hours * 3600 + minutes * 60 + seconds) * 1000 + fractionMs(fraction);
}

/** A number as a TIME (MySQL reads 3600 as 00:36:00, 103000 as 10:30:00), signed milliseconds; invalid: NULL. */
export function numberToTime(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const negative = value < 0;
  const abs = Math.abs(value);
  const whole = Math.trunc(abs);
  const micro = Math.round((abs - whole) * 1e6);
  const ms = hhmmss(whole, pad(micro, 6));
  if (ms === null) return null;
  return clipTime(negative ? -ms : ms);
}

/** The time of day of a DATE or DATETIME, in milliseconds. */
export const timeOfDay = (t: TimeValue): number => {
  const f = fieldsOf(t.epochMs);
  return f.hour * MS_PER_HOUR + f.minute * MS_PER_MINUTE + f.second * MS_PER_SECOND + f.ms;
};

/** A date-and-time or a time, as the TIME-taking functions (HOUR, TIME, ADDTIME, TIMEDIFF…) see their argument. */
export type Temporal = { readonly kind: 'datetime'; readonly value: TimeValue } | { readonly kind: 'time'; readonly ms: number };

/**
 * Any value as a datetime or a time, as MySQL's str_to_time: a DATE/DATETIME stays one; a string of 12 characters or
 * more that reads as a datetime is one; any other string is a time (`10:20:30`, `-01:00`, `102030`; MariaDB reads
 * `'2024-01-31'` as the time 00:20:24, its digits before the first `-`); a number is a time (HHMMSS).
 */
export function toTemporal(value: Value | undefined, lenient = false): Temporal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return { kind: 'datetime', value };
  if (typeof value === 'string') {
    if (value.trim().length >= 12) {
      const dt = parseDateTime(value, lenient);
      if (dt !== null) return { kind: 'datetime', value: dt };
      // Written as a date but not a valid one (`2023-02-29 10:00:00`): NULL, not a TIME read from its first digits.
      if (/^\s*\d{1,4}[^\d\s:]\d{1,2}[^\d\s:]\d{1,2}/.test(value)) return null;
    }
    const ms = parseTime(value);
    return ms === null ? null : { kind: 'time', ms };
  }
  const ms = numberToTime(typeof value === 'number' ? value : value ? 1 : 0);
  return ms === null ? null : { kind: 'time', ms };
}

/**
 * Any value as a TIME (milliseconds): a datetime gives its time of day. `lenient` (HOUR, MINUTE, SECOND, TIME,
 * TIME_TO_SEC, as MariaDB) also takes the time of a datetime whose date does not exist (`2023-02-31 10:20:30`).
 */
export function toTime(value: Value | undefined, lenient = false): number | null {
  const t = toTemporal(value);
  if (t === null) {
    if (!lenient || typeof value !== 'string') return null;
    const m = /^\s*\d{1,4}[^\d\s:](\d{1,2})[^\d\s:](\d{1,2})[T\s]+(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d*))?/.exec(value);
    if (!m) return null;
    const [month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
    return ((hour * 60 + minute) * 60 + second) * 1000 + fractionMs(m[6] ?? '');
  }
  return t.kind === 'time' ? t.ms : timeOfDay(t.value);
}

/** Milliseconds as a fraction with its significant digits (`.5`, `.123`), as MariaDB prints a literal's value;
 * nothing for zero. (MariaDB prints as many digits as the value's declared precision: unknown here.) */
const fractionText = (ms: number): string => (ms ? `.${pad(ms, 3).replace(/0+$/, '')}` : '');

/** A TIME as MySQL prints it: `[-]HH:MM:SS`, hours with two digits or more, the fraction's significant digits when it has one. */
export function formatTime(ms: number): string {
  const negative = ms < 0;
  let rest = Math.abs(Math.trunc(ms));
  const fraction = rest % 1000;
  rest = (rest - fraction) / 1000;
  const seconds = rest % 60;
  const minutes = Math.floor(rest / 60) % 60;
  const hours = Math.floor(rest / 3600);
  return `${negative ? '-' : ''}${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${fractionText(fraction)}`;
}

/** A DATE or DATETIME as ISO text (`2024-01-31`, `2024-01-31 10:20:30`, the fraction's significant digits when it has milliseconds). */
export function formatDateTime(t: TimeValue): string {
  const f = fieldsOf(t.epochMs);
  const date = `${pad(f.year, 4)}-${pad(f.month, 2)}-${pad(f.day, 2)}`;
  if (t.type === 'DATE') return date;
  return `${date} ${pad(f.hour, 2)}:${pad(f.minute, 2)}:${pad(f.second, 2)}${fractionText(f.ms)}`;
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
  const f = fieldsOf(value.epochMs);
  const date = f.year * 10_000 + f.month * 100 + f.day;
  return value.type === 'DATE' ? date : date * 1_000_000 + f.hour * 10_000 + f.minute * 100 + f.second + f.ms / 1000;
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
