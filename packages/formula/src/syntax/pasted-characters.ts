// Characters that web pages, word processors and chat tools put into formulas copied from them: invisible ones, spaces
// other than the plain space, and look-alikes of the language's punctuation. One table (data) for the lexer's token
// patterns, its error messages and the lint rules' fixes.

/**
 * - `invisible`: zero-width or formatting characters. Inside a word they are part of it (`DATE­DIFF` with a soft hyphen
 *   reads as DATEDIFF), between tokens they are skipped: removing them, the fix, never changes what the parser read.
 * - `space`: read like a space between tokens; the fix writes a plain space (or a line break).
 * - `lookalike`: read as the ASCII character it imitates (an en dash as minus); the fix writes that character.
 */
export type PastedKind = 'invisible' | 'space' | 'lookalike';

export interface PastedCharacter {
  readonly char: string;
  /** The character's Unicode name in lower case, as messages show it. */
  readonly name: string;
  readonly kind: PastedKind;
  /** What the fix writes in its place: '' (remove it), a space, a line break or the ASCII character it imitates. */
  readonly replacement: string;
  /** Reported inside strings and column names too (as a probable accident). False where text has real uses for it. */
  readonly inText: boolean;
}

type Row = readonly [code: number, name: string, kind: PastedKind, replacement: string, inText: boolean];

// prettier-ignore
const ROWS: readonly Row[] = [
  // Invisible. Zero-width (non-)joiners are not reported inside text: emoji sequences and Persian or Indic words need
  // them. Bidirectional controls are (a column name never needs one, and they can make text read differently).
  [0x00ad, 'soft hyphen', 'invisible', '', true],
  [0x061c, 'arabic letter mark', 'invisible', '', true],
  [0x180e, 'mongolian vowel separator', 'invisible', '', true],
  [0x200b, 'zero-width space', 'invisible', '', true],
  [0x200c, 'zero-width non-joiner', 'invisible', '', false],
  [0x200d, 'zero-width joiner', 'invisible', '', false],
  [0x200e, 'left-to-right mark', 'invisible', '', true],
  [0x200f, 'right-to-left mark', 'invisible', '', true],
  [0x202a, 'left-to-right embedding', 'invisible', '', true],
  [0x202b, 'right-to-left embedding', 'invisible', '', true],
  [0x202c, 'pop directional formatting', 'invisible', '', true],
  [0x202d, 'left-to-right override', 'invisible', '', true],
  [0x202e, 'right-to-left override', 'invisible', '', true],
  [0x2060, 'word joiner', 'invisible', '', true],
  [0x2061, 'function application', 'invisible', '', true],
  [0x2062, 'invisible times', 'invisible', '', true],
  [0x2063, 'invisible separator', 'invisible', '', true],
  [0x2064, 'invisible plus', 'invisible', '', true],
  [0x2066, 'left-to-right isolate', 'invisible', '', true],
  [0x2067, 'right-to-left isolate', 'invisible', '', true],
  [0x2068, 'first strong isolate', 'invisible', '', true],
  [0x2069, 'pop directional isolate', 'invisible', '', true],
  // A byte order mark at the very start of a file is the file's encoding mark, not part of the formula (lexer.ts).
  [0xfeff, 'byte order mark', 'invisible', '', true],
  // Spaces.
  [0x0085, 'next line', 'space', '\n', true],
  [0x00a0, 'no-break space', 'space', ' ', true],
  [0x1680, 'ogham space mark', 'space', ' ', true],
  [0x2000, 'en quad', 'space', ' ', true],
  [0x2001, 'em quad', 'space', ' ', true],
  [0x2002, 'en space', 'space', ' ', true],
  [0x2003, 'em space', 'space', ' ', true],
  [0x2004, 'three-per-em space', 'space', ' ', true],
  [0x2005, 'four-per-em space', 'space', ' ', true],
  [0x2006, 'six-per-em space', 'space', ' ', true],
  [0x2007, 'figure space', 'space', ' ', true],
  [0x2008, 'punctuation space', 'space', ' ', true],
  [0x2009, 'thin space', 'space', ' ', true],
  [0x200a, 'hair space', 'space', ' ', true],
  [0x2028, 'line separator', 'space', '\n', true],
  [0x2029, 'paragraph separator', 'space', '\n', true],
  [0x202f, 'narrow no-break space', 'space', ' ', true],
  [0x205f, 'medium mathematical space', 'space', ' ', true],
  [0x3000, 'ideographic space', 'space', ' ', true],
  // Look-alikes of operators and punctuation. Inside text they are ordinary characters ('2019–2020').
  [0x00d7, 'multiplication sign', 'lookalike', '*', false],
  [0x00f7, 'division sign', 'lookalike', '/', false],
  [0x2010, 'hyphen', 'lookalike', '-', false],
  [0x2011, 'non-breaking hyphen', 'lookalike', '-', false],
  [0x2012, 'figure dash', 'lookalike', '-', false],
  [0x2013, 'en dash', 'lookalike', '-', false],
  [0x2014, 'em dash', 'lookalike', '-', false],
  [0x2015, 'horizontal bar', 'lookalike', '-', false],
  [0x2212, 'minus sign', 'lookalike', '-', false],
  [0xfe63, 'small hyphen-minus', 'lookalike', '-', false],
  [0xff08, 'fullwidth left parenthesis', 'lookalike', '(', false],
  [0xff09, 'fullwidth right parenthesis', 'lookalike', ')', false],
  [0xff0a, 'fullwidth asterisk', 'lookalike', '*', false],
  [0xff0b, 'fullwidth plus sign', 'lookalike', '+', false],
  [0xff0c, 'fullwidth comma', 'lookalike', ',', false],
  [0xff0d, 'fullwidth hyphen-minus', 'lookalike', '-', false],
  [0xff0f, 'fullwidth solidus', 'lookalike', '/', false],
  [0xff1c, 'fullwidth less-than sign', 'lookalike', '<', false],
  [0xff1d, 'fullwidth equals sign', 'lookalike', '=', false],
  [0xff1e, 'fullwidth greater-than sign', 'lookalike', '>', false],
];

