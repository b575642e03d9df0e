// Code actions from diagnostics: a quick fix per lint fix or suggestion touching the requested span, and one
// `source.fixAll.calckit` action applying every safe fix that does not overlap an earlier one.
import type { CodeAction, Diagnostic, Span, TextEdit } from './types.js';

export const FIX_ALL_KIND = 'source.fixAll.calckit';

export interface CodeActionRequest {
  readonly span: Span;
  /** Kinds the client asked for (LSP `only`); all when absent. */
  readonly only?: readonly string[];
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
  if (wants(request.only, FIX_ALL_KIND)) {
    const all = fixAll(diagnostics);
    if (all.edits.length > 0) out.push({ title: 'Fix all calckit problems', kind: FIX_ALL_KIND, edits: all.edits, diagnostics: all.indexes });
  }
  return out;
}

/** Every automatic fix, in order, skipping any that overlaps one already taken (a later run picks it up). */
export function fixAll(diagnostics: readonly Diagnostic[]): { edits: TextEdit[]; indexes: number[] } {
  const candidates = diagnostics
    .map((d, i) => ({ d, i }))
    .filter(({ d }) => d.fix && d.fix.edits.length > 0)
    .sort((a, b) => spanOf(a.d.fix!.edits).start - spanOf(b.d.fix!.edits).start);
  const edits: TextEdit[] = [];
  const indexes: number[] = [];
  let end = -1;
  for (const { d, i } of candidates) {
    const s = spanOf(d.fix!.edits);
    if (s.start < end) continue;
    edits.push(...d.fix!.edits);
    indexes.push(i);
    end = s.end;
  }
  return { edits, indexes };
}

function spanOf(edits: readonly TextEdit[]): Span {
  return { start: Math.min(...edits.map((e) => e.span.start)), end: Math.max(...edits.map((e) => e.span.end)) };
}
