// Function names split by a hyphen or a space (`STR_TO-DATE(`, `DATE FORMAT(`, `DATE_ FORMAT(`) and `COUNT DISTINCT(`:
// found on the tokens, so that the analysis and the linter name the function meant instead of what the parser saw
// (`STR_TO - DATE(…)`, a subtraction, whose DATE "takes 1 argument"), syntax error or not.
import type { IToken } from 'chevrotain';
import { CONTEXTUAL_KEYWORDS, Distinct, LParen, Minus, RESERVED_KEYWORDS, Word } from '../syntax/tokens.js';
import { lookupFunction } from './lookup.js';

export interface SplitFunctionName {
  /** `split`: words that join into a function's name; `distinct`: `COUNT DISTINCT(` for `COUNT(DISTINCT `. */
  readonly kind: 'split' | 'distinct';
  /** Offsets of the text to replace: the name's words (`split`), or the name to the `(` included (`distinct`). */
  readonly start: number;
  readonly end: number;
  /** The text as written. */
  readonly written: string;
  /** The catalogue function meant. */
  readonly name: string;
  /** The text that replaces `[start, end)`, in the writer's letter case. */
  readonly replacement: string;
  /** How the name was split, for messages: "a hyphen for '_'", "a space inside its name", … */
  readonly how: string;
  /** Offset of the last word: where the parser saw a call (to a wrong function) when it saw one. */
  readonly callStart: number;
}

/** Words joined at most: the longest catalogue names have four parts (`HLL_SKETCH_MERGE_PARTIAL`). */
const MAX_WORDS = 4;
/** What each token type is, by its index (`tokenTypeIdx`): every parenthesis of every formula is looked at, and most
 * are passed over at once, so the questions are one array read each. */
const RESERVED = 1;
const KEYWORD = 2;
const WORD = 4;
const TYPE_FLAGS = new Uint8Array(Math.max(Word.tokenTypeIdx!, ...[...RESERVED_KEYWORDS, ...CONTEXTUAL_KEYWORDS].map((t) => t.tokenTypeIdx!)) + 1);
TYPE_FLAGS[Word.tokenTypeIdx!] = WORD;
for (const t of CONTEXTUAL_KEYWORDS) TYPE_FLAGS[t.tokenTypeIdx!] = WORD | KEYWORD;
for (const t of RESERVED_KEYWORDS) TYPE_FLAGS[t.tokenTypeIdx!] = WORD | KEYWORD | RESERVED;
/** Whether the token has `flag` (an index past the table's end reads as undefined: no flag). */
const has = (t: IToken, flag: number): boolean => ((TYPE_FLAGS[t.tokenTypeIdx] ?? 0) & flag) !== 0;

const isWord = (t: IToken): boolean => has(t, WORD);

/** Only spaces or tabs (or nothing) in `text[from, to)`: a line break or a comment ends a name. */
function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09) return false;
  }
  return true;
}

/** A space between words is one or more spaces or tabs. */
const isSpace = (text: string, from: number, to: number): boolean => from < to && isBlank(text, from, to);

/** Is `t`, a word of a name whose words end with `right`, a keyword (reserved or contextual; a reserved one)? DISTINCT
 * may end a split name, where it is no keyword: `APPROXIMATE COUNT DISTINCT(` is APPROXIMATE_COUNT_DISTINCT. */
const endsWithDistinct = (t: IToken, right: IToken): boolean => t === right && t.tokenType === Distinct;
const isKeywordBefore = (t: IToken, right: IToken): boolean => has(t, KEYWORD) && !endsWithDistinct(t, right);
const isReservedBefore = (t: IToken, right: IToken): boolean => has(t, RESERVED) && !endsWithDistinct(t, right);

type Gap = '-' | ' ';

/** The token's end offset (tokens carry their start and image). */
const endOf = (t: IToken): number => t.startOffset + t.image.length;

/**
 * The word before `tokens[at]` (a word) and the separator between them, or undefined when they cannot be parts of
 * one name: a hyphen token touching both words, or spaces. A keyword is never part of a name split by a space
 * (`THEN DATE(`, `ADD DATE(` in FIXED), nor a reserved one (`END-DATE(`) split by a hyphen.
 */
