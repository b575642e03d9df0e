// String functions with MySQL's rules: positions and lengths count characters (code points), LENGTH and OCTET_LENGTH
// count UTF-8 bytes; numbers become text by their static type and scale; INSTR and CONTAINS follow the collation,
// REPLACE is case-sensitive (as in MySQL). Engine functions (INITCAP, SPLIT_PART, TO_NUMBER) follow their engine.
// A text that would grow past MAX_STRING_BYTES (CONCAT, REPLACE, LPAD, RPAD) is NULL, as in MariaDB, and never built.
import { EvaluationError } from '../api.js';
import { utf8Length } from '../aggregates.js';
import { foldText } from '../collation.js';
import { isDurationValue, isTimeValue, MAX_STRING_BYTES, toNumber, toText } from '../values.js';
import { formatNumberTemplate, formatTimeTemplate } from './to-char.js';
import type { ArgumentValue, ScalarContext, ScalarFunction, ScalarFunctionTable } from './contract.js';

const text = (args: readonly ArgumentValue[], i: number, ctx: ScalarContext): string | null => {
  const v = args[i];
  return v === undefined ? null : toText(v, ctx.argTypes?.[i], ctx.argScales?.[i]);
};
const int = (args: readonly ArgumentValue[], i: number): number | null => {
  const v = args[i];
  const n = v === undefined ? null : toNumber(v);
  return n === null ? null : Math.round(n);
};

const HAS_SURROGATE = /[\uD800-\uDFFF]/;
/** Code points of a text (an array only when it has characters past U+FFFF). */
const chars = (s: string): string[] | string => (HAS_SURROGATE.test(s) ? Array.from(s) : s);
const charLength = (s: string) => (HAS_SURROGATE.test(s) ? Array.from(s).length : s.length);
const slice = (s: string, start: number, end?: number): string => {
  const c = chars(s);
  return typeof c === 'string' ? c.slice(start, end) : c.slice(start, end).join('');
};

/**
 * 1-based character position of `sub` in `s`; 0 when absent. Under general_ci, as MariaDB's INSTR: at each character
 * of `s`, the text of the needle's UTF-8 length compares equal to the needle without padding, so case differs but an
 * accented letter (two bytes) never matches a plain one (`INSTR('Ána', 'a')` is 3).
 */
function instr(s: string, sub: string, ctx: ScalarContext): number {
  if (ctx.collation === 'binary') {
    const at = s.indexOf(sub);
    if (at < 0) return 0;
    return HAS_SURROGATE.test(s) ? charLength(s.slice(0, at)) + 1 : at + 1;
  }
  if (sub.length === 0) return 1;
  const needle = foldText(sub, ctx.collation);
  const bytes = utf8Length(sub);
  const cs = Array.from(s);
  for (let i = 0; i < cs.length; i++) {
    let n = 0;
    let j = i;
    while (j < cs.length && n < bytes) n += utf8Length(cs[j++]!);
    if (n !== bytes) continue;
    if (foldText(cs.slice(i, j).join(''), ctx.collation) === needle) return i + 1;
  }
  return 0;
}

/** A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4): a text of at most this many units
 * is within MAX_STRING_BYTES without counting its bytes. */
const SURELY_WITHIN_UNITS = Math.floor(MAX_STRING_BYTES / 3);

/** Is a text of `units` UTF-16 units whose bytes `bytes()` counts longer than MariaDB builds? */
const tooLong = (units: number, bytes: () => number): boolean => units > SURELY_WITHIN_UNITS && bytes() > MAX_STRING_BYTES;

/** CONCAT's result from its parts as text: NULL when one is NULL or when it would pass MAX_STRING_BYTES (then
 * not built). The evaluator's compiled CONCAT joins with it too. */
export function joinBounded(parts: readonly (string | null)[]): string | null {
  let out: string | null = '';
  for (const t of parts) {
    if (t === null) return null;
    out = concatBounded(out, t);
    if (out === null) return null;
  }
  return out;
}

