// String comparison under a collation: MySQL's default `utf8mb4_general_ci` (one weight per character: the upper
// case of its base letter, accents folded; PAD SPACE: trailing spaces ignored; characters outside the BMP all weigh
// U+FFFD) or `binary` (code points, no padding). Also LIKE patterns and the keys of GROUP BY / DISTINCT.

export type Collation = 'utf8mb4_general_ci' | 'binary';

/** Weight of each BMP code unit under general_ci, computed on first use (0: not computed yet). */
const WEIGHTS = new Uint16Array(65536);
const REPLACEMENT = 0xfffd;

function computeWeight(c: number): number {
  if (c < 0x80) return c >= 0x61 && c <= 0x7a ? c - 32 : c;
  if (c >= 0xd800 && c <= 0xdfff) return REPLACEMENT;
  if (c === 0xdf) return 0x53; // ß weighs S in general_ci
  const ch = String.fromCharCode(c);
  const base = ch.normalize('NFD');
  const first = base.length > 0 && base.charCodeAt(0) < 0xd800 ? base[0]! : ch;
  const upper = first.toUpperCase();
  return upper.length === 1 ? upper.charCodeAt(0) : first.charCodeAt(0);
}

/** The general_ci weight of a UTF-16 code unit (surrogates: U+FFFD). */
export function weight(c: number): number {
  let w = WEIGHTS[c]!;
  if (w === 0) {
    w = computeWeight(c);
    WEIGHTS[c] = w === 0 ? 0 : w;
  }
  return w;
}

/** general_ci with PAD SPACE: the shorter string compares as if padded with spaces. */
function compareGeneralCi(a: string, b: string): number {
  const la = a.length;
  const lb = b.length;
  let i = 0;
  let j = 0;
  while (i < la || j < lb) {
    let wa = 32;
    let wb = 32;
    if (i < la) {
      const c = a.charCodeAt(i++);
      wa = c < 0x80 ? (c >= 0x61 && c <= 0x7a ? c - 32 : c) : weight(c);
      if (c >= 0xd800 && c <= 0xdbff && i < la) i++; // the low half of a pair
    }
    if (j < lb) {
      const c = b.charCodeAt(j++);
      wb = c < 0x80 ? (c >= 0x61 && c <= 0x7a ? c - 32 : c) : weight(c);
      if (c >= 0xd800 && c <= 0xdbff && j < lb) j++;
    }
    if (wa !== wb) return wa < wb ? -1 : 1;
  }
  return 0;
}

/** Code point order (UTF-8 byte order), no padding. */
function compareBinary(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca !== cb) {
      // Surrogates (code points past U+FFFF) sort after every BMP character in code point order.
      const ka = ca >= 0xd800 && ca <= 0xdfff ? ca + 0x10000 : ca;
      const kb = cb >= 0xd800 && cb <= 0xdfff ? cb + 0x10000 : cb;
      return ka < kb ? -1 : 1;
    }
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

export function compareStrings(a: string, b: string, collation: Collation): number {
  if (a === b) return 0;
  return collation === 'binary' ? compareBinary(a, b) : compareGeneralCi(a, b);
}

/** A key equal for strings the collation finds equal (GROUP BY, DISTINCT). */
export function collationKey(s: string, collation: Collation): string {
  if (collation === 'binary') return s;
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 32) end--;
  let out = '';
  let plain = true;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x61 || c >= 0x80) {
      plain = false;
      break;
    }
  }
  if (plain) return end === s.length ? s : s.slice(0, end);
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    out += String.fromCharCode(weight(c));
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) i++;
  }
  return out;
}

/** Folds text for LIKE and INSTR under general_ci: each character to its weight (no padding). */
export function foldText(s: string, collation: Collation): string {
  if (collation === 'binary') return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += String.fromCharCode(c < 0x80 ? (c >= 0x61 && c <= 0x7a ? c - 32 : c) : weight(c));
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) i++;
  }
  return out;
}

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/-]/;

/**
 * A LIKE pattern as a matcher: `%` any run of characters, `_` one character, `\` escapes the next character; under
 * general_ci case- and accent-insensitive. Trailing spaces count (LIKE does not pad).
 */
export function likeMatcher(pattern: string, collation: Collation): (text: string) => boolean {
  const folded = foldText(pattern, collation);
  let source = '^';
  let literalOnly = true;
  for (let i = 0; i < folded.length; i++) {
    const ch = folded[i]!;
    if (ch === '\\' && i + 1 < folded.length) {
      const next = folded[++i]!;
      source += REGEX_SPECIAL.test(next) ? `\\${next}` : next;
    } else if (ch === '%') {
      source += '[\\s\\S]*';
      literalOnly = false;
    } else if (ch === '_') {
      source += '[\\s\\S]';
      literalOnly = false;
    } else source += REGEX_SPECIAL.test(ch) ? `\\${ch}` : ch;
  }
  source += '$';
  if (literalOnly && !folded.includes('\\')) return (text) => foldText(text, collation) === folded;
  const re = new RegExp(source, 'u');
  return (text) => re.test(foldText(text, collation));
}
