// Values and their conversions with MySQL's rules: numbers from text (the numeric prefix), text from numbers (by
// static type and scale), times from text, truth of a value, exact rounding of DECIMAL results.
import type { ValueType } from '@calckit/formula';
import type { OutputValue, TimeValue, Value } from './api.js';
import { EvaluationError } from './api.js';
import { isDurationValue, isIntervalValue, isTimeValue, type ArgumentValue } from './functions/contract.js';
import { durationToNumber, formatDateTime, formatTime as formatDuration } from './functions/date/convert.js';

export { isDurationValue, isTimeValue, isIntervalValue };

const MS_PER_DAY = 86_400_000;

/**
 * The longest text a string function builds, in UTF-8 bytes: MariaDB 10.11's default max_allowed_packet (16 MiB;
 * measured `SELECT @@max_allowed_packet`: 16777216). Past it MariaDB returns NULL with a warning ("Result of lpad()
 * was larger than max_allowed_packet"), and the evaluator returns NULL without building the text (one formula with
 * `LPAD(x, 1e9)` must not exhaust the memory of the process that evaluates it).
 */
export const MAX_STRING_BYTES = 16_777_216;

/** Largest scale kept (MySQL's DECIMAL has at most 30 decimals). */
export const MAX_SCALE = 30;

const POW10: number[] = Array.from({ length: 31 }, (_, i) => 10 ** i);

// ─── Times ───────────────────────────────────────────────────────────────────────────────────────────────────────

export function timeValue(type: 'DATE' | 'DATETIME', epochMs: number): TimeValue {
  return { type, epochMs: type === 'DATE' ? Math.floor(epochMs / MS_PER_DAY) * MS_PER_DAY : epochMs };
}

const TIME_TEXT = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[T ]+)(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d+))?)?)?\s*$/;

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil), for any year. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const digit = (text: string, i: number): number => {
  const c = text.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
};
const digits = (text: string, at: number, n: number): number => {
  let v = 0;
  for (let i = 0; i < n; i++) v = v * 10 + digit(text, at + i);
  return v;
};