/** `a + b`; NULL when either is NULL or the result would pass MAX_STRING_BYTES. */
export const concatBounded = (a: string | null, b: string | null): string | null =>
  a === null || b === null || tooLong(a.length + b.length, () => utf8Length(a) + utf8Length(b)) ? null : a + b;

const concat: ScalarFunction = (args, ctx) => joinBounded(args.map((_, i) => text(args, i, ctx)));

/** REPLACE(s, from, to), case-sensitive; NULL when the result would pass MAX_STRING_BYTES (measured before it is built). */
const replace: ScalarFunction = (args, ctx) => {
  const s = text(args, 0, ctx);
  const from = text(args, 1, ctx);
  const to = text(args, 2, ctx);
  if (s === null || from === null || to === null) return null;
  if (from === '') return s;
  const parts = s.split(from);
  const replaced = parts.length - 1;
  if (tooLong(s.length + replaced * (to.length - from.length), () => utf8Length(s) + replaced * (utf8Length(to) - utf8Length(from)))) return null;
  return parts.join(to);
};

const left: ScalarFunction = (args, ctx) => {
  const s = text(args, 0, ctx);
  const n = int(args, 1);
  if (s === null || n === null) return null;
  return n <= 0 ? '' : slice(s, 0, n);
};

const right: ScalarFunction = (args, ctx) => {
  const s = text(args, 0, ctx);
  const n = int(args, 1);
  if (s === null || n === null) return null;
  if (n <= 0) return '';
  const len = charLength(s);
  return n >= len ? s : slice(s, len - n);
};

const substring: ScalarFunction = (args, ctx) => {
  const s = text(args, 0, ctx);
  const pos = int(args, 1);
  if (s === null || pos === null) return null;
  const hasLength = args.length > 2;
  const n = hasLength ? int(args, 2) : null;
  if (hasLength && n === null) return null;
  const len = charLength(s);
  if (pos === 0 || pos > len || (n !== null && n < 1)) return '';
  const start = pos > 0 ? pos - 1 : len + pos;
  if (start < 0) return '';
  return n === null ? slice(s, start) : slice(s, start, start + n);
};

const COMBINING = /^\p{M}+$/u;

/**
 * MySQL's case mapping is per character (simple mapping): a character whose full mapping is longer keeps its first
 * character when the rest are combining marks (`İ` → `i`), else stays as it is (`ß` stays `ß` in UPPER).
 */
const mapCase = (s: string, upper: boolean): string => {
  const whole = upper ? s.toUpperCase() : s.toLowerCase();
  if (whole.length === s.length) return whole;
  let out = '';
  for (const ch of s) {
    const m = upper ? ch.toUpperCase() : ch.toLowerCase();
    if (m.length === ch.length) out += m;
    else {
      const first = String.fromCodePoint(m.codePointAt(0)!);
      out += COMBINING.test(m.slice(first.length)) ? first : ch;
    }
  }
  return out;
};


/** Bytes of the longest UTF-8 character (utf8mb4's mbmaxlen). */
const UTF8MB4_MAX_BYTES = 4;

const pad =
  (atStart: boolean): ScalarFunction =>
  (args, ctx) => {
    const s = text(args, 0, ctx);
    const n = int(args, 1);
    const filler = args.length > 2 ? text(args, 2, ctx) : ' ';
    if (s === null || n === null || filler === null || n < 0) return null;
    const len = charLength(s);
    if (len >= n) return slice(s, 0, n);
    if (filler.length === 0) return null;
    // MariaDB reserves 4 bytes (utf8mb4) per character asked for: past MAX_STRING_BYTES, NULL (measured:
    // LPAD('a', 4194304, 'b') is built, LPAD('a', 4194305, 'b') and LPAD('a', 1e9, 'b') are NULL).
    if (n * UTF8MB4_MAX_BYTES > MAX_STRING_BYTES) return null;
    const need = n - len;
    const fillLength = charLength(filler);
    const padding = filler.repeat(Math.floor(need / fillLength)) + slice(filler, 0, need % fillLength);
    return atStart ? padding + s : s + padding;
  };

