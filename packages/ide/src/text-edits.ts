// Turning a rewritten text into edits: one edit covering only what changed (common prefix and suffix kept), so the
// editor keeps the cursor and undo history tidy.
import type { TextEdit } from './types.js';

export function minimalEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  // Never split a surrogate pair.
  if (start > 0 && isHigh(before.charCodeAt(start - 1))) start--;
  if (endBefore < before.length && isLow(before.charCodeAt(endBefore))) {
    endBefore++;
    endAfter++;
  }
  return [{ span: { start, end: endBefore }, newText: after.slice(start, endAfter) }];
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** `text` with non-overlapping edits applied (in any order); every byte outside their spans is kept. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.span.start - b.span.start);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    out += text.slice(at, edit.span.start) + edit.newText;
    at = edit.span.end;
  }
  return out + text.slice(at);
}
