// DATE_FORMAT / TIME_FORMAT (MySQL's make_date_time) and STR_TO_DATE (MySQL's extract_date_time), with every
// specifier of the language (`DATE_FORMAT_SPECIFIERS`, `ENGINE_DATE_FORMAT_SPECIFIERS` of @calckit/formula).
import {
  ABBREVIATED_DAY_NAMES,
  ABBREVIATED_MONTH_NAMES,
  DAY_NAMES,
  MONTH_NAMES,
  WEEK_FIRST_WEEKDAY,
  WEEK_MONDAY_FIRST,
  WEEK_YEAR,
  calcWeek,
  calcWeekday,
  civilFromDays,
  dayNumber,
  isValidDate,
  pad,
  TO_DAYS_1970,
  type DateTimeFields,
} from './calendar.js';

/** What a format prints from: a date and time, or a TIME (a duration: no date, hours may exceed 23, a sign). */
export interface FormatParts extends DateTimeFields {
  readonly isTime: boolean;
  readonly negative: boolean;
}

/** The specifiers of date parts (the others are of time parts, or literal). */
const DATE_SPECIFIERS = new Set('abcDdejMmUuVvWwXxYy'.split(''));

const suffix = (day: number): string => {
  if (day >= 10 && day <= 19) return 'th';
  switch (day % 10) {
    case 1:
      return 'st';
    case 2:
      return 'nd';
    case 3:
      return 'rd';
    default:
      return 'th';
  }
};

/**
 * Formats with MySQL's specifiers; NULL where MariaDB gives NULL: an empty format, a date specifier (%Y, %m, %d, %W,
 * %U, …) of a TIME. An unknown specifier prints its letter (`%q` → `q`); a `%` at the very end prints itself.
 *
 * A date with zero parts (DATE_FORMAT of text or a number: `0`, `'2024-00-10'`, `'2024-01-00'`, `'0000-03-01'`)
 * prints them as written, as MariaDB does (`%Y-%m-%d` → `0000-00-00`, `%D` → `0th`); day 0 is the day before the
 * month's 1st for %W %a %w %j and the weeks (MariaDB's calc_daynr: `2024-01-00` is a Sunday, `%j` 000), month 0 is
 * the previous December for %W %a %w. NULL where MariaDB gives NULL: %M %b of month 0; %W %a %w of year and month 0;
 * %j of year or month 0. Also NULL where MariaDB prints numbers of no meaning (its unsigned arithmetic wrapping:
 * `%U` of `0` is 613566757, `%x` of `'0000-01-01'` 4294967295): the weeks (%U %u %V %v %X %x) of year or month 0,
 * and %W %a %w of January and February of year 0 (a known difference, docs/dates.md).
 */
