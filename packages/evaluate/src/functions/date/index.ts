// The date and time functions of the evaluator: MySQL/MariaDB semantics on a zone-free wall clock, with the
// service's documented differences (docs/dates.md has the semantics and the table of differences).
import { EvaluationError, type TimeValue, type Value } from '../../api.js';
import { isDurationValue, isIntervalValue, type ArgumentValue, type ScalarContext, type ScalarFunction, type ScalarFunctionTable } from '../contract.js';
import {
  DAY_NAMES,
  MONTH_NAMES,
  MS_PER_DAY,
  MS_PER_SECOND,
  TO_DAYS_1970,
  WEEK_YEAR,
  addMicros,
  calcWeek,
  calcWeekday,
  civilFromDays,
  dayNumber,
  daysFromCivil,
  daysInMonth,
  epochOfDate,
  fieldsOf,
  microsBetween,
  microsOf,
  timeValue,
  timeValueOf,
  weekMode,
  type DateTimeFields,
} from './calendar.js';
import {
  US_PER_DAY,
  US_PER_HOUR,
  US_PER_MINUTE,
  US_PER_SECOND,
  MAX_TIME_US,
  binaryMicros,
  clipTime,
  decimalMicros,
  durationValue,
  formatTime,
  timeAmount,
  timeOfDay,
  timeOnDate,
  toCivil,
  toDate,
  toDateTime,
  writtenDateTime,
  toInteger,
  toIntegerHalfEven,
  toNumber,
  toTemporal,
  toTime,
  type Temporal,
} from './convert.js';
import { formatWithSpecifiers, strToDate, type FormatParts } from './format.js';
import { DATE_ONLY_UNITS, addDelta, intervalDelta, type Delta } from './interval.js';
import { TIMESTAMP_MAX_S, TIMESTAMP_MIN_S, wallToUtc, zone } from './zones.js';

const fail = (ctx: ScalarContext, message: string): never => {
  throw new EvaluationError('runtime', message, ctx.call.range);
};

/** The i-th argument as a plain value (an INTERVAL where a value is expected is an error). */
function arg(args: readonly ArgumentValue[], i: number, ctx: ScalarContext): Value {
  const a = args[i];
  if (a === undefined) return fail(ctx, `${ctx.call.upperName} is missing its argument ${i + 1}`);
  if (isIntervalValue(a)) return fail(ctx, `${ctx.call.upperName}: an INTERVAL is only an argument of DATE_ADD, DATE_SUB, ADDDATE and SUBDATE`);
  return a;
}

/** The i-th argument where a date is needed: a TIME is put on the evaluation's current date, as MariaDB does
 * (`DAY(TIME('26:00:00'))` is tomorrow's day). */
function dateArg(args: readonly ArgumentValue[], i: number, ctx: ScalarContext): Value {
  const a = arg(args, i, ctx);
  return isDurationValue(a) ? timeOnDate(a, ctx.now) : a;
}

