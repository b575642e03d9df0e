// Bounds on one file's result, so that one file of garbage (a megabyte of random text gives ~50,000 problems, some
// quoting long runs of it) cannot flood a report, a terminal or a CI log: at most `maxProblems` messages per file, then
// one note saying how many more there are; messages cut to MAX_MESSAGE_LENGTH characters. Counts stay the real totals,
// so the summary, --max-warnings and the exit code do not depend on the cap. Pure.
import type { LintMessage, LintResult } from './types.js';

/** The id of the note that ends a file's capped messages (not a rule: json prints `ruleId: null`). */
export const TOO_MANY_PROBLEMS = 'too-many-problems';
/** The id of the fatal message of a file whose lint failed with an internal error (a bug in calckit). */
export const INTERNAL_ERROR = 'internal-error';
/** Problems shown per file unless told otherwise (`calckit lint --max-problems-per-file`). */
export const DEFAULT_MAX_PROBLEMS = 100;
/** The longest message kept whole; a longer one keeps its start and its end. */
export const MAX_MESSAGE_LENGTH = 1000;
const HEAD = 700;
const TAIL = 200;

/** Whether a message is the note on problems not shown (reporters show it without a rule or a code frame). */
export const isNote = (m: LintMessage): boolean => m.ruleId === TOO_MANY_PROBLEMS;

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** A cut that does not split a surrogate pair. */
function safeCut(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index - 1 : index;
}

/** `text` when short, else its start and end around `… (N characters not shown) …`. */
export function shortenMessage(text: string, max = MAX_MESSAGE_LENGTH): string {
  if (text.length <= max) return text;
  const head = safeCut(text, Math.min(HEAD, max));
  const tail = safeCut(text, text.length - Math.min(TAIL, max - head));
  return `${text.slice(0, head)} … (${(tail - head).toLocaleString('en-US')} characters not shown) … ${text.slice(tail)}`;
}

/** The text of the note on problems left out: "N more problems not shown (E errors, W warnings): at most M are shown
 * per file; <hint>". Shared by every place that caps problems (lint results, the editor's diagnostics). */
export function notShownMessage(errors: number, warnings: number, max: number, hint?: string): string {
  const kinds = [errors > 0 ? plural(errors, 'error') : '', warnings > 0 ? plural(warnings, 'warning') : ''].filter(Boolean).join(', ');
  return `${plural(errors + warnings, 'more problem')} not shown (${kinds}): at most ${max.toLocaleString('en-US')} are shown per file${hint ? `; ${hint}` : ''}`;
}

export interface ProblemLimits {
  /** Messages shown per file (default 100); 0 shows them all. */
  readonly maxProblems?: number;
  /** Said after the note's count, e.g. how to see more. */
  readonly hint?: string;
}

/**
 * The result with at most `maxProblems` messages (the first ones, in position order) and, when some were left out, one
 * more: a note (`too-many-problems`, as severe as the worst message left out) at the first one left out. Long messages
 * are shortened (shortenMessage). The counts are left as they were: they count every problem.
 */
export function limitProblems<T extends LintResult>(result: T, limits: ProblemLimits = {}): T {
  const max = limits.maxProblems ?? DEFAULT_MAX_PROBLEMS;
  const over = max > 0 && result.messages.length > max;
  const long = result.messages.some((m) => m.message.length > MAX_MESSAGE_LENGTH);
  if (!over && !long) return result;
  const shown = over ? result.messages.slice(0, max) : result.messages;
  const messages: LintMessage[] = shown.map((m) => (m.message.length > MAX_MESSAGE_LENGTH ? { ...m, message: shortenMessage(m.message) } : m));
  if (over) {
    const hidden = result.messages.slice(max);
    const errors = hidden.filter((m) => m.severity === 'error').length;
    messages.push({
      ruleId: TOO_MANY_PROBLEMS,
      severity: errors > 0 ? 'error' : 'warn',
      message: notShownMessage(errors, hidden.length - errors, max, limits.hint),
      range: hidden[0]!.range,
    });
  }
  return { ...result, messages };
}
