// Folding ranges: CASE expressions, parenthesised lists (calls, groups, windows) and comments that span lines.
import { walk } from '@calckit/formula';
import { kindOf, tokenEnd } from './cursor.js';
import type { IdeDocument } from './document.js';
import type { FoldingRange } from './types.js';

export function foldingRanges(doc: IdeDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  const lines = doc.parse.lines;
  const multiline = (start: number, end: number) => lines.positionAt(start).line < lines.positionAt(end).line;
  const add = (start: number, end: number, kind?: 'comment') => {
    if (multiline(start, end)) out.push({ span: { start, end }, ...(kind ? { kind } : {}) });
  };
  walk(doc.parse.formula, {
    enter(node) {
      if (node.kind === 'Case') add(node.range.start.offset, node.range.end.offset);
      else if (node.kind === 'Paren') add(node.range.start.offset, node.range.end.offset);
      else if (node.kind === 'Call' && node.argsRange) add(node.argsRange.start.offset, node.argsRange.end.offset);
      else if (node.kind === 'Window') add(node.range.start.offset, node.range.end.offset);
    },
  });
  // Block comments fold alone; runs of line comments on consecutive lines fold together.
  let run: { start: number; end: number; line: number } | undefined;
  const flush = () => {
    if (run) add(run.start, run.end, 'comment');
    run = undefined;
  };
  for (const t of doc.parse.trivia) {
    const kind = kindOf(t);
    if (kind === 'WhiteSpace') continue;
    if (kind === 'LineComment') {
      const line = lines.positionAt(t.startOffset).line;
      if (run && line === run.line + 1) run = { start: run.start, end: tokenEnd(t), line };
      else {
        flush();
        run = { start: t.startOffset, end: tokenEnd(t), line };
      }
      continue;
    }
    flush();
    add(t.startOffset, tokenEnd(t), 'comment');
  }
  flush();
  return out.sort((a, b) => a.span.start - b.span.start);
}
