// Selection ranges ("expand selection"): the token under the cursor, then each enclosing node out to the formula.
import { nodePathAt } from '@calckit/formula';
import { tokenEnd, tokenIndexAt } from './cursor.js';
import type { IdeDocument } from './document.js';
import type { Span } from './types.js';

/** Innermost first; each span contains the previous one. */
export function selectionRanges(doc: IdeDocument, offset: number): Span[] {
  const spans: Span[] = [];
  const push = (s: Span) => {
    const last = spans[spans.length - 1];
    if (last && last.start === s.start && last.end === s.end) return;
    if (last && (s.start > last.start || s.end < last.end)) return; // keep the chain nested
    spans.push(s);
  };
  const i = tokenIndexAt(doc.parse.tokens, offset);
  const token = doc.parse.tokens[i] ?? doc.parse.tokens.find((t) => t.startOffset === offset);
  if (token) push({ start: token.startOffset, end: tokenEnd(token) });
  const path = nodePathAt(doc.parse.formula, offset);
  for (let k = path.length - 1; k >= 0; k--) {
    const r = path[k]!.range;
    push({ start: r.start.offset, end: r.end.offset });
  }
  const whole = { start: 0, end: doc.text.length };
  push(whole);
  if (spans.length === 0) spans.push({ start: offset, end: offset });
  return spans;
}
