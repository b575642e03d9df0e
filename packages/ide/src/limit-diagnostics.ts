// The diagnostics an editor is sent for one document: all of them up to a cap, then one that counts the rest. Code
// actions (fix-all) still see every diagnostic; only what is shown is capped.
import { TOO_MANY_PROBLEMS, notShownMessage } from '@calckit/lint';
import type { Diagnostic } from './types.js';

/** Diagnostics shown per document: an editor lists them all in its problems view, so a file of garbage (a pasted
 * megabyte of binary gives tens of thousands) would make it crawl. */
export const EDITOR_MAX_PROBLEMS = 1000;

/** The first `max` diagnostics (in the order given: the linter's is by position) and, when some are left out, one
 * more at the first of them, as severe as the worst left out, saying how many. */
export function limitDiagnostics(diagnostics: readonly Diagnostic[], max = EDITOR_MAX_PROBLEMS): readonly Diagnostic[] {
  if (diagnostics.length <= max) return diagnostics;
  const hidden = diagnostics.slice(max);
  const errors = hidden.filter((d) => d.severity === 'error').length;
  return [
    ...diagnostics.slice(0, max),
    {
      span: hidden[0]!.span,
      severity: errors > 0 ? 'error' : 'warning',
      code: TOO_MANY_PROBLEMS,
      message: notShownMessage(errors, hidden.length - errors, max, 'fix the first ones to see the rest'),
      source: 'calckit',
    },
  ];
}
