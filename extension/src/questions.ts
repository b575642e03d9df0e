// The push's questions to the user: their words and the order of their buttons. VS Code's modal dialog focuses its
// first button (Enter or a Space typed next presses it) and adds Cancel last (Escape): the first button of a question
// must never send anything. Pure, so the order is tested without VS Code.
import type { ConflictChoice, LintChoice, LintFinding } from './types.js';

export const SHOW_PROBLEMS = 'Show Problems';
export const PUSH_ANYWAY = 'Push Anyway';
export const COMPARE = 'Compare';
export const OVERWRITE = 'Overwrite';

/** "The formula has errors": Show Problems (the default: opens the Problems panel, pushes nothing), Push Anyway. */
export const LINT_BUTTONS = [SHOW_PROBLEMS, PUSH_ANYWAY] as const;
/** "The service holds someone's change": Compare (the default: opens the diff, pushes nothing), Overwrite. */
export const CONFLICT_BUTTONS = [COMPARE, OVERWRITE] as const;

export function lintQuestion(file: string, errors: readonly LintFinding[]): string {
  const first = errors[0];
  const where = first ? ` (line ${first.line}, column ${first.column}: ${first.message})` : '';
  return `${file} has ${errors.length} error${errors.length === 1 ? '' : 's'}${where}. The service may reject it or store it as INVALID.`;
}

/** The answer to the lint question from the button pressed (undefined: Cancel, Escape or closed). */
export function lintAnswer(button: string | undefined): LintChoice | 'show-problems' {
  return button === PUSH_ANYWAY ? 'push-anyway' : button === SHOW_PROBLEMS ? 'show-problems' : 'cancel';
}

export function conflictAnswer(button: string | undefined): ConflictChoice {
  return button === COMPARE ? 'compare' : button === OVERWRITE ? 'overwrite' : 'cancel';
}
