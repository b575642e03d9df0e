// Code actions from diagnostics: a quick fix per lint fix or suggestion touching the requested span, and one
// `source.fixAll.calckit` action applying every automatic fix as `calckit lint --fix` does (fixAllEdits: lint's own
// fix passes, so fixes that overlap are all applied, one pass after another).
import type { IdeDocument } from './document.js';
import { fixedText } from './lint-adapter.js';
import { minimalEdits } from './text-edits.js';
import type { CodeAction, Diagnostic, IdeSettings, Span, TextEdit } from './types.js';

export const FIX_ALL_KIND = 'source.fixAll.calckit';

export interface CodeActionRequest {
  readonly span: Span;
  /** Kinds the client asked for (LSP `only`); all when absent. */
  readonly only?: readonly string[];
  /** The fix-all's edits (fixAllEdits of the document), asked only when a fix-all is wanted and a problem has a fix. */
  readonly fixAll?: () => readonly TextEdit[];
}

const overlaps = (a: Span, b: Span): boolean => a.start <= b.end && b.start <= a.end;

function wants(only: readonly string[] | undefined, kind: string): boolean {
  return !only || only.some((o) => kind === o || kind.startsWith(`${o}.`));
}

export function codeActions(diagnostics: readonly Diagnostic[], request: CodeActionRequest): CodeAction[] {
  const out: CodeAction[] = [];
  if (wants(request.only, 'quickfix')) {
    diagnostics.forEach((d, i) => {
      if (!overlaps(d.span, request.span)) return;
      if (d.fix) out.push({ title: d.fix.title, kind: 'quickfix', edits: d.fix.edits, diagnostics: [i], preferred: true });
      for (const s of d.suggestions ?? []) out.push({ title: s.title, kind: 'quickfix', edits: s.edits, diagnostics: [i] });
    });
  }
  if (request.fixAll && wants(request.only, FIX_ALL_KIND)) {
    const fixable = diagnostics.flatMap((d, i) => (d.fix && d.fix.edits.length > 0 ? [i] : []));
    const edits = fixable.length > 0 ? request.fixAll() : [];
    if (edits.length > 0) out.push({ title: 'Fix all calckit problems', kind: FIX_ALL_KIND, edits, diagnostics: fixable });
  }
  return out;
}

/** The edits that turn the document into its text after every automatic fix (lint-adapter's fixedText): one edit over
 * what changed, nothing when nothing does. */
export function fixAllEdits(doc: IdeDocument, settings: IdeSettings): TextEdit[] {
  return minimalEdits(doc.text, fixedText(doc, settings));
}
