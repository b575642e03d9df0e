// Code frames: the lines around a problem with a gutter, a `>` on the problem's line and carets under its range.
// Control characters are shown as escapes (escape.ts) and the carets are placed by display width (string-width: a CJK
// character or an emoji takes two columns, a combining mark none), so they stay under the right characters; a long
// line shows a window of 160 display columns from a little before the problem (`…` marks what is cut), so a problem
// at column 500,000 of a one-line file costs 160 columns, not half a megabyte of spaces.
import type { Range } from '@calckit/formula';
import stringWidth from 'string-width';
import type { Palette } from './colors.js';
import { escapeChar, isUnsafe } from './escape.js';

const CONTEXT_LINES = 1;
const MAX_LINE = 160;
/** Columns of a long line shown before the problem. */
const LEAD = 40;

/** The lines of a source as code frames index them (split once per file by the caller: see stylish). */
export const splitLines = (source: string): string[] => source.split(/\r\n|\r|\n/);

const shownAs = (c: string): string => (c === '\t' ? ' ' : isUnsafe(c) ? escapeChar(c) : c);

/** The code point at `i` (a surrogate pair whole, a lone surrogate alone). */
const charAt = (line: string, i: number): string => (line.codePointAt(i)! > 0xffff ? line.slice(i, i + 2) : line[i]!);

/**
 * One line shown from source offset `from`, at most MAX_LINE display columns: escapes, `…` where it is cut, and for
 * every source offset shown, where its text starts in the shown text (a surrogate pair's two offsets at the same place).
 */
function display(line: string, from: number): { text: string; offsets: number[] } {
  let text = from > 0 ? '…' : '';
  const offsets: number[] = [];
  let columns = 0;
  let i = from;
  while (i < line.length) {
    const c = charAt(line, i);
    const shown = shownAs(c);
    columns += stringWidth(shown);
    if (columns > MAX_LINE) break;
    for (let k = 0; k < c.length; k++) offsets.push(text.length);
    text += shown;
    i += c.length;
  }
  offsets.push(text.length);
  if (i < line.length) text += '…';
  return { text, offsets };
}

/** Where a long line's window starts: LEAD display columns before the problem, or 0 when the whole line fits. */
function windowStart(line: string, index: number): number {
  if (line.length <= MAX_LINE * 2) {
    let width = 0;
    for (let i = 0; i < line.length && width <= MAX_LINE; i += charAt(line, i).length) width += stringWidth(shownAs(charAt(line, i)));
    if (width <= MAX_LINE) return 0;
  }
  let k = index;
  for (let width = 0; k > 0; ) {
    const pair = k > 1 && line.codePointAt(k - 2)! > 0xffff;
    width += stringWidth(shownAs(pair ? line.slice(k - 2, k) : line[k - 1]!));
    if (width > LEAD) break;
    k -= pair ? 2 : 1;
  }
  return cutAt(line, k);
}

/** Moves a cut off the middle of a surrogate pair. */
function cutAt(line: string, index: number): number {
  const code = line.charCodeAt(index);
  return index > 0 && index < line.length && code >= 0xdc00 && code <= 0xdfff ? index - 1 : index;
}

/** The frame of `range` in `source` (its text, or its lines from splitLines). */
export function codeFrame(source: string | readonly string[], range: Range, colors: Palette, severityColor: (s: string) => string): string {
  const lines = typeof source === 'string' ? splitLines(source) : source;
  const line = range.start.line;
  const first = Math.max(1, line - CONTEXT_LINES);
  const last = Math.min(lines.length, Math.max(line, range.end.line) + CONTEXT_LINES);
  const width = String(last).length;
  const problemLine = lines[line - 1] ?? '';
  const startIndex = Math.min(Math.max(0, range.start.column - 1), problemLine.length);
  // One window of columns for every line of the frame, so that they stay aligned.
  const from = windowStart(problemLine, startIndex);
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const text = lines[n - 1] ?? '';
    const shown = from < text.length ? display(text, from) : { text: from > 0 && text.length > 0 ? '…' : '', offsets: [0] };
    const marker = n === line ? severityColor('>') : ' ';
    out.push(`${marker} ${colors.dim(`${String(n).padStart(width)} |`)}${shown.text ? ` ${shown.text}` : ''}`);
    if (n === line) {
      // A range that goes on to later lines is underlined to the end of this one.
      const endIndex = Math.max(range.end.line === line ? range.end.column - 1 : text.length, startIndex + 1);
      const at = (index: number): number => {
        if (index < from) return shown.offsets[0]!;
        const k = index - from;
        // Past the window (or the line's end): one column per character beyond the last one shown.
        return k < shown.offsets.length ? shown.offsets[k]! : shown.offsets[shown.offsets.length - 1]! + (k - shown.offsets.length + 1);
      };
      // Columns on screen: the display width of the shown text before an offset (past its end, one per character).
      const shownWidth = stringWidth(shown.text);
      const column = (u: number): number => (u <= shown.text.length ? stringWidth(shown.text.slice(0, u)) : shownWidth + u - shown.text.length);
      const start = column(at(startIndex));
      const end = Math.min(column(at(endIndex)), shownWidth + 1);
      const carets = '^'.repeat(Math.max(1, end - start));
      out.push(`  ${colors.dim(`${' '.repeat(width)} |`)} ${' '.repeat(start)}${severityColor(carets)}`);
    }
  }
  return out.join('\n');
}