export function formatWithSpecifiers(p: FormatParts, format: string): string | null {
  if (format === '') return null; // MariaDB: an empty format gives NULL
  let out = p.negative ? '-' : '';
  const dayNr = p.isTime ? 0 : dayNumber(p.year, p.month, p.day);
  // Zero parts (never in a time value): which specifiers have a meaning.
  const noWeekday = p.isTime || (p.year === 0 && p.month <= 2);
  const noDayOfYear = p.isTime || p.year === 0 || p.month === 0;
  const hour12 = ((p.hour % 24) + 11) % 12 + 1;
  for (let i = 0; i < format.length; i++) {
    const c = format[i] as string;
    if (c !== '%' || i + 1 === format.length) {
      out += c;
      continue;
    }
    const spec = format[++i] as string;
    if (p.isTime && DATE_SPECIFIERS.has(spec)) return null; // MariaDB: TIME_FORMAT with a date specifier gives NULL
    switch (spec) {
      case 'M':
        if (p.month === 0) return null;
        out += MONTH_NAMES[p.month - 1];
        break;
      case 'b':
        if (p.month === 0) return null;
        out += ABBREVIATED_MONTH_NAMES[p.month - 1];
        break;
      case 'W':
        if (noWeekday) return null;
        out += DAY_NAMES[calcWeekday(dayNr, false)];
        break;
      case 'a':
        if (noWeekday) return null;
        out += ABBREVIATED_DAY_NAMES[calcWeekday(dayNr, false)];
        break;
      case 'D':
        if (p.isTime) return null;
        out += `${p.day}${suffix(p.day)}`;
        break;
      case 'Y':
        out += pad(p.year, 4);
        break;
      case 'y':
        out += pad(p.year % 100, 2);
        break;
      case 'm':
        out += pad(p.month, 2);
        break;
      case 'c':
        out += String(p.month);
        break;
      case 'd':
        out += pad(p.day, 2);
        break;
      case 'e':
        out += String(p.day);
        break;
      case 'f':
        out += pad(p.micro, 6);
        break;
      case 'H':
        out += pad(p.hour, 2);
        break;
      case 'h':
      case 'I':
        out += pad(hour12, 2);
        break;
      case 'i':
        out += pad(p.minute, 2);
        break;
      case 'j':
        if (noDayOfYear) return null;
        out += pad(dayNr - dayNumber(p.year, 1, 1) + 1, 3);
        break;
      case 'k':
        out += String(p.hour);
        break;
      case 'l':
        out += String(hour12);
        break;
      case 'p':
        out += p.hour % 24 < 12 ? 'AM' : 'PM';
        break;
      case 'r':
        out += `${pad(hour12, 2)}:${pad(p.minute, 2)}:${pad(p.second, 2)} ${p.hour % 24 < 12 ? 'AM' : 'PM'}`;
        break;
      case 'S':
      case 's':
        out += pad(p.second, 2);
        break;
      case 'T':
        out += `${pad(p.hour, 2)}:${pad(p.minute, 2)}:${pad(p.second, 2)}`;
        break;
      case 'U':
      case 'u': {
        if (noDayOfYear) return null;
        const behaviour = spec === 'U' ? WEEK_FIRST_WEEKDAY : WEEK_MONDAY_FIRST;
        out += pad(calcWeek(p.year, p.month, p.day, behaviour).week, 2);
        break;
      }
      case 'V':
      case 'v': {
        if (noDayOfYear) return null;
        const behaviour = spec === 'V' ? WEEK_YEAR | WEEK_FIRST_WEEKDAY : WEEK_YEAR | WEEK_MONDAY_FIRST;
        out += pad(calcWeek(p.year, p.month, p.day, behaviour).week, 2);
        break;
      }
      case 'X':
      case 'x': {
        if (noDayOfYear) return null;
        const behaviour = spec === 'X' ? WEEK_YEAR | WEEK_FIRST_WEEKDAY : WEEK_YEAR | WEEK_MONDAY_FIRST;
        out += pad(calcWeek(p.year, p.month, p.day, behaviour).year, 4);
        break;
      }
      case 'w':
        if (noWeekday) return null;
        out += String(calcWeekday(dayNr, true));
        break;
      default:
        out += spec;
    }
  }
  return out;
}

// ── STR_TO_DATE ────────────────────────────────────────────────────────────────────────────────────────────────────

/** What STR_TO_DATE read: the fields, and which kind of value its format describes. */
export interface ParsedDate {
  /** `datetime` when the format has date and time specifiers, `date` with date ones only, `time` with time ones only. */
  readonly kind: 'date' | 'datetime' | 'time';
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly micro: number;
}

const TIME_SPECIFIERS = new Set('fHhIiklprSsT'.split(''));