/** The canonical forms `YYYY-MM-DD` and `YYYY-MM-DD HH:MM:SS` without a regular expression (the common cells). */
function parseCanonicalTime(text: string): TimeValue | undefined | null {
  const len = text.length;
  if ((len !== 10 && len !== 19) || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  const y = digits(text, 0, 4);
  const mo = digits(text, 5, 2);
  const d = digits(text, 8, 2);
  if (Number.isNaN(y + mo + d)) return null;
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return undefined;
  const day = daysFromCivil(y, mo, d) * MS_PER_DAY;
  if (len === 10) return { type: 'DATE', epochMs: day };
  const sep = text.charCodeAt(10);
  if ((sep !== 32 && sep !== 84) || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return null;
  const h = digits(text, 11, 2);
  const mi = digits(text, 14, 2);
  const sec = digits(text, 17, 2);
  if (Number.isNaN(h + mi + sec)) return null;
  if (h > 23 || mi > 59 || sec > 59) return undefined;
  return { type: 'DATETIME', epochMs: day + ((h * 60 + mi) * 60 + sec) * 1000 };
}

/**
 * `2024-01-31`, `2024-01-31 10:00[:00[.ffffff]]` or with `T`: a DATE or a DATETIME; undefined when not a valid time.
 * The fraction is read to the microsecond, digits past the sixth truncated (`…30.1234567` is …30.123456), as MariaDB
 * reads text as a DATETIME(6) (a CSV cell, text compared with a time).
 */
export function parseTimeText(text: string): TimeValue | undefined {
  const canonical = parseCanonicalTime(text);
  if (canonical !== null) return canonical;
  const m = TIME_TEXT.exec(text);
  if (!m) return undefined;
  const y = +m[1]!;
  const mo = +m[2]!;
  const d = +m[3]!;
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return undefined;
  if (m[4] === undefined) return { type: 'DATE', epochMs: utc(y, mo - 1, d, 0, 0, 0, 0) };
  const h = +m[4];
  const mi = +m[5]!;
  const s = m[6] === undefined ? 0 : +m[6];
  if (h > 23 || mi > 59 || s > 59) return undefined;
  const us = m[7] === undefined ? 0 : Number(m[7].slice(0, 6).padEnd(6, '0'));
  const epochMs = utc(y, mo - 1, d, h, mi, s, Math.floor(us / 1000));
  const micros = us % 1000;
  return micros === 0 ? { type: 'DATETIME', epochMs } : { type: 'DATETIME', epochMs, micros };
}

/** Date.UTC, also for years 0–99 (which Date.UTC reads as 1900–1999). */
function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number {
  const t = Date.UTC(y, mo, d, h, mi, s, ms);
  if (y >= 100) return t;
  const date = new Date(t);
  date.setUTCFullYear(y);
  return date.getTime();
}

function daysInMonth(y: number, m: number): number {
  return m === 2 ? ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` for a DATE, `YYYY-MM-DD HH:MM:SS` for a DATETIME, with its fraction of a second when it has one (`.5`): the date functions' printing. */
export const formatTime: (t: TimeValue) => string = formatDateTime;

/**
 * A time as a number, as MySQL converts it in arithmetic and numeric comparison: YYYYMMDD, or YYYYMMDDHHMMSS with the
 * fraction of a second as decimals (`…30.123456`, as MariaDB's DATETIME(6) + 0). A double holds about 16 significant
 * digits: past the year 1000 the fraction is kept to some 1/256 s (the nearest double to MariaDB's DECIMAL).
 */
export function timeToNumber(t: TimeValue): number {
  const d = new Date(t.epochMs);
  const date = d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
  if (t.type === 'DATE') return date;
  const whole = date * 1_000_000 + d.getUTCHours() * 10000 + d.getUTCMinutes() * 100 + d.getUTCSeconds();
  const us = d.getUTCMilliseconds() * 1000 + (t.micros ?? 0);
  return us === 0 ? whole : whole + us / 1_000_000;
}

// ─── Numbers ─────────────────────────────────────────────────────────────────────────────────────────────────────

const NUMERIC_PREFIX = /^[ \t\n\r]*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/;

/** Text as a number the way MySQL reads it in arithmetic: its longest numeric prefix, `''` and non-numbers → 0. */
export function textToNumber(text: string): number {
  const direct = +text;
  // `+text` accepts forms MySQL does not (hex, `Infinity`, surrounding whitespace is fine): only trust plain decimals.
  if (direct === direct && text.length > 0 && text.length < 24 && /^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(text)) return direct;
  const m = NUMERIC_PREFIX.exec(text);
  return m ? +m[1]! : 0;
}

/** A value as a number (NULL stays NULL): booleans are 1/0, text its numeric prefix, times YYYYMMDD[HHMMSS], a
 * TIME [-]HHMMSS (`SEC_TO_TIME(9001) + 0` is 23001). */
export function toNumber(v: ArgumentValue): number | null {
  if (typeof v === 'number') return v;
  if (v === null) return null;
  if (typeof v === 'string') return textToNumber(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (isTimeValue(v)) return timeToNumber(v);
  if (isDurationValue(v)) return durationToNumber(v.us);
  throw new EvaluationError('runtime', 'an INTERVAL is not a number: it can only be added to or subtracted from a date');
}

/** The truth of a condition (three-valued): NULL, or whether the value is a non-zero number. */
export function truth(v: Value): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === null) return null;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return textToNumber(v) !== 0;
  if (isDurationValue(v)) return v.us !== 0;
  return true;
}

/** Significant digits a double holds of the decimal it stands for: past them, its digits are arithmetic's noise. */
const SIGNIFICANT_DIGITS = 15;

function exactRound(x: number, d: number): number {
  // The decimal x stands for, to 15 significant digits (0.001838235 / 6 is 0.00030637249999999997 in doubles: the
  // decimal 0.0003063725, a tie), shifted by d in its text.
  const [mantissa, exponent] = Math.abs(x).toExponential(SIGNIFICANT_DIGITS - 1).split('e') as [string, string];
  const shifted = Number(`${mantissa}e${Number(exponent) + d}`);
  const r = Math.round(shifted);
  return Math.sign(x) * Number(`${r}e${-d}`);
}

/** Digits after the point of a DECIMAL quotient inside MariaDB: the formula package's table of arithmetic types. */
export { quotientDigits } from '@calckit/formula';

/**
 * Rounds half away from zero to `d` decimals (negative `d`: to tens, hundreds…), reading `x` as the decimal it
 * prints as (so 1.005 rounds to 1.01; to 15 significant digits near a tie), as MySQL rounds exact values.
 */
export function roundHalfAwayFromZero(x: number, d: number): number {
  if (!Number.isFinite(x)) return x;
  if (d < 0) {
    const p = 10 ** -d;
    return Math.sign(x) * Math.round(Math.abs(x) / p) * p;
  }
  if (d > MAX_SCALE) return x;
  const p = POW10[d]!;
  const y = Math.abs(x) * p;
  if (y >= 2 ** 52) return x;
  const floor = Math.floor(y);
  const frac = y - floor;
  // Far from a tie, the product is exact enough; near one (within the noise of a double this large), read the
  // decimal text.
  if (Math.abs(frac - 0.5) > 1e-9 + y * 1e-13) {
    const r = frac > 0.5 ? floor + 1 : floor;
    return x < 0 ? -r / p : r / p;
  }
  return exactRound(x, d);
}

/** Truncates toward zero to `d` decimals, reading `x` as the decimal it approximates (a value a few units in the
 * last place below a boundary is on it). */
export function truncateDecimal(x: number, d: number): number {
  if (!Number.isFinite(x) || d > MAX_SCALE) return x;
  const p = POW10[d]!;
  const y = Math.abs(x) * p;
  if (y >= 2 ** 52) return x;
  const r = Math.floor(y + y * 8 * Number.EPSILON);
  return x < 0 ? -r / p : r / p;
}

/** Rounds half to even (C's rint), as MySQL rounds DOUBLE values. */
export function roundHalfEven(x: number, d: number): number {
  if (!Number.isFinite(x)) return x;
  if (d < 0) {
    const p = 10 ** -d;
    return rint(x / p) * p;
  }
  const p = 10 ** d;
  const y = x * p;
  if (!Number.isFinite(y)) return x;
  return rint(y) / p;
}

function rint(y: number): number {
  let r = Math.round(y);
  if (r - y === 0.5 && r % 2 !== 0) r -= 1;
  return r;
}

/** A LONG result wrapped to 64 bits as the service does on overflow (facts.md: "wraps to negative"). */
export function wrapLong(x: number, exact: () => bigint): number {
  if (Number.isSafeInteger(x)) return x;
  return Number(BigInt.asIntN(64, exact()));
}

/** Digits after the decimal point of a number's shortest text (0 for integers, capped at MAX_SCALE). */
export function scaleOf(x: number): number {
  if (Number.isInteger(x)) return 0;
  const text = String(x);
  const e = text.indexOf('e');
  if (e >= 0) {
    const mantissa = text.slice(0, e);
    const dot = mantissa.indexOf('.');
    const digits = dot < 0 ? 0 : mantissa.length - dot - 1;
    return Math.min(MAX_SCALE, Math.max(0, digits - Number(text.slice(e + 1))));
  }
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : Math.min(MAX_SCALE, text.length - dot - 1);
}

/**
 * A DOUBLE as MariaDB prints it (its my_gcvt, measured): the shortest digits that read back, written plainly when
 * the decimal exponent is from -15 to 14 (`0.00000015`, `123456789012345`), or above 14 when the digits go past the
 * decimal point (`1585500569082796.5`: DBL_DIG's exception), else as `1.5e15`, `1.234567890123456e15`, `1e-16`
 * (no `+`); -0 as `0`.
 */
export function formatDouble(x: number): string {
  if (x === 0) return '0';
  if (!Number.isFinite(x)) return String(x);
  const [mantissa, exponentText] = x.toExponential().split('e') as [string, string];
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const digits = (negative ? mantissa.slice(1) : mantissa).replace('.', '');
  if (exponent < -15 || (exponent >= 15 && digits.length <= exponent + 1)) return `${mantissa}e${exponent}`;
  let plain: string;
  if (exponent >= 0) {
    plain = digits.length <= exponent + 1 ? digits + '0'.repeat(exponent + 1 - digits.length) : `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  } else plain = `0.${'0'.repeat(-exponent - 1)}${digits}`;
  return negative ? `-${plain}` : plain;
}

/**
 * A number as text, as MySQL converts it (CONCAT, string functions): LONG as an integer, DECIMAL with its static
 * scale (`1/3` → `0.3333`), DOUBLE as its shortest text. `scale` < 0: unknown, the shortest text.
 */
export function formatNumber(x: number, type: ValueType, scale: number): string {
  if (type === 'LONG' || type === 'BOOLEAN') {
    if (Number.isSafeInteger(x)) return String(x);
    return Number.isInteger(x) ? (Math.abs(x) < 1e21 ? x.toFixed(0) : String(BigInt(x))) : formatDouble(x);
  }
  if (type === 'DECIMAL' && scale >= 0 && Math.abs(x) < 1e21) return roundHalfAwayFromZero(x, scale).toFixed(Math.min(scale, 100));
  // A DOUBLE with fixed decimals (ROUND(x, 2)) prints them, as MariaDB does.
  if (type === 'DOUBLE' && scale >= 0 && scale <= 30 && Math.abs(x) < 1e21) return x.toFixed(scale);
  return formatDouble(x);
}

/** A value as text (NULL stays NULL), using the static type and scale for numbers. */
export function toText(v: ArgumentValue, type: ValueType = 'UNKNOWN', scale = -1): string | null {
  if (typeof v === 'string') return v;
  if (v === null) return null;
  if (typeof v === 'number') return formatNumber(v, type, scale);
  if (typeof v === 'boolean') return v ? '1' : '0';
  // A time's scale is the digits of a second's fraction its expression declares (declared-digits.ts), -1 unknown.
  if (isTimeValue(v)) return formatDateTime(v, scale);
  if (isDurationValue(v)) return formatDuration(v.us, scale);
  throw new EvaluationError('runtime', 'an INTERVAL is not text: it can only be added to or subtracted from a date');
}

/** A value as `eval` prints it and `test` compares it: times as text (a TIME as `[-]HH:MM:SS`, with the `fractionDigits`
 * its expression declares: DATE_ADD(…, INTERVAL … MICROSECOND) prints `.500000`), non-finite numbers as NULL. */
export function toOutputValue(v: Value, fractionDigits = 0): OutputValue {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? (Object.is(v, -0) ? 0 : v) : null;
  return isDurationValue(v) ? formatDuration(v.us, fractionDigits) : formatDateTime(v, fractionDigits);
}
