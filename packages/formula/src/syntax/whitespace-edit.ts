// Whether a new text differs from a parsed one only inside one run of whitespace between tokens, the commonest edit
// while a formula is laid out by hand (rust-analyzer reparses such a token alone, `reparse_token`). Then the new text
// has the same tokens, comments and lines, each token after the run moved by the same amount, and so the same tree:
// whatever was computed from the old parse holds for the new text once its offsets are moved (`shiftOffset`), except
// what covers the run itself (`overlapsGap`), which may quote the spaces, and a syntax error's message that quotes a
// `line:column` on the edited line, whose column moved (then it is no such edit).
import type { IToken } from 'chevrotain';
import { MAX_FORMULA_LENGTH, type ParseResult } from './parse.js';
import { linesQuotedIn } from './positions.js';
import { WhiteSpace } from './tokens.js';

export interface WhitespaceEdit {
  /** The run of whitespace in the old text that holds the whole edit: [gapStart, gapEnd). Empty when nothing changed. */
  readonly gapStart: number;
  readonly gapEnd: number;
  /** New length minus old length. */
  readonly delta: number;
}

/** The edit of a text changed into the same text. */
const UNCHANGED: WhitespaceEdit = { gapStart: 0, gapEnd: 0, delta: 0 };

/** Spaces and tabs: what may be typed or deleted. A line break would move lines, and line-based directives with them. */
const isBlank = (code: number): boolean => code === 0x20 || code === 0x09;

function allBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isBlank(text.charCodeAt(i))) return false;
  return true;
}

/** The last trivia token that starts before `offset`, or undefined. */
function triviaBefore(trivia: readonly IToken[], offset: number): IToken | undefined {
  let low = 0;
  let high = trivia.length - 1;
  let found: IToken | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const token = trivia[middle]!;
    if (token.startOffset < offset) {
      found = token;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * The whitespace edit that turns `old.text` into `text`, or undefined when the change is anything else: the changed
 * part, in both texts, is spaces and tabs only, inside one whitespace token of the old text and after its first
 * character. That character stays, so the tokens on both sides stay apart and the one before is not lengthened (a `--`
 * comment takes in the spaces after it, but the run after a comment starts with its line break). Formulas longer
 * than the parser reads are never an edit: their one error depends on the length.
 */
export function whitespaceEditOf(old: Pick<ParseResult, 'text' | 'trivia' | 'errors' | 'lines'>, text: string): WhitespaceEdit | undefined {
  const before = old.text;
  if (text === before) return UNCHANGED;
  if (text.length > MAX_FORMULA_LENGTH || before.length > MAX_FORMULA_LENGTH) return undefined;
  const shorter = Math.min(before.length, text.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === text.charCodeAt(start)) start++;
  let common = 0;
  while (common < shorter - start && before.charCodeAt(before.length - 1 - common) === text.charCodeAt(text.length - 1 - common)) common++;
  const oldEnd = before.length - common;
  if (!allBlank(before, start, oldEnd) || !allBlank(text, start, text.length - common)) return undefined;
  const gap = triviaBefore(old.trivia, start);
  if (gap === undefined || gap.tokenType !== WhiteSpace) return undefined;
  const gapEnd = gap.startOffset + gap.image.length;
  if (oldEnd > gapEnd) return undefined;
  // A space typed between the two characters of a CRLF would make it two line breaks.
  if (before.charCodeAt(start - 1) === 0x0d && before.charCodeAt(oldEnd) === 0x0a) return undefined;
  if (old.errors.length > 0) {
    const line = old.lines.positionAt(start).line;
    for (const e of old.errors) if (linesQuotedIn(e.message).includes(line)) return undefined;
  }
  return { gapStart: gap.startOffset, gapEnd, delta: text.length - before.length };
}

/** Where an offset of the old text is in the new one. Offsets inside the gap have no single answer: see overlapsGap. */
export function shiftOffset(edit: WhitespaceEdit, offset: number): number {
  return offset <= edit.gapStart ? offset : offset + edit.delta;
}

/** Whether the range [start, end) of the old text covers any of the gap (an empty range: lies inside it). */
export function overlapsGap(edit: WhitespaceEdit, start: number, end: number): boolean {
  return start < edit.gapEnd && end > edit.gapStart;
}