/** MySQL's get_date_time_result_type: what a format describes (no specifier at all: a datetime). */
export function formatKind(format: string): 'date' | 'datetime' | 'time' {
  let date = false;
  let time = false;
  for (let i = 0; i < format.length - 1; i++) {
    if (format[i] !== '%') continue;
    const s = format[++i] as string;
    if (DATE_SPECIFIERS.has(s)) date = true;
    if (TIME_SPECIFIERS.has(s)) time = true;
  }
  if (date && !time) return 'date';
  if (time && !date) return 'time';
  return 'datetime';
}

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isAlpha = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z]$/.test(c);
const isPunct = (c: string | undefined): boolean => c !== undefined && /^[!-/:-@[-`{-~]$/.test(c);

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  micro: number;
}

class ParseError extends Error {}

/** MySQL's my_strtoll10 over at most `max` characters: an optional sign and digits (none, or a negative number: an error). */
function readNumber(s: string, pos: number, max: number): { value: number; end: number; digits: number } {
  const limit = Math.min(s.length, pos + max);
  let i = pos;
  let negative = false;
  if (i < limit && (s[i] === '-' || s[i] === '+')) {
    negative = s[i] === '-';
    i++;
  }
  const start = i;
  while (i < limit && isDigit(s[i])) i++;
  if (i === start) throw new ParseError();
  const value = Number(s.slice(start, i));
  // Negative numbers land in MySQL's unsigned fields as huge values, which fail its range checks.
  if (negative && value !== 0) throw new ParseError();
  return { value, end: i, digits: i - pos };
}

/** MySQL's check_word: the alphabetic word at `pos`, matched case-insensitively to a name or a unique prefix. */
function readWord(s: string, pos: number, names: readonly string[]): { index: number; end: number } {
  let end = pos;
  while (end < s.length && isAlpha(s[end])) end++;
  const word = s.slice(pos, end).toLowerCase();
  if (word === '') throw new ParseError();
  const exact = names.findIndex((n) => n.toLowerCase() === word);
  if (exact >= 0) return { index: exact + 1, end };
  const partial = names.flatMap((n, i) => (n.toLowerCase().startsWith(word) ? [i] : []));
  if (partial.length !== 1) throw new ParseError();
  return { index: (partial[0] ?? 0) + 1, end };
}

const twoDigitYear = (y: number): number => (y < 70 ? y + 2000 : y + 1900);

const MAX_DAY_NUMBER = 3_652_424;

function fromDayNumber(days: number, f: Fields): void {
  if (days <= 0 || days > MAX_DAY_NUMBER) throw new ParseError();
  const c = civilFromDays(days - TO_DAYS_1970);
  f.year = c.year;
  f.month = c.month;
  f.day = c.day;
}

/** Parses `value` from `pos` with `format` into `f`; returns where it stopped. `sub` for %r and %T's inner formats. */
function extract(format: string, value: string, pos: number, f: Fields, sub: boolean): number {
  let val = pos;
  let usaTime = false;
  let daypart = 0;
  let weekday = 0;
  let yearday = 0;
  let weekNumber = -1;
  let strictWeekYear = -1;
  let strictWeekYearIsSunday = false;
  let sundayFirstNonIso = false;
  let strictWeekNumber = false;
  for (let p = 0; p < format.length && val < value.length; p++) {
    while (val < value.length && isSpace(value[val])) val++;
    if (val >= value.length) break;
    const c = format[p];
    if (c === '%' && p + 1 < format.length) {
      const spec = format[++p] as string;
      const remaining = value.length - val;
      switch (spec) {
        case 'Y': {
          const r = readNumber(value, val, Math.min(4, remaining));
          f.year = r.digits <= 2 ? twoDigitYear(r.value) : r.value;
          val = r.end;
          break;
        }
        case 'y': {
          const r = readNumber(value, val, 2);
          f.year = twoDigitYear(r.value);
          val = r.end;
          break;
        }
        case 'm':
        case 'c': {
          const r = readNumber(value, val, 2);
          f.month = r.value;
          val = r.end;
          break;
        }
        case 'M': {
          const r = readWord(value, val, MONTH_NAMES);
          f.month = r.index;
          val = r.end;
          break;
        }
        case 'b': {
          const r = readWord(value, val, ABBREVIATED_MONTH_NAMES);
          f.month = r.index;
          val = r.end;
          break;
        }
        case 'd':
        case 'e': {
          const r = readNumber(value, val, 2);
          f.day = r.value;
          val = r.end;
          break;
        }
        case 'D': {
          const r = readNumber(value, val, 2);
          f.day = r.value;
          val = r.end + Math.min(value.length - r.end, 2);
          break;
        }
        case 'h':
        case 'I':
        case 'l':
        case 'k':
        case 'H': {
          if (spec === 'h' || spec === 'I' || spec === 'l') usaTime = true;
          const r = readNumber(value, val, 2);
          f.hour = r.value;
          val = r.end;
          break;
        }
        case 'i': {
          const r = readNumber(value, val, 2);
          f.minute = r.value;
          val = r.end;
          break;
        }
        case 's':
        case 'S': {
          const r = readNumber(value, val, 2);
          f.second = r.value;
          val = r.end;
          break;
        }
        case 'f': {
          const r = readNumber(value, val, 6);
          const digits = r.end - val;
          f.micro = r.value * 10 ** Math.max(0, 6 - digits);
          val = r.end;
          break;
        }
        case 'p': {
          if (remaining < 2 || !usaTime) throw new ParseError();
          const two = value.slice(val, val + 2).toUpperCase();
          if (two === 'PM') daypart = 12;
          else if (two !== 'AM') throw new ParseError();
          val += 2;
          break;
        }
        case 'W': {
          const r = readWord(value, val, DAY_NAMES);
          weekday = r.index;
          val = r.end;
          break;
        }
        case 'a': {
          const r = readWord(value, val, ABBREVIATED_DAY_NAMES);
          weekday = r.index;
          val = r.end;
          break;
        }
        case 'w': {
          const r = readNumber(value, val, 1);
          if (r.value < 0 || r.value >= 7) throw new ParseError();
          weekday = r.value === 0 ? 7 : r.value;
          val = r.end;
          break;
        }
        case 'j': {
          const r = readNumber(value, val, 3);
          yearday = r.value;
          val = r.end;
          break;
        }
        case 'V':
        case 'U':
        case 'v':
        case 'u': {
          sundayFirstNonIso = spec === 'U' || spec === 'V';
          strictWeekNumber = spec === 'V' || spec === 'v';
          const r = readNumber(value, val, 2);
          weekNumber = r.value;
          if (weekNumber < 0 || (strictWeekNumber && weekNumber === 0) || weekNumber > 53) throw new ParseError();
          val = r.end;
          break;
        }
        case 'X':
        case 'x': {
          strictWeekYearIsSunday = spec === 'X';
          const r = readNumber(value, val, 4);
          strictWeekYear = r.value;
          val = r.end;
          break;
        }
        case 'r': {
          const inner: Fields = { ...f };
          val = extract('%I:%i:%S %p', value, val, inner, true);
          Object.assign(f, inner);
          break;
        }
        case 'T': {
          const inner: Fields = { ...f };
          val = extract('%H:%i:%S', value, val, inner, true);
          Object.assign(f, inner);
          break;
        }
        case '.':
          while (val < value.length && isPunct(value[val])) val++;
          break;
        case '@':
          while (val < value.length && isAlpha(value[val])) val++;
          break;
        case '#':
          while (val < value.length && isDigit(value[val])) val++;
          break;
        default:
          throw new ParseError();
      }
    } else if (!isSpace(c)) {
      if (value[val] !== c) throw new ParseError();
      val++;
    }
  }
  if (usaTime) {
    if (f.hour > 12 || f.hour < 1) throw new ParseError();
    f.hour = (f.hour % 12) + daypart;
  }
  if (sub) return val;
  if (yearday > 0) fromDayNumber(dayNumber(f.year, 1, 1) + yearday - 1, f);
  if (weekNumber >= 0 && weekday) {
    if ((strictWeekNumber && (strictWeekYear < 0 || strictWeekYearIsSunday !== sundayFirstNonIso)) || (!strictWeekNumber && strictWeekYear >= 0)) {
      throw new ParseError();
    }
    let days = dayNumber(strictWeekNumber ? strictWeekYear : f.year, 1, 1);
    const weekdayB = calcWeekday(days, sundayFirstNonIso);
    if (sundayFirstNonIso) days += (weekdayB === 0 ? 0 : 7) - weekdayB + (weekNumber - 1) * 7 + (weekday % 7);
    else days += (weekdayB <= 3 ? 0 : 7) - weekdayB + (weekNumber - 1) * 7 + (weekday - 1);
    fromDayNumber(days, f);
  }
  if (f.month > 12 || f.day > 31 || f.hour > 23 || f.minute > 59 || f.second > 59) throw new ParseError();
  return val;
}

/**
 * MySQL's STR_TO_DATE: reads `value` with `format`. Spaces before each field are skipped, a space in the format
 * matches nothing, other literal characters must match; parsing stops at the end of the value (fields not read stay
 * zero) and text after the format is ignored. NULL (here: null) when it does not parse, or when a date is invalid or
 * has a zero part (MariaDB's default mode would return a zero-in-date such as `2024-00-00`: not a value here).
 */
export function strToDate(value: string, format: string): ParsedDate | null {
  const f: Fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, micro: 0 };
  try {
    extract(format, value, 0, f, false);
  } catch (e) {
    if (e instanceof ParseError) return null;
    throw e;
  }
  const kind = formatKind(format);
  if (kind !== 'time' && !isValidDate(f.year, f.month, f.day)) return null;
  if (kind === 'time' && f.day) {
    f.hour += f.day * 24;
    f.day = 0;
  }
  return { kind, ...f };
}