const text = (v: Value): string | null => {
  if (v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (isDurationValue(v)) return formatTime(v.us);
  return null;
};

/** A function of one date argument (converted as MySQL does; NULL in, or not a date: NULL out). */
const ofDate =
  (f: (fields: DateTimeFields, t: TimeValue) => Value): ScalarFunction =>
  (args, ctx) => {
    const t = toDateTime(dateArg(args, 0, ctx));
    return t === null ? null : f(fieldsOf(t.epochMs), t);
  };

/** A function of the civil date of one date argument (year * 10000 + month * 100 + day), read as MariaDB reads date
 * parts (`toCivil`: zero parts kept, 0 is the zero date): YEAR, MONTH, DAY, QUARTER, MONTHNAME, LAST_DAY. */
const ofCivilDate =
  (f: (packed: number) => Value): ScalarFunction =>
  (args, ctx) => {
    const packed = toCivil(dateArg(args, 0, ctx));
    return packed === null ? null : f(packed);
  };

const dayNr = (f: DateTimeFields): number => dayNumber(f.year, f.month, f.day);

/** Is the i-th argument a DOUBLE (whose fraction MariaDB reads by its binary value, not its decimal writing)? */
const isDouble = (ctx: ScalarContext, i: number): boolean => ctx.argTypes?.[i] === 'DOUBLE';

/**
 * Seconds as signed microseconds, truncated to the microsecond as MariaDB does: by the number's decimal writing
 * (a DECIMAL; a DOUBLE where MariaDB reads it as a decimal), or by a DOUBLE's binary value (`binary`).
 */
const secondsToMicros = (seconds: number, binary = false): number =>
  Math.sign(seconds) * (Math.trunc(Math.abs(seconds)) * US_PER_SECOND + (binary ? binaryMicros(seconds) : decimalMicros(seconds)));

// ── Arithmetic ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** ADDDATE / DATE_ADD (sign 1), SUBDATE / DATE_SUB (sign -1): an INTERVAL, or a number of days. */
const dateArithmetic =
  (sign: 1 | -1): ScalarFunction =>
  (args, ctx) => {
    const first = arg(args, 0, ctx);
    const t = isDurationValue(first) ? first : toDateTime(first, isDouble(ctx, 0));
    const second = args[1];
    if (second === undefined) return fail(ctx, `${ctx.call.upperName} needs an interval or a number of days`);
    let delta: Delta | null;
    let unit: string;
    if (isIntervalValue(second)) {
      unit = second.unit.toUpperCase();
      delta = intervalDelta(second.amount, unit, second.approximate === true);
    } else {
      unit = 'DAY';
      const days = ctx.argTypes?.[1] === 'DOUBLE' ? toIntegerHalfEven(second) : toInteger(second);
      delta = days === null ? null : { months: 0, us: days * US_PER_DAY };
    }
    if (t === null || delta === null) return null;
    if (isDurationValue(t)) return addToDuration(t.us, sign * delta.us, delta.months);
    const type = t.type === 'DATE' && DATE_ONLY_UNITS.has(unit) ? 'DATE' : 'DATETIME';
    return addDelta(t, { months: sign * delta.months, us: sign * delta.us }, type);
  };

/** A TIME plus an INTERVAL stays a TIME (`TIME(' 1 02:03:04') + INTERVAL 2 DAY` is 74:03:04), as MariaDB's
 * date_add_interval on a TIME: a month unit, or a result past ±838:59:59, gives NULL. */
function addToDuration(us: number, deltaUs: number, months: number): Value {
  const sum = us + deltaUs;
  return months !== 0 || Math.abs(sum) > MAX_TIME_US ? null : durationValue(sum);
}

/**
 * Digits of a second's fraction MariaDB declares for the i-th argument read as a TIME, which a TIME clipped at
 * 838:59:59 keeps as nines (measured: `ADDTIME('500:00:00', '416:40:00')` is 838:59:59.999999, `ADDTIME(0.0,
 * 8395959)` 838:59:59.9): a DECIMAL's scale; a DOUBLE's 6; text's 6, or a string literal's own digits where
 * `literalDigits` (`TIME('839:00:00.5')` is 838:59:59.9); anything else 0.
 */
function declaredDecimals(args: readonly ArgumentValue[], ctx: ScalarContext, i: number, literalDigits: boolean): number {
  const v = args[i];
  if (typeof v === 'string') {
    if (literalDigits && ctx.call.args?.[i]?.kind === 'String') return Math.min(6, /\.(\d*)/.exec(v)?.[1]?.length ?? 0);
    return 6;
  }
  if (typeof v !== 'number') return 0;
  if (isDouble(ctx, i)) return 6;
  return Math.min(6, Math.max(0, ctx.argScales?.[i] ?? 0));
}

const maxDecimals = (args: readonly ArgumentValue[], ctx: ScalarContext, literalDigits: boolean): number =>
  Math.max(declaredDecimals(args, ctx, 0, literalDigits), declaredDecimals(args, ctx, 1, literalDigits));

/** ADDTIME and SUBTIME: text first, the result is text of 6 declared digits; else the arguments' own (a string
 * literal's digits: `ADDTIME(TIME('838:00:00'), '01:00:00')` is 838:59:59, measured). */
const addTimeDecimals = (args: readonly ArgumentValue[], ctx: ScalarContext): number => (typeof args[0] === 'string' ? 6 : maxDecimals(args, ctx, true));

/** A datetime or a time plus a TIME amount (microseconds): a DATETIME, or a TIME; the time, read as a TIME, and the
 * sum are clipped to ±838:59:59 with `decimals` nines (`SUBTIME('916:40:00', '416:40:00')` is 422:19:59.999999). */
function addTime(a: Temporal, amount: number, decimals: number): Value {
  if (a.kind === 'datetime') return addMicros(a.value, 'DATETIME', amount);
  return durationValue(clipTime(a.us, decimals) + amount, decimals);
}

const ADDTIME: ScalarFunction = (args, ctx) => {
  const a = toTemporal(arg(args, 0, ctx), false, isDouble(ctx, 0), true);
  const b = timeAmount(arg(args, 1, ctx), isDouble(ctx, 1));
  return a === null || b === null ? null : addTime(a, b, addTimeDecimals(args, ctx));
};

/** SUBTIME: a number is seconds (the service's documentation); text is a TIME, as in MySQL. */
const SUBTIME: ScalarFunction = (args, ctx) => {
  const a = toTemporal(arg(args, 0, ctx), false, isDouble(ctx, 0), true);
  const second = arg(args, 1, ctx);
  const b = typeof second === 'number' ? secondsToMicros(second, isDouble(ctx, 1)) : timeAmount(second, isDouble(ctx, 1));
  return a === null || b === null ? null : addTime(a, -b, addTimeDecimals(args, ctx));
};

const DATEDIFF: ScalarFunction = (args, ctx) => {
  const a = toDate(dateArg(args, 0, ctx));
  const b = toDate(dateArg(args, 1, ctx));
  return a === null || b === null ? null : Math.round((a.epochMs - b.epochMs) / MS_PER_DAY);
};

const TIMEDIFF: ScalarFunction = (args, ctx) => {
  // MariaDB's TIMEDIFF counts a day past the month's end on into the next month (2024-04-31 is 2024-05-01).
  const a = toTemporal(arg(args, 0, ctx), true, isDouble(ctx, 0), true);
  const b = toTemporal(arg(args, 1, ctx), true, isDouble(ctx, 1), true);
  if (a === null || b === null || a.kind !== b.kind) return null;
  // A DATE with a DATETIME is NULL too: MariaDB wants both of one kind (`TIMEDIFF(NOW(), CURDATE())`, measured).
  if (a.kind === 'datetime' && b.kind === 'datetime' && a.value.type !== b.value.type) return null;
  const decimals = maxDecimals(args, ctx, true);
  const diff =
    a.kind === 'datetime' && b.kind === 'datetime' ? microsBetween(a.value, b.value) : a.kind === 'time' && b.kind === 'time' ? clipTime(a.us, decimals) - clipTime(b.us, decimals) : 0;
  return durationValue(diff, decimals);
};

const PERIOD_TO_MONTH = (period: number): number => {
  if (period === 0) return 0;
  let year = Math.trunc(period / 100);
  if (year < 70) year += 2000;
  else if (year < 100) year += 1900;
  return year * 12 + (period % 100) - 1;
};

const MONTH_TO_PERIOD = (month: number): number => {
  if (month === 0) return 0;
  let year = Math.trunc(month / 12);
  if (year < 100) year += year < 70 ? 2000 : 1900;
  return year * 100 + (month % 12) + 1;
};

const PERIOD_ADD: ScalarFunction = (args, ctx) => {
  const period = toInteger(arg(args, 0, ctx));
  const months = toInteger(arg(args, 1, ctx));
  if (period === null || months === null) return null;
  if (period <= 0) return 0;
  return MONTH_TO_PERIOD(PERIOD_TO_MONTH(period) + months);
};

const PERIOD_DIFF: ScalarFunction = (args, ctx) => {
  const a = toInteger(arg(args, 0, ctx));
  const b = toInteger(arg(args, 1, ctx));
  if (a === null || b === null) return null;
  return PERIOD_TO_MONTH(Math.abs(a)) - PERIOD_TO_MONTH(Math.abs(b));
};

// ── Clock ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const nowSeconds = (ctx: ScalarContext): number => Math.floor(ctx.now.epochMs / MS_PER_SECOND) * MS_PER_SECOND;
const CURDATE: ScalarFunction = (_args, ctx) => timeValue('DATE', ctx.now.epochMs);
/** The clock with `fsp` digits of its fraction (MySQL's `NOW(3)`, `CURTIME(6)`; none by default), truncated. */
function nowAt(args: readonly ArgumentValue[], ctx: ScalarContext): TimeValue {
  const fsp = args.length > 0 ? Math.max(0, Math.min(6, toInteger(arg(args, 0, ctx)) ?? 0)) : 0;
  if (fsp === 0) return { type: 'DATETIME', epochMs: nowSeconds(ctx) };
  const us = (ctx.now.epochMs - nowSeconds(ctx)) * 1000 + microsOf(ctx.now);
  const kept = Math.trunc(us / 10 ** (6 - fsp)) * 10 ** (6 - fsp);
  return timeValue('DATETIME', nowSeconds(ctx) + Math.floor(kept / 1000), kept % 1000)!;
}
const CURTIME: ScalarFunction = (args, ctx) => durationValue(timeOfDay(nowAt(args, ctx)));
const NOW: ScalarFunction = (args, ctx) => nowAt(args, ctx);

// ── Parts ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const DAY = ofCivilDate((packed) => packed % 100);
const MONTH = ofCivilDate((packed) => Math.floor(packed / 100) % 100);
const DAYOFWEEK = ofDate((f) => calcWeekday(dayNr(f), true) + 1);

/** WEEK and YEARWEEK modes: MySQL's 0..7 (only the low three bits count); the service's 11 and 22 are refused. */
function mode(args: readonly ArgumentValue[], ctx: ScalarContext): number {
  if (args.length < 2) return 0;
  const m = toInteger(arg(args, 1, ctx)) ?? 0; // MariaDB reads a NULL mode as 0
  if (m === 11 || m === 22) {
    return fail(
      ctx,
      `${ctx.call.upperName} mode ${m}: the service documents it (weeks ${m === 11 ? 'Sunday..Saturday' : 'Monday..Sunday'}) but not how it numbers the weeks, so it is not evaluated`,
    );
  }
  return m;
}

const WEEK: ScalarFunction = (args, ctx) => {
  const t = toDateTime(dateArg(args, 0, ctx));
  const m = mode(args, ctx);
  if (t === null) return null;
  const f = fieldsOf(t.epochMs);
  return calcWeek(f.year, f.month, f.day, weekMode(m)).week;
};

const YEARWEEK: ScalarFunction = (args, ctx) => {
  const t = toDateTime(dateArg(args, 0, ctx));
  const m = mode(args, ctx);
  if (t === null) return null;
  const f = fieldsOf(t.epochMs);
  const w = calcWeek(f.year, f.month, f.day, weekMode(m) | WEEK_YEAR);
  return w.year * 100 + w.week;
};

/** HOUR, MINUTE, SECOND take a TIME too (`HOUR('25:00:00')` is 25; the sign is dropped). */
const timePart =
  (part: (absUs: number) => number): ScalarFunction =>
  (args, ctx) => {
    const t = toTime(arg(args, 0, ctx), true, isDouble(ctx, 0));
    return t === null ? null : part(Math.abs(t));
  };

// ── Formatting ─────────────────────────────────────────────────────────────────────────────────────────────────────

const dateParts = (t: TimeValue): FormatParts => ({ isTime: false, negative: false, ...fieldsOf(t.epochMs, t.micros) });

const timeParts = (timeUs: number): FormatParts => {
  const abs = Math.abs(timeUs);
  return {
    isTime: true,
    negative: timeUs < 0,
    year: 0,
    month: 0,
    day: 0,
    hour: Math.floor(abs / US_PER_HOUR),
    minute: Math.floor(abs / US_PER_MINUTE) % 60,
    second: Math.floor(abs / US_PER_SECOND) % 60,
    micro: abs % US_PER_SECOND,
  };
};

/** DATE_FORMAT prints a date as written, zero parts too (`0000-00-00`, `2024-01-00`), as MariaDB does; a TIME as a
 * time on the zero date (`DATE_FORMAT(TIME('26:00:00'), '%Y-%m-%d %H')` is `0000-00-00 26`, measured). */
const DATE_FORMAT: ScalarFunction = (args, ctx) => {
  const value = arg(args, 0, ctx);
  const format = text(arg(args, 1, ctx));
  if (format === null) return null;
  if (isDurationValue(value)) return formatWithSpecifiers({ ...timeParts(value.us), isTime: false }, format);
  const t = toDateTime(value, isDouble(ctx, 0));
  if (t !== null) return formatWithSpecifiers(dateParts(t), format);
  const w = writtenDateTime(value, isDouble(ctx, 0));
  return w === null ? null : formatWithSpecifiers({ isTime: false, negative: false, ...w }, format);
};

const TIME_FORMAT: ScalarFunction = (args, ctx) => {
  const t = toTime(arg(args, 0, ctx), false, isDouble(ctx, 0));
  const format = text(arg(args, 1, ctx));
  return t === null || format === null ? null : formatWithSpecifiers(timeParts(t), format);
};

const STR_TO_DATE: ScalarFunction = (args, ctx) => {
  const value = text(arg(args, 0, ctx));
  const format = text(arg(args, 1, ctx));
  if (value === null || format === null) return null;
  const p = strToDate(value, format);
  if (p === null) return null;
  if (p.kind === 'time') return durationValue(((p.hour * 60 + p.minute) * 60 + p.second) * US_PER_SECOND + p.micro);
  return p.kind === 'date' ? timeValue('DATE', epochOfDate(p.year, p.month, p.day)) : timeValueOf('DATETIME', p);
};

// ── Conversions ────────────────────────────────────────────────────────────────────────────────────────────────────

const DATE: ScalarFunction = (args, ctx) => toDate(dateArg(args, 0, ctx));

const FROM_DAYS: ScalarFunction = (args, ctx) => {
  const n = toInteger(arg(args, 0, ctx));
  if (n === null || n <= 365 || n > 3_652_424) return null; // MySQL: '0000-00-00' below day 366; not a value here
  const c = civilFromDays(n - TO_DAYS_1970);
  return timeValue('DATE', epochOfDate(c.year, c.month, c.day));
};

const FROM_UNIXTIME: ScalarFunction = (args, ctx) => {
  const n = toNumber(arg(args, 0, ctx));
  const format = args.length > 1 ? text(arg(args, 1, ctx)) : undefined;
  if (n === null || n < 0 || n > TIMESTAMP_MAX_S || format === null) return null;
  // Six decimals, truncated: a DECIMAL's digits, a DOUBLE's binary value (1.005 is …01.004999).
  const micro = isDouble(ctx, 0) ? binaryMicros(n) : decimalMicros(n);
  const t = timeValue('DATETIME', Math.trunc(n) * MS_PER_SECOND + Math.floor(micro / 1000), micro % 1000);
  if (t === null) return null;
  return format === undefined ? t : formatWithSpecifiers(dateParts(t), format);
};

const UNIX_TIMESTAMP: ScalarFunction = (args, ctx) => {
  if (args.length === 0) return Math.floor(ctx.now.epochMs / 1000);
  const t = toDateTime(dateArg(args, 0, ctx));
  if (t === null) return null;
  if (t.epochMs < 0 || t.epochMs >= (TIMESTAMP_MAX_S + 1) * MS_PER_SECOND) return null;
  return (t.epochMs * 1000 + microsOf(t)) / US_PER_SECOND;
};

/**
 * Seconds as a time of day, as the documented wrap computes (MariaDB's `MOD(MOD(n, 86400) + 86400, 86400)`): a number
 * exactly, by its decimal writing (`-3020399.999999` is 01:00:00.000001: the day is added before the fraction is
 * truncated), text and a DOUBLE in doubles (`%` of doubles is exact, so a huge number keeps its time of day).
 */
function secondsOfDay(value: Value, n: number, double: boolean): number {
  const text = String(Math.abs(n));
  if (typeof value === 'string' || double || text.includes('e')) {
    const ofDay = n % 86_400;
    return secondsToMicros(ofDay < 0 ? ofDay + 86_400 : ofDay, double);
  }
  const [wholeText = '0', fraction = ''] = text.split('.');
  const whole = Number(BigInt(wholeText) % 86_400n);
  if (n >= 0) return whole * US_PER_SECOND + decimalMicros(n);
  if (/^0*$/.test(fraction)) return ((86_400 - whole) % 86_400) * US_PER_SECOND;
  const complement = (10n ** BigInt(fraction.length) - BigInt(fraction)).toString().padStart(fraction.length, '0');
  return (86_400 - whole - 1) * US_PER_SECOND + decimalMicros(Number(`0.${complement}`));
}

const SEC_TO_TIME: ScalarFunction = (args, ctx) => {
  const value = arg(args, 0, ctx);
  const n = toNumber(value);
  if (n === null || !Number.isFinite(n)) return null;
  // The service documents that SEC_TO_TIME wraps at 24 hours (MySQL would print 25:00:00 for 90000).
  let us = secondsOfDay(value, n, isDouble(ctx, 0));
  // A DECIMAL's microseconds past its declared scale are not there (a quotient kept with more digits inside:
  // `SEC_TO_TIME(1847 / 6.21)` is 00:04:57.4235, as MariaDB).
  const scale = ctx.argScales?.[0] ?? -1;
  if (ctx.argTypes?.[0] === 'DECIMAL' && scale >= 0 && scale < 6) us = Math.trunc(us / 10 ** (6 - scale)) * 10 ** (6 - scale);
  return durationValue(us % US_PER_DAY);
};

const TIME: ScalarFunction = (args, ctx) => {
  const t = toTime(arg(args, 0, ctx), true, isDouble(ctx, 0), true);
  return t === null ? null : durationValue(t, declaredDecimals(args, ctx, 0, true));
};

/** TIMESTAMP(date[, time]): the time is added whole, not clipped to 838:59:59 first (`timeAmount`). */
const TIMESTAMP: ScalarFunction = (args, ctx) => {
  const t = toDateTime(dateArg(args, 0, ctx), isDouble(ctx, 0));
  const amount = args.length > 1 ? timeAmount(arg(args, 1, ctx), isDouble(ctx, 1)) : 0;
  return t === null || amount === null ? null : addMicros(t, 'DATETIME', amount);
};

const TIME_TO_SEC: ScalarFunction = (args, ctx) => {
  const t = toTime(arg(args, 0, ctx), true, isDouble(ctx, 0));
  return t === null ? null : t / US_PER_SECOND;
};

/** LAST_DAY: NULL for a zero month, and for a zero day as MySQL 8's default NO_ZERO_IN_DATE has it (MariaDB with that
 * mode, as the differential suite runs it: LAST_DAY('2005-01-00') is NULL; without it, 2005-01-31). */
const LAST_DAY = ofCivilDate((packed) => {
  const year = Math.floor(packed / 10_000);
  const month = Math.floor(packed / 100) % 100;
  return month === 0 || packed % 100 === 0 ? null : timeValue('DATE', epochOfDate(year, month, daysInMonth(year, month)));
});

/** DATE_TRUNC(unit, date) of the engine (argument order as the catalogue's): PostgreSQL's units, weeks from Monday. */
const TRUNC_UNITS = ['MICROSECOND', 'MILLISECOND', 'SECOND', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR', 'DECADE', 'CENTURY', 'MILLENNIUM'];

const DATE_TRUNC: ScalarFunction = (args, ctx) => {
  const unitText = text(arg(args, 0, ctx));
  const t = toDateTime(dateArg(args, 1, ctx));
  if (unitText === null) return null;
  const unit = unitText.trim().toUpperCase();
  if (!TRUNC_UNITS.includes(unit)) return fail(ctx, `DATE_TRUNC: unknown unit '${unitText}' (${TRUNC_UNITS.map((u) => u.toLowerCase()).join(', ')})`);
  if (t === null) return null;
  const f = fieldsOf(t.epochMs);
  const e = t.epochMs;
  let out: number;
  switch (unit) {
    case 'MICROSECOND':
      return t;
    case 'MILLISECOND':
      out = e;
      break;
    case 'SECOND':
      out = Math.floor(e / 1000) * 1000;
      break;
    case 'MINUTE':
      out = Math.floor(e / 60_000) * 60_000;
      break;
    case 'HOUR':
      out = Math.floor(e / 3_600_000) * 3_600_000;
      break;
    case 'DAY':
      out = epochOfDate(f.year, f.month, f.day);
      break;
    case 'WEEK':
      out = (daysFromCivil(f.year, f.month, f.day) - calcWeekday(dayNr(f), false)) * MS_PER_DAY;
      break;
    case 'MONTH':
      out = epochOfDate(f.year, f.month, 1);
      break;
    case 'QUARTER':
      out = epochOfDate(f.year, f.month - ((f.month - 1) % 3), 1);
      break;
    case 'YEAR':
      out = epochOfDate(f.year, 1, 1);
      break;
    case 'DECADE':
      out = epochOfDate(f.year - (f.year % 10), 1, 1);
      break;
    case 'CENTURY':
      out = epochOfDate(Math.floor((f.year - 1) / 100) * 100 + 1, 1, 1);
      break;
    default: // MILLENNIUM
      out = epochOfDate(Math.floor((f.year - 1) / 1000) * 1000 + 1, 1, 1);
  }
  return timeValue(t.type, out);
};

/** CONVERT_TZ(datetime, from, to): zones as '+HH:MM' offsets or IANA names (Intl's data); NULL for unknown zones. As
 * MySQL, a time whose UTC instant is outside TIMESTAMP's range (1970-01-01 00:00:01 .. 2038-01-19 03:14:07 UTC) is
 * returned unchanged. */
const CONVERT_TZ: ScalarFunction = (args, ctx) => {
  const t = toDateTime(dateArg(args, 0, ctx), isDouble(ctx, 0));
  const from = text(arg(args, 1, ctx));
  const to = text(arg(args, 2, ctx));
  if (t === null || from === null || to === null) return null;
  const fromZone = zone(from);
  const toZone = zone(to);
  if (fromZone === null || toZone === null) return null;
  const utc = wallToUtc(t.epochMs, fromZone);
  const seconds = Math.floor(utc / 1000);
  if (seconds < TIMESTAMP_MIN_S || seconds > TIMESTAMP_MAX_S) return timeValue('DATETIME', t.epochMs, microsOf(t));
  return timeValue('DATETIME', utc + toZone(utc), microsOf(t));
};

const yearOf = ofCivilDate((packed) => Math.floor(packed / 10_000));
const YEAR: ScalarFunction = (args, ctx) => {
  if (args.length > 1) return fail(ctx, 'YEAR takes one argument (what a second one means is not documented)');
  return yearOf(args, ctx);
};

export const DATE_FUNCTIONS: ScalarFunctionTable = {
  ADDDATE: dateArithmetic(1),
  DATE_ADD: dateArithmetic(1),
  SUBDATE: dateArithmetic(-1),
  DATE_SUB: dateArithmetic(-1),
  ADDTIME,
  SUBTIME,
  CURDATE,
  CURRENT_DATE: CURDATE,
  CURTIME,
  CURRENT_TIME: CURTIME,
  NOW,
  CURRENT_TIMESTAMP: NOW,
  SYSDATE: NOW,
  DATE,
  TO_DATE: DATE,
  DATEDIFF,
  DATE_FORMAT,
  TIME_FORMAT,
  STR_TO_DATE,
  DAY,
  DAYOFMONTH: DAY,
  DAYOFWEEK,
  // The service silently computes DAYOFWEEK for WEEKDAY (the catalogue's replacedBy): 1 = Sunday, not 0 = Monday.
  WEEKDAY: DAYOFWEEK,
  DAYOFYEAR: ofDate((f) => dayNr(f) - dayNumber(f.year, 1, 1) + 1),
  DAYNAME: ofDate((f) => DAY_NAMES[calcWeekday(dayNr(f), false)] ?? null),
  MONTHNAME: ofCivilDate((packed) => MONTH_NAMES[(Math.floor(packed / 100) % 100) - 1] ?? null),
  HOUR: timePart((t) => Math.floor(t / US_PER_HOUR)),
  MINUTE: timePart((t) => Math.floor(t / US_PER_MINUTE) % 60),
  SECOND: timePart((t) => Math.floor(t / US_PER_SECOND) % 60),
  MONTH,
  QUARTER: ofCivilDate((packed) => Math.floor((Math.floor(packed / 100) % 100 + 2) / 3)),
  YEAR,
  WEEK,
  YEARWEEK,
  WEEKOFYEAR: ofDate((f) => calcWeek(f.year, f.month, f.day, weekMode(3)).week),
  FROM_DAYS,
  TO_DAYS: ofDate((f) => dayNr(f)),
  FROM_UNIXTIME,
  UNIX_TIMESTAMP,
  LAST_DAY,
  PERIOD_ADD,
  PERIOD_DIFF,
  SEC_TO_TIME,
  TIME,
  TIMEDIFF,
  TIMESTAMP,
  TIME_TO_SEC,
  DATE_TRUNC,
  CONVERT_TZ,
};