/** The table, by character. */
export const PASTED_CHARACTERS: ReadonlyMap<string, PastedCharacter> = new Map(
  ROWS.map(([code, name, kind, replacement, inText]) => {
    const char = String.fromCharCode(code);
    return [char, { char, name, kind, replacement, inText }];
  }),
);

/** `U+200B`: how a code point is written in messages. */
export function codePoint(char: string): string {
  return `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `zero-width space (U+200B)`: a character's name and code point. */
export function describePasted(char: string): string {
  const entry = PASTED_CHARACTERS.get(char);
  return `${entry?.name ?? 'character'} (${codePoint(char)})`;
}

const escape = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;

/** A regular-expression class body (no brackets) for a sorted list of code points, ranges merged. */
function classOf(codes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < codes.length; ) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j]! + 1) j++;
    out += j > i ? `${escape(codes[i]!)}-${escape(codes[j]!)}` : escape(codes[i]!);
    i = j + 1;
  }
  return out;
}

/** The class body of `[lo, hi]` without the code points in `holes`. */
function rangeWithout(lo: number, hi: number, holes: ReadonlySet<number>): string {
  let out = '';
  let start = -1;
  for (let c = lo; c <= hi + 1; c++) {
    const inside = c <= hi && !holes.has(c);
    if (inside && start < 0) start = c;
    else if (!inside && start >= 0) {
      out += c - 1 > start ? `${escape(start)}-${escape(c - 1)}` : escape(start);
      start = -1;
    }
  }
  return out;
}

const codesOf = (kinds: readonly PastedKind[]) =>
  [...PASTED_CHARACTERS.values()].filter((e) => kinds.includes(e.kind)).map((e) => e.char.charCodeAt(0)).sort((a, b) => a - b);

/** Class bodies for the lexer's token patterns (tokens.ts). */
export const PASTED_CLASSES = (() => {
  const all = new Set(codesOf(['invisible', 'space', 'lookalike']));
  // Typographic quotes (U+2018–U+201F) have tokens of their own.
  for (let c = 0x2018; c <= 0x201f; c++) all.add(c);
  return {
    /** Non-ASCII characters that may begin or continue a bare word: everything from U+00C0 but the table and quotes. */
    letters: rangeWithout(0xc0, 0xffff, all),
    /** Invisible characters: part of a word they sit in, skipped elsewhere. */
    invisible: classOf(codesOf(['invisible'])),
    /** Invisible characters and spaces: skipped (reported) wherever they stand outside a word. */
    skipped: classOf(codesOf(['invisible', 'space'])),
    lookalikes: classOf(codesOf(['lookalike'])),
  };
})();