function wordBefore(text: string, tokens: readonly IToken[], at: number): { index: number; gap: Gap } | undefined {
  const right = tokens[at]!;
  const prev = tokens[at - 1];
  if (!prev) return undefined;
  if (prev.tokenType === Minus && endOf(prev) === right.startOffset) {
    const left = tokens[at - 2];
    if (!left || !isWord(left) || endOf(left) !== prev.startOffset || isReservedBefore(left, right) || isReservedBefore(right, right)) return undefined;
    return { index: at - 2, gap: '-' };
  }
  if (isWord(prev) && !isKeywordBefore(prev, right) && !isKeywordBefore(right, right) && isSpace(text, endOf(prev), right.startOffset)) return { index: at - 1, gap: ' ' };
  return undefined;
}

/** Every way of joining the words (each gap with `_` or nothing) that names a catalogue function, longest run first. */
function matchRun(text: string, words: readonly IToken[], gaps: readonly Gap[]): SplitFunctionName | undefined {
  for (let first = 0; first < words.length - 1; first++) {
    const parts = words.slice(first);
    const seps = gaps.slice(first);
    for (let mask = 0; mask < 1 << seps.length; mask++) {
      // Bit set: the gap stood for `_`; clear: the gap split the name where it has nothing.
      const joiners = seps.map((_, i) => ((mask >> i) & 1 ? '_' : ''));
      const replacement = parts.map((w, i) => (i === 0 ? '' : joiners[i - 1]) + w.image).join('');
      const entry = lookupFunction(replacement);
      if (!entry) continue;
      const hows = new Set(seps.map((g, i) => `a ${g === '-' ? 'hyphen' : 'space'} ${joiners[i] ? "for '_'" : 'inside its name'}`));
      const start = parts[0]!.startOffset;
      const end = endOf(parts[parts.length - 1]!);
      return { kind: 'split', start, end, written: text.slice(start, end), name: entry.name, replacement, how: [...hows].join(' and '), callStart: parts[parts.length - 1]!.startOffset };
    }
  }
  return undefined;
}

/** `COUNT DISTINCT(` (and any function taking DISTINCT): DISTINCT belongs inside the parentheses. */
function distinctOutside(text: string, tokens: readonly IToken[], paren: number): SplitFunctionName | undefined {
  const distinct = tokens[paren - 1];
  const fn = tokens[paren - 2];
  if (!distinct || !fn || distinct.tokenType !== Distinct || fn.tokenType !== Word) return undefined;
  const entry = lookupFunction(fn.image);
  if (!entry?.distinct || !isSpace(text, endOf(fn), distinct.startOffset)) return undefined;
  if (!isBlank(text, endOf(distinct), tokens[paren]!.startOffset)) return undefined;
  const end = endOf(tokens[paren]!);
  return {
    kind: 'distinct',
    start: fn.startOffset,
    end,
    written: text.slice(fn.startOffset, end),
    name: entry.name,
    replacement: `${fn.image}(${distinct.image} `,
    how: 'DISTINCT outside its parentheses',
    callStart: distinct.startOffset,
  };
}

/** The split function names of a formula's tokens (no trivia), in order. */
export function findSplitFunctionNames(text: string, tokens: readonly IToken[]): SplitFunctionName[] {
  const found: SplitFunctionName[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const paren = tokens[i]!;
    if (paren.tokenType !== LParen) continue;
    const last = tokens[i - 1]!;
    // Most calls stop here: a word or a hyphen must stand before the last word (`SUM(` after `(` or `,` has none), or
    // DISTINCT be the last word.
    const beforeLast = tokens[i - 2];
    if (!beforeLast || (last.tokenType !== Distinct && beforeLast.tokenType !== Minus && !isWord(beforeLast))) continue;
    if (!isWord(last) || !isBlank(text, endOf(last), paren.startOffset)) continue;
    const distinct = distinctOutside(text, tokens, i);
    // Then most stop here: the word before is a keyword (`WHEN SUM(`), or the hyphen is an operator (`a - SUM(`).
    const joined = wordBefore(text, tokens, i - 1);
    if (!joined && !distinct) continue;
    // The words before the parenthesis, last first, while each gap is a hyphen or spaces.
    const words: IToken[] = [last];
    const gaps: Gap[] = [];
    for (let before = joined; before; ) {
      words.unshift(tokens[before.index]!);
      gaps.unshift(before.gap);
      before = words.length < MAX_WORDS ? wordBefore(text, tokens, before.index) : undefined;
    }
    const match = words.length >= 2 ? matchRun(text, words, gaps) : undefined;
    if (match ?? distinct) found.push((match ?? distinct)!);
  }
  return found;
}
