// Offsets ↔ line/column conversion for one text (lines split at \n, \r\n and lone \r, as Chevrotain counts them).
import type { Position, Range } from './ast.js';

export class LineIndex {
  private readonly lineStarts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  /**
   * The position of an offset, clamped to the text. Line and column are 1-based. `near` is a 0-based line the offset
   * is likely on or just after: a reader going through the text in order (the parser building ranges) passes the
   * line of its last position, and is answered without a search.
   */
  positionAt(offset: number, near = 0): Position {
    const o = offset < 0 ? 0 : offset > this.text.length ? this.text.length : offset;
    const starts = this.lineStarts;
    let line = near < starts.length ? near : 0;
    if (o < starts[line]! || (line + 1 < starts.length && o >= starts[line + 1]!)) {
      if (line + 1 < starts.length && o >= starts[line + 1]! && (line + 2 === starts.length || o < starts[line + 2]!)) line++;
      else {
        let lo = 0;
        let hi = starts.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (starts[mid]! <= o) lo = mid;
          else hi = mid - 1;
        }
        line = lo;
      }
    }
    return { offset: o, line: line + 1, column: o - starts[line]! + 1 };
  }

  /**
   * The position of `offset`, at or after `from` (a position of this text), when both are on one line: made from `from`
   * without a search. Otherwise, as positionAt.
   */
  positionAfter(from: Position, offset: number): Position {
    const next = this.lineStarts[from.line];
    if (offset >= from.offset && offset <= this.text.length && (next === undefined || offset < next)) {
      return { offset, line: from.line, column: from.column + (offset - from.offset) };
    }
    return this.positionAt(offset, from.line - 1);
  }

  /** The range `[start, end)`; `near` as for positionAt. */
  rangeOf(start: number, end: number, near = 0): Range {
    const from = this.positionAt(start, near);
    return { start: from, end: this.positionAt(end, from.line - 1) };
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }
}

/** The lines of the empty text: what a reader of texts holds between two, so that it keeps none of the last. */
export const NO_LINES = new LineIndex('');

/** `line:column` for messages. */
export function formatPosition(p: Position): string {
  return `${p.line}:${p.column}`;
}

/** The lines of the positions a message may quote (formatPosition's `line:column`; other text that looks so too). */
export function linesQuotedIn(message: string): number[] {
  const lines: number[] = [];
  for (const m of message.matchAll(/(\d+):\d+/g)) lines.push(Number(m[1]));
  return lines;
}
