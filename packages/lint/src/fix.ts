// Applying fixes to text: non-overlapping edits, in source order (ESLint's rule: when two fixes overlap, the first wins
// and the other waits for the next pass).
import type { Fix, LintMessage } from './types.js';

export interface FixOutcome {
  readonly output: string;
  /** True when at least one fix was applied. */
  readonly fixed: boolean;
  /** The messages whose fixes were not applied (no fix, or overlapping). */
  readonly remaining: readonly LintMessage[];
}

/** Applies the fixes of `messages` to `text`; fixes that overlap an earlier one are left for another pass. */
export function applyFixes(text: string, messages: readonly LintMessage[]): FixOutcome {
  const withFix = messages.filter((m): m is LintMessage & { fix: Fix } => m.fix !== undefined);
  const remaining: LintMessage[] = messages.filter((m) => m.fix === undefined);
  withFix.sort((a, b) => a.fix.range[0] - b.fix.range[0] || a.fix.range[1] - b.fix.range[1]);
  let out = '';
  let cursor = 0;
  let lastEnd = -1;
  let fixed = false;
  for (const m of withFix) {
    const [start, end] = m.fix.range;
    if (start < lastEnd || start < cursor || end > text.length || start > end) {
      remaining.push(m);
      continue;
    }
    out += text.slice(cursor, start) + m.fix.text;
    cursor = end;
    lastEnd = end;
    fixed = true;
  }
  out += text.slice(cursor);
  return { output: out, fixed, remaining };
}
