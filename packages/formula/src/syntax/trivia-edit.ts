// Whether a new text differs from a parsed one only inside one trivia token (a run of whitespace between tokens, or a
// comment), the commonest edits while a formula is laid out or annotated by hand (rust-analyzer reparses such a token
// alone: `reparse_token`). Then the new text has the same tokens and lines, each token after the edit moved by the same
// amount, and so the same tree: whatever was computed from the old parse holds for the new text once its offsets are
// moved (`shiftOffset`), except what covers the edited token (`overlapsGap`), which may quote it, what reads the
// comment's text (lint's directives: the caller's to check), and a syntax error's message that quotes a `line:column`
// on the edited line, whose column moved (then it is no such edit).
import type { IToken } from 'chevrotain';
import { MAX_FORMULA_LENGTH, type ParseResult } from './parse.js';
import { linesQuotedIn } from './positions.js';
import { BlockComment, LineComment, WhiteSpace } from './tokens.js';

export interface TriviaEdit {
  /** The trivia token of the old text that holds the whole edit: [gapStart, gapEnd). Empty when nothing changed. */
  readonly gapStart: number;
  readonly gapEnd: number;
  /** New length minus old length. */
  readonly delta: number;
  /** What the edited token is. */
  readonly kind: 'unchanged' | 'whitespace' | 'comment';
}

/** The edit of a text changed into the same text. */
const UNCHANGED: TriviaEdit = { gapStart: 0, gapEnd: 0, delta: 0, kind: 'unchanged' };

/** Spaces and tabs: what may be typed or deleted between tokens (a line break would move lines). */
const isBlank = (code: number): boolean => code === 0x20 || code === 0x09;
/** Anything but a line break: what may be typed or deleted in a comment (a line break ends a `--` comment). */
const isInLine = (code: number): boolean => code !== 0x0a && code !== 0x0d;

function every(text: string, start: number, end: number, test: (code: number) => boolean): boolean {
  for (let i = start; i < end; i++) if (!test(text.charCodeAt(i))) return false;
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
 * The trivia edit that turns `old.text` into `text`, or undefined when the change is anything else. The changed part,
 * in both texts, holds no line break and lies in one trivia token of the old text:
 * - a whitespace token, after its first character, and is spaces and tabs: that character stays, so the tokens on
 *   both sides stay apart and the one before is not lengthened (a `--` comment takes in the spaces after it, but the
 *   run after a comment starts with its line break; a space typed into a CRLF would make it two line breaks);
 * - a `--` comment, after its `--`;
 * - a `/* … *\/` comment, between its `/*` and its `*\/`, which stays its first `*\/`.
 * Formulas longer than the parser reads are never an edit: their one error depends on the length.
 */
export function triviaEditOf(old: Pick<ParseResult, 'text' | 'trivia' | 'errors' | 'lines'>, text: string): TriviaEdit | undefined {
  const before = old.text;
  if (text === before) return UNCHANGED;
  if (text.length > MAX_FORMULA_LENGTH || before.length > MAX_FORMULA_LENGTH) return undefined;
  const shorter = Math.min(before.length, text.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === text.charCodeAt(start)) start++;
  let common = 0;
  while (common < shorter - start && before.charCodeAt(before.length - 1 - common) === text.charCodeAt(text.length - 1 - common)) common++;
  const oldEnd = before.length - common;
  const token = triviaBefore(old.trivia, start);
  if (token === undefined) return undefined;
  const gapStart = token.startOffset;
  const gapEnd = gapStart + token.image.length;
  const delta = text.length - before.length;
  let kind: TriviaEdit['kind'];
  if (token.tokenType === WhiteSpace) {
    if (oldEnd > gapEnd || !every(before, start, oldEnd, isBlank) || !every(text, start, text.length - common, isBlank)) return undefined;
    if (before.charCodeAt(start - 1) === 0x0d && before.charCodeAt(oldEnd) === 0x0a) return undefined;
    kind = 'whitespace';
  } else if (token.tokenType === LineComment || token.tokenType === BlockComment) {
    const block = token.tokenType === BlockComment;
    if (start < gapStart + 2 || oldEnd > gapEnd - (block ? 2 : 0)) return undefined;
    if (!every(before, start, oldEnd, isInLine) || !every(text, start, text.length - common, isInLine)) return undefined;
    if (block && text.indexOf('*/', gapStart + 2) !== gapEnd + delta - 2) return undefined;
    kind = 'comment';
  } else return undefined;
  if (old.errors.length > 0) {
    const line = old.lines.positionAt(start).line;
    for (const e of old.errors) if (linesQuotedIn(e.message).includes(line)) return undefined;
  }
  return { gapStart, gapEnd, delta, kind };
}

/** Where an offset of the old text is in the new one. Offsets inside the gap have no single answer: see overlapsGap. */
export function shiftOffset(edit: TriviaEdit, offset: number): number {
  return offset <= edit.gapStart ? offset : offset + edit.delta;
}

/** Whether the range [start, end) of the old text covers any of the edited token (an empty range: lies inside it). */
export function overlapsGap(edit: TriviaEdit, start: number, end: number): boolean {
  return start < edit.gapEnd && end > edit.gapStart;
}
