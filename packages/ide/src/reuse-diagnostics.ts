// A version's diagnostics from an earlier version's, when the text changed only inside one run of whitespace between
// tokens or inside one comment (formula's triviaEditOf): the tokens, lines and tree are the same, and lint rules read
// the spaces between tokens only inside what they report (their range, fix and suggestions) and comments only as
// directives: the invariant the RuleTester checks for every rule. So every diagnostic moves with the text, unless one
// covers the edited token or the comment is, or becomes, a directive.
import { isDirectiveComment } from '@calckit/lint';
import { overlapsGap, shiftOffset, triviaEditOf, type ParseResult, type TriviaEdit } from '@calckit/formula';
import type { Diagnostic, Fix, Span, TextEdit } from './types.js';

/** The diagnostics of an earlier text and that text's parse. */
export interface DiagnosedText {
  readonly parse: Pick<ParseResult, 'text' | 'trivia' | 'errors' | 'lines'>;
  readonly diagnostics: readonly Diagnostic[];
}

function spanTouches(edit: TriviaEdit, span: Span): boolean {
  return overlapsGap(edit, span.start, span.end);
}

function fixTouches(edit: TriviaEdit, fix: Fix): boolean {
  for (const e of fix.edits) if (spanTouches(edit, e.span)) return true;
  return false;
}

function touches(edit: TriviaEdit, d: Diagnostic): boolean {
  if (spanTouches(edit, d.span) || (d.fix !== undefined && fixTouches(edit, d.fix))) return true;
  if (d.suggestions !== undefined) for (const s of d.suggestions) if (fixTouches(edit, s)) return true;
  return false;
}

const shiftSpan = (edit: TriviaEdit, span: Span): Span => ({ start: shiftOffset(edit, span.start), end: shiftOffset(edit, span.end) });
const shiftEdit = (edit: TriviaEdit, e: TextEdit): TextEdit => ({ span: shiftSpan(edit, e.span), newText: e.newText });
const shiftFix = (edit: TriviaEdit, fix: Fix): Fix => ({ title: fix.title, edits: fix.edits.map((e) => shiftEdit(edit, e)) });

function shiftDiagnostic(edit: TriviaEdit, d: Diagnostic): Diagnostic {
  // The optional fields only when set, as lint-adapter.ts writes them.
  const moved: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { span: shiftSpan(edit, d.span), severity: d.severity, code: d.code, message: d.message, source: d.source };
  if (d.fix !== undefined) moved.fix = shiftFix(edit, d.fix);
  if (d.suggestions !== undefined) moved.suggestions = d.suggestions.map((s) => shiftFix(edit, s));
  return moved;
}

/**
 * The diagnostics of `text`, made from `earlier` without parsing or linting when `text` differs from its text only by
 * spaces and tabs typed or deleted between two tokens, or by text typed or deleted inside a comment that is no
 * directive before or after, and no diagnostic covers the edited token; otherwise undefined (lint it).
 */
export function diagnosticsAfterTriviaEdit(earlier: DiagnosedText, text: string): Diagnostic[] | undefined {
  const edit = triviaEditOf(earlier.parse, text);
  if (edit === undefined) return undefined;
  if (edit.kind === 'comment' && (isDirectiveComment(earlier.parse.text.slice(edit.gapStart, edit.gapEnd)) || isDirectiveComment(text.slice(edit.gapStart, edit.gapEnd + edit.delta)))) return undefined;
  for (const d of earlier.diagnostics) if (touches(edit, d)) return undefined;
  if (edit.delta === 0) return earlier.diagnostics.slice();
  return earlier.diagnostics.map((d) => shiftDiagnostic(edit, d));
}