const initcap: ScalarFunction = (args, ctx) => {
  const s = text(args, 0, ctx);
  if (s === null) return null;
  let out = '';
  let inWord = false;
  for (const ch of s) {
    const alnum = /[\p{L}\p{N}]/u.test(ch);
    out += alnum ? (inWord ? mapCase(ch, false) : mapCase(ch, true)) : ch;
    inWord = alnum;
  }
  return out;
};

const splitPart: ScalarFunction = (args, ctx) => {
  const s = text(args, 0, ctx);
  const delimiter = text(args, 1, ctx);
  const n = int(args, 2);
  if (s === null || delimiter === null || n === null) return null;
  if (n < 1) throw new EvaluationError('runtime', 'SPLIT_PART: the field number must be 1 or more', ctx.call.range);
  if (delimiter === '') return n === 1 ? s : '';
  return s.split(delimiter)[n - 1] ?? '';
};

const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** TO_NUMBER(text [, format]): the number the text writes, ignoring grouping commas, currency signs and spaces (a
 * trailing `-` or parentheses make it negative); text that is no number is an error, as in the engine. */
const toNumberFn: ScalarFunction = (args, ctx) => {
  const v = args[0];
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  const raw = text(args, 0, ctx)!;
  let t = raw.trim().replace(/[,$€£\s]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  } else if (t.endsWith('-')) {
    negative = true;
    t = t.slice(0, -1);
  }
  if (!NUMBER_TEXT.test(t)) throw new EvaluationError('runtime', `TO_NUMBER: '${raw}' is not a number`, ctx.call.range);
  const n = Number(t);
  return negative ? -n : n;
};

/** TO_CHAR(value, template): times and numbers by an engine template (to-char.ts); text as it is. */
const toChar: ScalarFunction = (args, ctx) => {
  const v = args[0];
  const template = text(args, 1, ctx);
  if (v === null || v === undefined || template === null) return null;
  if (isTimeValue(v)) return formatTimeTemplate(v, template);
  if (typeof v === 'number' || typeof v === 'boolean') return formatNumberTemplate(toNumber(v)!, template);
  if (typeof v === 'string') return v;
  if (isDurationValue(v)) return toText(v); // a TIME: its text, as text is returned (no template of the engine's reads one)
  throw new EvaluationError('runtime', 'TO_CHAR: an INTERVAL has no text form', ctx.call.range);
};

export const STRING_FUNCTIONS: ScalarFunctionTable = {
  CONCAT: concat,
  INSTR: (args, ctx) => {
    const s = text(args, 0, ctx);
    const sub = text(args, 1, ctx);
    return s === null || sub === null ? null : instr(s, sub, ctx);
  },
  CONTAINS: (args, ctx) => {
    const s = text(args, 0, ctx);
    const sub = text(args, 1, ctx);
    return s === null || sub === null ? null : instr(s, sub, ctx) > 0;
  },
  LEFT: left,
  RIGHT: right,
  LENGTH: (args, ctx) => {
    const s = text(args, 0, ctx);
    return s === null ? null : utf8Length(s);
  },
  OCTET_LENGTH: (args, ctx) => {
    const s = text(args, 0, ctx);
    return s === null ? null : utf8Length(s);
  },
  LOWER: (args, ctx) => {
    const s = text(args, 0, ctx);
    return s === null ? null : mapCase(s, false);
  },
  UPPER: (args, ctx) => {
    const s = text(args, 0, ctx);
    return s === null ? null : mapCase(s, true);
  },
  REPLACE: replace,
  SUBSTRING: substring,
  TRIM: (args, ctx) => {
    const s = text(args, 0, ctx);
    if (s === null) return null;
    let a = 0;
    let b = s.length;
    while (a < b && s.charCodeAt(a) === 32) a++;
    while (b > a && s.charCodeAt(b - 1) === 32) b--;
    return s.slice(a, b);
  },
  INITCAP: initcap,
  LPAD: pad(true),
  RPAD: pad(false),
  SPLIT_PART: splitPart,
  TO_NUMBER: toNumberFn,
  TO_CHAR: toChar,
};
