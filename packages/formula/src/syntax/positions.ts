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

  /** The position of an offset, clamped to the text. Line and column are 1-based. */
  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { offset: o, line: lo + 1, column: o - this.lineStarts[lo]! + 1 };
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }
}

/** `line:column` for messages. */
export function formatPosition(p: Position): string {
  return `${p.line}:${p.column}`;
}
