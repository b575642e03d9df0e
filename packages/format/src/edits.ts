// Minimal text edits from a formula to its formatted text, and range formatting for the language server: the edits
// touch only the whitespace and case that changed, so an editor keeps its cursor and a range keeps its neighbours.
import { lex, type ParseResult } from '@calckit/formula';
import { formatText, type FormatResult } from './format.js';
import type { FormatOptions } from './options.js';

/** Replace `[start, end)` (UTF-16 offsets in the original text) with `newText`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

interface Item {
  readonly start: number;
  readonly end: number;
  readonly image: string;
}

/** Tokens and comments in source order: what formatting keeps, apart from case and a comment's trailing blanks. */
function items(text: string): Item[] {
  const { tokens, trivia } = lex(text);
  const all = [...tokens, ...trivia.filter((t) => t.tokenType.name !== 'WhiteSpace')].map((t) => ({
    start: t.startOffset,
    end: t.startOffset + t.image.length,
    image: t.image,
  }));
  return all.sort((a, b) => a.start - b.start);
}

const sameItem = (a: Item, b: Item): boolean => a.image.trimEnd().toUpperCase() === b.image.trimEnd().toUpperCase();

/** One edit covering the differing middle of two texts (common prefix and suffix left alone). */
function wholeEdit(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return [{ start: prefix, end: before.length - suffix, newText: after.slice(prefix, after.length - suffix) }];
}

/** The edits that turn `before` into `after`, aligned on tokens and comments when both have the same sequence. */
export function diffEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const a = items(before);
  const b = items(after);
  if (a.length !== b.length || a.some((item, i) => !sameItem(item, b[i]!))) return wholeEdit(before, after);
  const edits: TextEdit[] = [];
  const push = (start: number, end: number, newText: string): void => {
    if (before.slice(start, end) === newText) return;
    const last = edits[edits.length - 1];
    if (last && last.end === start) edits[edits.length - 1] = { start: last.start, end, newText: last.newText + newText };
    else edits.push({ start, end, newText });
  };
  for (let i = 0; i <= a.length; i++) {
    const gapStart = i === 0 ? 0 : a[i - 1]!.end;
    const gapEnd = i === a.length ? before.length : a[i]!.start;
    const newStart = i === 0 ? 0 : b[i - 1]!.end;
    const newEnd = i === b.length ? after.length : b[i]!.start;
    push(gapStart, gapEnd, after.slice(newStart, newEnd));
    if (i < a.length) push(a[i]!.start, a[i]!.end, b[i]!.image);
  }
  return edits;
}

/** Formats the whole text and returns the result with the edits that apply it. */
export function formatEdits(text: string, options: FormatOptions = {}, parsed?: ParseResult): { result: FormatResult; edits: TextEdit[] } {
  const result = formatText(text, options, parsed);
  return { result, edits: result.changed ? diffEdits(text, result.text) : [] };
}

/**
 * Range formatting: the whole formula is formatted (layout depends on the whole expression) and only the edits
 * that touch `range` are returned. No edits when the formula has syntax errors.
 */
export function formatRange(text: string, range: OffsetRange, options: FormatOptions = {}, parsed?: ParseResult): TextEdit[] {
  return formatEdits(text, options, parsed).edits.filter((e) => e.start <= range.end && e.end >= range.start);
}

/** Applies non-overlapping edits (in any order) to a text. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  // Pieces joined once: slicing the whole text again per edit is quadratic for the 100,000 edits of a long formula.
  const pieces: string[] = [];
  let at = 0;
  for (const e of [...edits].sort((x, y) => x.start - y.start)) {
    pieces.push(text.slice(at, e.start), e.newText);
    at = e.end;
  }
  pieces.push(text.slice(at));
  return pieces.join('');
}
